// What the machine's GPUs and their software are: read quickly (no measurement), for the
// provenance, the cache key and the decision whether GPU probes can run at all.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// One visible CUDA device.
struct GpuDevice {
    int index = 0;
    std::string name;
    std::string uuid; ///< "GPU-xxxxxxxx-..." as nvidia-smi prints it
};

/// The GPUs and versions of this machine. `usable` is false with `reason` when there is no
/// driver, no device, a driver too old for this CUDA runtime, or no CUDA in this build.
struct GpuIdentity {
    bool usable = false;
    std::string reason;
    std::optional<std::string> driver;       ///< NVIDIA driver, e.g. "580.95.05" (NVML)
    std::optional<std::string> cuda_driver;  ///< CUDA version the driver supports, "13.0"
    std::optional<std::string> cuda_runtime; ///< CUDA runtime this probe was built with
    std::optional<std::string> cublas;       ///< cuBLAS version, "13.0.2"
    std::vector<GpuDevice> devices;
};

/// Reads the identity; never throws.
GpuIdentity gpu_identity();

/// `{"driver":...,"cuda_driver":...,"cuda_runtime":...,"cublas":...,"gpus":[...]}` with nulls.
nlohmann::json to_json(const GpuIdentity& identity);

} // namespace gpuguide::probes
