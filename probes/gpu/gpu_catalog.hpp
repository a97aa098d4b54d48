// The GPU probes' keys and descriptions, shared by the CUDA build and the no-CUDA build so that
// both list the same probes in the same order.
#pragma once

#include <array>
#include <string_view>

namespace gpuguide::probes {

struct GpuProbeInfo {
    std::string_view key;
    std::string_view description;
};

inline constexpr std::array<GpuProbeInfo, 8> kGpuProbes{{
    {"gpu.specs", "GPU specifications, versions and theoretical peaks"},
    {"gpu.stream", "device memory bandwidth: STREAM copy, scale, add, triad"},
    {"gpu.transfer", "host<->device bandwidth: pinned/pageable, H2D, D2H, bidirectional"},
    {"gpu.gemm", "cuBLAS/cuBLASLt GEMM throughput: FP64, FP32, TF32, FP16, BF16, FP8, INT8"},
    {"gpu.latency", "kernel launch overhead and pointer-chase L1/L2/DRAM latency"},
    {"gpu.power", "energy, average power and GFLOP/s per watt over a GEMM run (NVML)"},
    {"gpu.multi", "P2P bandwidth matrix and NCCL all-reduce bus bandwidth"},
    {"gpu.llm", "LLM decode and prefill: Llama 3.1 8B's layers in BF16 (cuBLAS + kernels)"},
}};

/// The description of a GPU probe key (empty if unknown).
constexpr std::string_view gpu_probe_description(std::string_view key) {
    for (const auto& info : kGpuProbes)
        if (info.key == key)
            return info.description;
    return {};
}

} // namespace gpuguide::probes
