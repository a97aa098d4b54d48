#include "core/peaks.hpp"

#include "core/stats.hpp"

namespace gpuguide::probes {

std::optional<ArchRates> arch_rates(int major, int minor) {
    // Dense FLOP per SM per clock from NVIDIA's architecture whitepapers (V100, T4/Turing, A100,
    // GA102, Ada, H100, Blackwell); FMA = 2 FLOP. Checked in tests/probes/peaks_test.cpp against
    // datasheet figures (e.g. H100 SXM dense BF16 989.4 TFLOP/s at 1830 MHz, 132 SMs).
    int cc = major * 10 + minor;
    switch (cc) {
    case 70:
        return ArchRates{64, 64, 0, 0, 1024, 0, 0, 0}; // V100
    case 75:
        return ArchRates{64, 4, 0, 0, 1024, 0, 0, 2048}; // T4, RTX 20
    case 80:
        return ArchRates{64, 64, 128, 1024, 2048, 2048, 0, 4096}; // A100
    case 86:                                                      // A10, A40, RTX 30
    case 87:
        return ArchRates{128, 4, 0, 512, 1024, 1024, 0, 2048}; // Jetson Orin
    case 89:
        return ArchRates{128, 4, 0, 512, 1024, 1024, 2048, 2048}; // L4, L40S, RTX 40
    case 90:
        return ArchRates{128, 128, 256, 2048, 4096, 4096, 8192, 8192}; // H100, H200
    case 100:                                                          // B200
    case 103:
        return ArchRates{128, 128, 128, 4096, 8192, 8192, 16384, 16384}; // B300
    case 120:
        return ArchRates{128, 4, 0, 512, 1024, 1024, 2048, 2048}; // RTX 50 (dense)
    default:
        return std::nullopt;
    }
}

double peak_tera(double per_sm_per_clock, int sm_count, double clock_mhz) {
    return per_sm_per_clock * sm_count * clock_mhz * 1e6 / 1e12;
}

double peak_memory_bandwidth_gbs(double mem_clock_mhz, int bus_width_bits) {
    return 2.0 * mem_clock_mhz * 1e6 * (bus_width_bits / 8.0) / 1e9;
}

std::optional<double> pcie_bandwidth_gbs(int generation, int width) {
    static constexpr double kGigaTransfers[] = {0, 2.5, 5, 8, 16, 32, 64};
    if (generation < 1 || generation > 6 || width <= 0)
        return std::nullopt;
    // Gen 6 uses PAM4 with FLIT encoding; 242/256 is its payload share.
    double efficiency = generation <= 2 ? 8.0 / 10 : generation <= 5 ? 128.0 / 130 : 242.0 / 256;
    return kGigaTransfers[generation] * width * efficiency / 8.0;
}

nlohmann::json peak_metrics(const PeakInputs& in) {
    auto rates = arch_rates(in.major, in.minor);
    auto tera = [&](double ArchRates::*field) -> std::optional<double> {
        if (!rates || (*rates).*field == 0 || in.sm_count <= 0 || in.sm_clock_mhz <= 0)
            return std::nullopt;
        return peak_tera((*rates).*field, in.sm_count, in.sm_clock_mhz);
    };
    std::optional<double> fp32;
    if (rates && in.sm_count > 0 && in.sm_clock_mhz > 0)
        fp32 = peak_tera(2.0 * rates->fp32_cores, in.sm_count, in.sm_clock_mhz);
    std::optional<double> memory;
    if (in.mem_clock_mhz > 0 && in.bus_width_bits > 0)
        memory = peak_memory_bandwidth_gbs(in.mem_clock_mhz, in.bus_width_bits);
    std::optional<double> pcie;
    if (in.pcie_gen && in.pcie_width)
        pcie = pcie_bandwidth_gbs(*in.pcie_gen, *in.pcie_width);
    return {{"fp64", value_metric(tera(&ArchRates::fp64), "TFLOP/s")},
            {"fp64_tensor", value_metric(tera(&ArchRates::fp64_tensor), "TFLOP/s")},
            {"fp32", value_metric(fp32, "TFLOP/s")},
            {"tf32_tensor", value_metric(tera(&ArchRates::tf32), "TFLOP/s")},
            {"fp16_tensor", value_metric(tera(&ArchRates::fp16), "TFLOP/s")},
            {"bf16_tensor", value_metric(tera(&ArchRates::bf16), "TFLOP/s")},
            {"fp8_tensor", value_metric(tera(&ArchRates::fp8), "TFLOP/s")},
            {"int8_tensor", value_metric(tera(&ArchRates::int8), "TOP/s")},
            {"memory_bandwidth", value_metric(memory, "GB/s")},
            {"pcie_bandwidth", value_metric(pcie, "GB/s")}};
}

} // namespace gpuguide::probes
