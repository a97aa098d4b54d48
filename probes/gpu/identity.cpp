// gpu_identity(): versions and devices, read in milliseconds, never throwing.
#include "core/cuda_version.hpp"
#include "gpu/cublas_api.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_identity.hpp"
#include "gpu/nvml.hpp"

#include <cstdio>

namespace gpuguide::probes {

namespace {

/// CUDA's 16-byte UUID in nvidia-smi's form: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
std::string uuid_text(const cudaUUID_t& uuid) {
    std::string text = "GPU-";
    for (int i = 0; i < 16; ++i) {
        char hex[3];
        std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(uuid.bytes[i]));
        text += hex;
        if (i == 3 || i == 5 || i == 7 || i == 9)
            text += "-";
    }
    return text;
}

} // namespace

GpuIdentity gpu_identity() {
    GpuIdentity identity;
    gpu::load_cuda_driver();
    int runtime = 0, driver = 0;
    if (cudaRuntimeGetVersion(&runtime) == cudaSuccess)
        identity.cuda_runtime = cuda_version_text(runtime);
    identity.driver = gpu::Nvml::instance().driver_version();
    if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0)
        identity.cuda_driver = cuda_version_text(driver);
    if (driver == 0) {
        // Without a driver nothing is measured on a GPU, so cuBLAS is not loaded just for its
        // version: mapping it costs about 200 MB of resident memory and a fifth of a second.
        identity.reason = "no NVIDIA driver found (libcuda is not installed): no GPU to measure";
        return identity;
    }
    int major = 0, minor = 0, patch = 0;
    // cuBLAS is loaded at run time: null where this host lacks it (the GEMM probes say why).
    const gpu::CublasApi& cublas = gpu::CublasApi::instance();
    if (cublas.available() && cublas.get_property(MAJOR_VERSION, &major) == CUBLAS_STATUS_SUCCESS &&
        cublas.get_property(MINOR_VERSION, &minor) == CUBLAS_STATUS_SUCCESS &&
        cublas.get_property(PATCH_LEVEL, &patch) == CUBLAS_STATUS_SUCCESS)
        identity.cublas =
            std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
    // Minor-version compatibility: a CUDA 12.x runtime runs on any driver for CUDA 12.0 or newer
    // (R525 on), 13.x on any for 13.0 (R580 on); only the major version has to be reached.
    if (driver / 1000 < runtime / 1000) {
        identity.reason = "the NVIDIA driver supports CUDA " + *identity.cuda_driver +
                          " but these probes need " + driver_requirement(runtime / 1000) +
                          "; update the driver";
        return identity;
    }
    int count = 0;
    cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
        cudaGetLastError();
        identity.reason = status == cudaSuccess
                              ? "no CUDA device visible"
                              : std::string("no usable CUDA device: ") + cudaGetErrorString(status);
        return identity;
    }
    for (int device = 0; device < count; ++device) {
        cudaDeviceProp prop{};
        if (cudaGetDeviceProperties(&prop, device) != cudaSuccess)
            continue;
        identity.devices.push_back({device, prop.name, uuid_text(prop.uuid)});
    }
    identity.usable = !identity.devices.empty();
    if (!identity.usable)
        identity.reason = "CUDA devices present but none could be queried";
    return identity;
}

} // namespace gpuguide::probes
