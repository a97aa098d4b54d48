// Built instead of the CUDA probes when no usable CUDA compiler was found: the GPU probes still
// exist (same keys, so documents keep their shape) and report why they cannot run.
#include "core/probe.hpp"
#include "gpu/gpu_catalog.hpp"
#include "gpu/gpu_identity.hpp"

namespace gpuguide::probes {
namespace {

// GPUGUIDE_NO_CUDA_REASON: what CMake found (the top-level CMakeLists.txt), e.g. "no nvcc found
// at build time" or "the CUDA toolkit found, nvcc 11.8.89, is older than CUDA 12.0".
constexpr const char* kNoCuda =
    "gpuguide-probe was built without CUDA (" GPUGUIDE_NO_CUDA_REASON ")";

class UnavailableGpuProbe final : public Probe {
  public:
    UnavailableGpuProbe(std::string key, std::string description)
        : key_(std::move(key)), description_(std::move(description)) {}
    std::string_view key() const override { return key_; }
    std::string_view description() const override { return description_; }
    bool needs_gpu() const override { return true; }
    Support supported() const override { return {false, kNoCuda}; }
    nlohmann::json run(const ProbeContext&) override { throw std::runtime_error(kNoCuda); }

  private:
    std::string key_, description_;
};

} // namespace

GpuIdentity gpu_identity() {
    GpuIdentity identity;
    identity.reason = kNoCuda;
    return identity;
}

void append_gpu_probes(ProbeList& list) {
    for (const auto& info : kGpuProbes)
        list.push_back(std::make_unique<UnavailableGpuProbe>(std::string(info.key),
                                                             std::string(info.description)));
}

} // namespace gpuguide::probes
