// Only this file sees the configure-time definitions, so a changed source hash rebuilds one file.
#include "core/identity.hpp"

#include "core/bundle.hpp"
#include "core/host.hpp"
#include "core/probe.hpp"
#include "cpu/cpu_probes.hpp"
#include "gpu/gpu_identity.hpp"
#include "probe_build_info.hpp"

namespace gpuguide::probes {

std::string probe_version() {
    return GPUGUIDE_PROBE_VERSION;
}
std::string probe_source_hash() {
    return GPUGUIDE_PROBE_SOURCE_HASH;
}

std::string compiler_description() {
    std::string text = GPUGUIDE_PROBE_CXX_COMPILER;
    std::string cuda = GPUGUIDE_PROBE_CUDA_COMPILER;
    if (!cuda.empty())
        text += "; " + cuda;
    return text;
}

nlohmann::json machine_identity() {
    GpuIdentity gpu = gpu_identity();
    nlohmann::json identity = to_json(gpu);
    identity["probe_version"] = probe_version();
    identity["source_hash"] = probe_source_hash();
    identity["compiler"] = compiler_description();
    identity["flags"] = GPUGUIDE_PROBE_FLAGS;
    identity["host"] = host_name();
    identity["cpu"] = cpu_model_name();
    identity["gpu_usable"] = gpu.usable;
    identity["gpu_reason"] = gpu.usable ? nlohmann::json(nullptr) : nlohmann::json(gpu.reason);
    if (nlohmann::json choice = bundle::provenance_entry(); !choice.is_null())
        identity["bundle"] = std::move(choice);
    nlohmann::json probes = nlohmann::json::array();
    for (const auto& probe : make_registry())
        probes.push_back({{"key", probe->key()}, {"gpu", probe->needs_gpu()}});
    identity["probes"] = probes;
    return identity;
}

} // namespace gpuguide::probes
