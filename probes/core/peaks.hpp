// Theoretical peaks from per-SM-per-clock throughput tables (dense, no sparsity), kept apart from
// CUDA so they are tested on every machine. Sources are listed in probes/README.md.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>

namespace gpuguide::probes {

/// Dense operations per SM per clock cycle for one compute capability (an FMA counts as 2).
/// Zero means the architecture has no such unit (e.g. no FP8 tensor cores before 8.9).
struct ArchRates {
    int fp32_cores = 0;     ///< FP32 lanes ("CUDA cores") per SM
    double fp64 = 0;        ///< FP64 FLOP/clk/SM on the vector units
    double fp64_tensor = 0; ///< FP64 FLOP/clk/SM on tensor cores (DMMA), 0 if none
    double tf32 = 0, fp16 = 0, bf16 = 0, fp8 = 0, int8 = 0; ///< tensor cores, dense
};

/// The table entry for a compute capability; nullopt for one not in the table.
std::optional<ArchRates> arch_rates(int major, int minor);

/// What a device reports that the peaks are computed from.
struct PeakInputs {
    int major = 0, minor = 0;
    int sm_count = 0;
    double sm_clock_mhz = 0;  ///< maximum (boost) SM clock
    double mem_clock_mhz = 0; ///< maximum memory clock as CUDA reports it
    int bus_width_bits = 0;
    std::optional<int> pcie_gen, pcie_width; ///< maximum link generation and width
};

/// FLOP/clk/SM × SMs × clock, in TFLOP/s (or TOP/s).
double peak_tera(double per_sm_per_clock, int sm_count, double clock_mhz);

/// Double data rate: 2 × memory clock × bus width / 8, in GB/s (10^9 bytes per second).
double peak_memory_bandwidth_gbs(double mem_clock_mhz, int bus_width_bits);

/// One direction of a PCIe link in GB/s after line encoding (8b/10b to Gen 2, 128b/130b after).
std::optional<double> pcie_bandwidth_gbs(int generation, int width);

/// The `peak` object of gpu.specs: fp64, fp64_tensor, fp32, tf32_tensor, fp16_tensor,
/// bf16_tensor, fp8_tensor (TFLOP/s), int8_tensor (TOP/s), memory_bandwidth and pcie_bandwidth
/// (GB/s) as value metrics; null values where the unit is absent or the CC unknown.
nlohmann::json peak_metrics(const PeakInputs& inputs);

} // namespace gpuguide::probes
