// Reproducible pseudo-random GEMM inputs, the same on the GPU (fill kernel) and the host
// (reference), so a sampled output entry can be checked without copying the inputs back.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define GG_HOST_DEVICE __host__ __device__
#else
#define GG_HOST_DEVICE
#endif

namespace gpuguide::probes::gpu {

/// SplitMix64's finaliser: a well-mixed 64-bit hash of (index, seed).
GG_HOST_DEVICE inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/// Uniform in [-1, 1): never all zeros, so GEMMs run on realistic data.
GG_HOST_DEVICE inline float uniform_value(std::uint64_t index, std::uint32_t seed) {
    std::uint64_t bits = mix64(index ^ (std::uint64_t(seed) << 40));
    return float(double(bits >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0);
}

/// Integer in [-16, 16] for INT8 GEMMs (exact in int32 accumulation).
GG_HOST_DEVICE inline int int_value(std::uint64_t index, std::uint32_t seed) {
    return int(mix64(index ^ (std::uint64_t(seed) << 40)) % 33) - 16;
}

} // namespace gpuguide::probes::gpu
