// CUDA versions as the driver and the runtime report them (12020 for 12.2), in words, and the
// driver branch each CUDA major version first runs on. Used by the probes' driver check
// (gpu/identity.cpp) and the bundle's launcher (core/bundle.hpp), which need no CUDA headers.
#pragma once

#include <string>

namespace gpuguide::probes {

/// "12.2" for cuDriverGetVersion's or cudaRuntimeGetVersion's 12020.
std::string cuda_version_text(int version);

/// The first driver branch of a CUDA major version, as NVIDIA's CUDA compatibility guide gives
/// it (minor-version compatibility: a CUDA X.y program runs on any driver for CUDA X.0 or newer):
/// "R525" for 12 (525.60.13), "R580" for 13 (580.65.06); empty for others.
std::string oldest_driver_branch(int cuda_major);

/// What a program built with CUDA `cuda_major`.x needs of the driver, in words:
/// "CUDA 13.0 (driver R580 or newer)".
std::string driver_requirement(int cuda_major);

} // namespace gpuguide::probes
