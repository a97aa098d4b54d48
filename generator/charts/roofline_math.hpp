// The roofline model's arithmetic, in the units the charts use.
#pragma once

namespace gpuguide::charts::detail {

/// Arithmetic intensity (FLOP/byte) where a memory roof of `bandwidth_gbs` GB/s meets a compute
/// roof of `tflops` TFLOP/s: 1e12 FLOP/s divided by 1e9 byte/s, hence the factor 1000.
inline double ridge_point(double tflops, double bandwidth_gbs) {
    return tflops * 1000.0 / bandwidth_gbs;
}

/// Performance (TFLOP/s) the memory roof allows at `intensity` FLOP/byte.
inline double attainable_tflops(double intensity, double bandwidth_gbs) {
    return intensity * bandwidth_gbs / 1000.0;
}

/// Intensity (FLOP/byte) at which the memory roof reaches `tflops`.
inline double intensity_at(double tflops, double bandwidth_gbs) {
    return ridge_point(tflops, bandwidth_gbs);
}

} // namespace gpuguide::charts::detail
