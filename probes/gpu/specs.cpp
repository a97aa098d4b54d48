// gpu.specs: what the device reports, plus theoretical peaks derived from it (core/peaks.hpp).
#include "core/peaks.hpp"
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_identity.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/nvml.hpp"

#include <utility>

namespace gpuguide::probes::gpu {
namespace {

nlohmann::json optional_number(std::optional<unsigned long long> value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json optional_text(const std::optional<std::string>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

/// The UUID as CUDA reports it (NVML's, when present, is the same string).
nlohmann::json uuid_of(int device) {
    for (const auto& gpu : gpu_identity().devices)
        if (gpu.index == device)
            return gpu.uuid;
    return nullptr;
}

/// FP32 cores per SM and in all, from the architecture's rates (null where it is unknown).
std::pair<nlohmann::json, nlohmann::json> core_counts(int major, int minor, int sms) {
    auto rates = arch_rates(major, minor);
    nlohmann::json cores_per_sm =
        rates ? nlohmann::json(rates->fp32_cores) : nlohmann::json(nullptr);
    nlohmann::json cuda_cores =
        rates ? nlohmann::json(rates->fp32_cores * sms) : nlohmann::json(nullptr);
    return {std::move(cores_per_sm), std::move(cuda_cores)};
}

/// NVML's power limit in W, from mW.
std::optional<double> watts(std::optional<unsigned long long> milliwatts) {
    std::optional<double> power_w;
    if (milliwatts)
        power_w = double(*milliwatts) / 1000.0;
    return power_w;
}

/// The PCIe link as NVML reports it: the current generation and width (asked now, in that
/// order), beside the maxima asked before.
nlohmann::json pcie_json(Nvml& nvml, const std::optional<Nvml::Device>& handle,
                         std::optional<unsigned long long> gen_max,
                         std::optional<unsigned long long> width_max) {
    auto ask = [&](auto query) -> std::optional<unsigned long long> {
        return handle ? query(*handle) : std::nullopt;
    };
    return {{"gen_current",
             optional_number(ask([&](Nvml::Device d) { return nvml.pcie_generation(d, false); }))},
            {"gen_max", optional_number(gen_max)},
            {"width_current",
             optional_number(ask([&](Nvml::Device d) { return nvml.pcie_width(d, false); }))},
            {"width_max", optional_number(width_max)}};
}

class SpecsProbe final : public PerDeviceProbe {
  public:
    SpecsProbe() : PerDeviceProbe("gpu.specs") {}

    nlohmann::json run(const ProbeContext& context) override {
        nlohmann::json result = PerDeviceProbe::run(context);
        // Versions beside the devices, so pages can quote them inline
        // (docs/src/design/measurements.md).
        nlohmann::json versions = to_json(gpu_identity());
        for (const char* field : {"driver", "cuda_driver", "cuda_runtime", "cublas"})
            result[field] = versions[field];
        return result;
    }

  protected:
    nlohmann::json measure_device(int device, const ProbeContext&) override {
        cudaDeviceProp prop{};
        GG_CUDA(cudaGetDeviceProperties(&prop, device));
        int major = attribute(cudaDevAttrComputeCapabilityMajor, device);
        int minor = attribute(cudaDevAttrComputeCapabilityMinor, device);
        int sms = attribute(cudaDevAttrMultiProcessorCount, device);
        // CUDA 13 removed clockRate and memoryClockRate from cudaDeviceProp; both are in kHz.
        double sm_clock_mhz = attribute(cudaDevAttrClockRate, device) / 1000.0;
        double mem_clock_mhz = attribute(cudaDevAttrMemoryClockRate, device) / 1000.0;
        int bus_width = attribute(cudaDevAttrGlobalMemoryBusWidth, device);

        Nvml& nvml = Nvml::instance();
        auto handle = nvml.device(pci_bus_id(device));
        auto ask = [&](auto query) -> std::optional<unsigned long long> {
            return handle ? query(*handle) : std::nullopt;
        };
        auto gen_max = ask([&](Nvml::Device d) { return nvml.pcie_generation(d, true); });
        auto width_max = ask([&](Nvml::Device d) { return nvml.pcie_width(d, true); });
        auto power_mw = ask([&](Nvml::Device d) { return nvml.power_limit_mw(d); });
        std::optional<bool> ecc = handle ? nvml.ecc_enabled(*handle) : std::nullopt;
        if (!ecc)
            ecc = attribute(cudaDevAttrEccEnabled, device) != 0;

        PeakInputs inputs{major,
                          minor,
                          sms,
                          sm_clock_mhz,
                          mem_clock_mhz,
                          bus_width,
                          gen_max ? std::optional<int>(int(*gen_max)) : std::nullopt,
                          width_max ? std::optional<int>(int(*width_max)) : std::nullopt};
        const auto [cores_per_sm, cuda_cores] = core_counts(major, minor, sms);
        return {
            {"name", prop.name},
            {"uuid", uuid_of(device)},
            {"pci_bus_id", pci_bus_id(device)},
            {"compute_capability", std::to_string(major) + "." + std::to_string(minor)},
            {"sm_count", sms},
            {"cores_per_sm", cores_per_sm},
            {"cuda_cores", cuda_cores},
            {"clock_sm_max", value_metric(sm_clock_mhz, "MHz")},
            {"clock_mem_max", value_metric(mem_clock_mhz, "MHz")},
            {"memory_total", value_metric(double(prop.totalGlobalMem) / (1u << 30), "GiB")},
            {"memory_bus_width", value_metric(bus_width, "bit")},
            {"l2_cache",
             value_metric(attribute(cudaDevAttrL2CacheSize, device) / 1048576.0, "MiB")},
            {"shared_mem_per_sm",
             value_metric(attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) / 1024.0,
                          "KiB")},
            {"registers_per_sm",
             value_metric(attribute(cudaDevAttrMaxRegistersPerMultiprocessor, device), "count")},
            {"pcie", pcie_json(nvml, handle, gen_max, width_max)},
            {"power_limit", value_metric(watts(power_mw), "W")},
            {"ecc", ecc ? nlohmann::json(*ecc) : nlohmann::json(nullptr)},
            {"vbios", optional_text(handle ? nvml.vbios_version(*handle) : std::nullopt)},
            {"peak", peak_metrics(inputs)}};
    }
};

} // namespace

std::unique_ptr<Probe> make_specs_probe() {
    return std::make_unique<SpecsProbe>();
}

} // namespace gpuguide::probes::gpu
