// This build and machine, as recorded in provenance and hashed into the cache key.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace gpuguide::probes {

/// `gpuguide-probe --identity`: probe_version, source_hash, compiler, flags, host, cpu,
/// gpu_usable, gpu_reason, driver, cuda_driver, cuda_runtime, cublas, gpus, probes (keys).
/// Fast: reads versions and device names, measures nothing.
nlohmann::json machine_identity();

/// The probe version (the project version) and the hash of the probe sources at configure time.
std::string probe_version();
std::string probe_source_hash();

/// "GNU 12.2.0; nvcc 13.0.48" — the compilers that built the probes.
std::string compiler_description();

} // namespace gpuguide::probes
