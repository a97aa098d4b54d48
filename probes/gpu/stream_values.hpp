// What every element of gpu.stream's arrays must hold, tracked on the host while the kernels run
// on the device, so the result is checked without a second copy of the arrays. Plain C++ (no
// CUDA), so its tests run on machines without the toolkit.
#pragma once

namespace gpuguide::probes::gpu {

/// The value of every element of STREAM's arrays a, b and c.
struct StreamValues {
    double a = 1.0, b = 2.0, c = 0.0; ///< as the arrays are filled
    /// After one round of STREAM's kernels in their order: copy c = a, scale b = s c, add
    /// c = a + b, triad a = b + s c.
    void run_round(double scalar);
};

/// Whether an element read back from the device holds `expected`, to 1e-12 relative (the GPU
/// may fuse triad's multiply-add; NaN never matches).
bool stream_value_matches(double got, double expected);

} // namespace gpuguide::probes::gpu
