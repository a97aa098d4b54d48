#include "gpu/cuda_util.hpp"

#include "core/library_search.hpp"
#include "gpu/cublas_api.hpp"

#include <algorithm>
#include <cctype>

namespace gpuguide::probes::gpu {

void check_cuda(cudaError_t status, const char* call, const char* file, int line) {
    if (status == cudaSuccess)
        return;
    throw std::runtime_error(std::string(call) + " failed: " + cudaGetErrorName(status) + " (" +
                             cudaGetErrorString(status) + ") at " + file + ":" +
                             std::to_string(line));
}

std::string cublas_status_text(cublasStatus_t status) {
    const CublasApi& api = CublasApi::instance();
    std::string name = api.status_name ? api.status_name(status) : std::to_string(int(status));
    std::string text = api.status_string ? api.status_string(status) : "cuBLAS error";
    return name + " (" + text + ")";
}

void check_cublas(cublasStatus_t status, const char* call, const char* file, int line) {
    if (status == CUBLAS_STATUS_SUCCESS)
        return;
    throw std::runtime_error(std::string(call) + " failed: " + cublas_status_text(status) + " at " +
                             file + ":" + std::to_string(line));
}

DeviceBuffer::DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
    GG_CUDA(cudaMalloc(&pointer_, bytes));
}
DeviceBuffer::~DeviceBuffer() {
    cudaFree(pointer_);
}

PinnedBuffer::PinnedBuffer(std::size_t bytes) {
    GG_CUDA(cudaMallocHost(&pointer_, bytes));
}
PinnedBuffer::~PinnedBuffer() {
    cudaFreeHost(pointer_);
}

EventTimer::EventTimer() {
    GG_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    GG_CUDA(cudaEventCreate(&start_));
    GG_CUDA(cudaEventCreate(&stop_));
}

EventTimer::~EventTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaStreamDestroy(stream_);
}

double EventTimer::seconds(const std::function<void()>& body) {
    GG_CUDA(cudaEventRecord(start_, stream_));
    body();
    GG_CUDA(cudaEventRecord(stop_, stream_));
    GG_CUDA(cudaEventSynchronize(stop_));
    float ms = 0;
    GG_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
    return double(ms) / 1e3;
}

std::vector<double> time_gpu(EventTimer& timer, const budget::Repetitions& reps,
                             const std::function<void()>& body) {
    for (int i = 0; i < reps.warmups; ++i)
        body();
    GG_CUDA(cudaStreamSynchronize(timer.stream()));
    std::vector<double> samples;
    while (!budget::enough(samples, reps))
        samples.push_back(timer.seconds(body));
    return samples;
}

const std::string& load_cuda_driver() {
    static const DynamicLibrary driver{"libcuda.so.1", driver_library_folders()};
    return driver.error();
}

int device_count() {
    load_cuda_driver();
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        cudaGetLastError(); // clear the sticky "no device" error
        return 0;
    }
    return count;
}

int attribute(cudaDeviceAttr attr, int device) {
    int value = 0;
    GG_CUDA(cudaDeviceGetAttribute(&value, attr, device));
    return value;
}

std::string pci_bus_id(int device) {
    char id[32] = {};
    GG_CUDA(cudaDeviceGetPCIBusId(id, sizeof id, device));
    std::string text = id;
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return text;
}

} // namespace gpuguide::probes::gpu
