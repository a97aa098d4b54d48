// Error checking, RAII buffers, event timing and per-device helpers shared by the GPU probes.
#pragma once

#include "core/budget.hpp"

#include <chrono>
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuguide::probes::gpu {

/// Throws std::runtime_error naming the call, file and line when a CUDA call fails.
void check_cuda(cudaError_t status, const char* call, const char* file, int line);
void check_cublas(cublasStatus_t status, const char* call, const char* file, int line);
/// "CUBLAS_STATUS_NAME (the library's description)" for a status.
std::string cublas_status_text(cublasStatus_t status);

#define GG_CUDA(call) ::gpuguide::probes::gpu::check_cuda((call), #call, __FILE__, __LINE__)
#define GG_CUBLAS(call) ::gpuguide::probes::gpu::check_cublas((call), #call, __FILE__, __LINE__)
/// After a kernel launch: the launch error, if any (a launch itself returns nothing).
#define GG_LAUNCHED() GG_CUDA(cudaGetLastError())

/// Device memory, freed on scope exit.
class DeviceBuffer {
  public:
    explicit DeviceBuffer(std::size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    template <class T> T* as() const { return static_cast<T*>(pointer_); }
    std::size_t bytes() const { return bytes_; }

  private:
    void* pointer_ = nullptr;
    std::size_t bytes_ = 0;
};

/// Page-locked host memory (cudaMallocHost), freed on scope exit.
class PinnedBuffer {
  public:
    explicit PinnedBuffer(std::size_t bytes);
    ~PinnedBuffer();
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    template <class T> T* as() const { return static_cast<T*>(pointer_); }

  private:
    void* pointer_ = nullptr;
};

/// A stream and two events; times GPU work with cudaEventElapsedTime.
class EventTimer {
  public:
    EventTimer();
    ~EventTimer();
    EventTimer(const EventTimer&) = delete;
    EventTimer& operator=(const EventTimer&) = delete;
    cudaStream_t stream() const { return stream_; }
    /// Seconds taken on the GPU by the work `body` enqueues on stream().
    double seconds(const std::function<void()>& body);

  private:
    cudaStream_t stream_ = nullptr;
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

/// Runs `body` reps.warmups times, then under events until budget::enough() (at least reps.min,
/// at most reps.max samples, fewer once the CV is below 1 %); returns seconds per sample.
std::vector<double> time_gpu(EventTimer& timer, const budget::Repetitions& reps,
                             const std::function<void()>& body);

/// Loads the driver (libcuda.so.1) before the CUDA runtime first needs it, from the driver's
/// folders outside the loader's path where need be (core/library_search.hpp): the runtime, linked
/// statically, opens it by name and then finds the copy already loaded. Call before any CUDA
/// call; returns why the driver is missing, empty when it is loaded.
const std::string& load_cuda_driver();

/// The number of visible CUDA devices (0 when none or no driver).
int device_count();

/// Device attribute, throwing on failure.
int attribute(cudaDeviceAttr attr, int device);

/// The PCI bus id of a CUDA device ("0000:17:00.0"), used to find it in NVML and /sys.
std::string pci_bus_id(int device);

} // namespace gpuguide::probes::gpu
