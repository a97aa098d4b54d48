// How far a GEMM's output is from an FP64 reference computed on the host, for D = A^T B ("TN")
// with n×n operands laid out as the GPU holds them: A^T's (i, k) at a[i*n + k], B's (k, j) at
// b[j*n + k], D column-major. Plain C++ (no CUDA), so its tests run on machines without the
// toolkit; gpu/gemm_runner.cpp feeds it the device's output.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace gpuguide::probes::gpu {

/// The output entries to check, as (i, j): every one, column by column (samples <= 0), or
/// `samples` picked at random, the same ones for the same n in every run.
std::vector<std::pair<int, int>> gemm_check_positions(int n, int samples);

/// One checked output entry: D(i, j) as the GPU wrote it.
struct GemmEntry {
    int i = 0, j = 0;
    double got = 0;
};

/// The input values as the GPU holds them (after rounding to the element type), by index.
using GemmInput = std::function<double(std::uint64_t index)>;

/// The largest error over `entries` of got against sum_k a(i*n+k) b(j*n+k) in FP64, relative to
/// sum_k |a b| (so a precision's tolerance does not depend on n or on cancellation); NaN as soon
/// as one entry's error is not finite (an output never written, or NaN).
double reference_gemm_error(int n, const std::vector<GemmEntry>& entries, const GemmInput& a,
                            const GemmInput& b);

} // namespace gpuguide::probes::gpu
