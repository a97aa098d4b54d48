// gpu.multi: peer-to-peer copy bandwidth between every pair of GPUs and NCCL all-reduce bus
// bandwidth (nccl-tests' definition). NCCL is loaded with dlopen, so its absence only skips it.
#include "core/devices.hpp"
#include "core/dynamic_library.hpp"
#include "core/library_search.hpp"
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"

#include <chrono>
#include <nccl.h>

namespace gpuguide::probes::gpu {
namespace {

/// The NCCL functions used here, resolved from libnccl.so.2.
struct NcclApi {
    DynamicLibrary library{"libnccl.so.2",
                           cuda_library_folders(CUDART_VERSION / 1000, process_environment())};
    template <class F> F resolve(const char* name) const { return library.function<F>(name); }
    decltype(&ncclCommInitAll) init_all = resolve<decltype(&ncclCommInitAll)>("ncclCommInitAll");
    decltype(&ncclAllReduce) all_reduce = resolve<decltype(&ncclAllReduce)>("ncclAllReduce");
    decltype(&ncclGroupStart) group_start = resolve<decltype(&ncclGroupStart)>("ncclGroupStart");
    decltype(&ncclGroupEnd) group_end = resolve<decltype(&ncclGroupEnd)>("ncclGroupEnd");
    decltype(&ncclCommDestroy) destroy = resolve<decltype(&ncclCommDestroy)>("ncclCommDestroy");
    decltype(&ncclGetErrorString) error_string =
        resolve<decltype(&ncclGetErrorString)>("ncclGetErrorString");
    bool usable() const {
        return init_all && all_reduce && group_start && group_end && destroy && error_string;
    }
    void check(ncclResult_t rc, const char* what) const {
        if (rc != ncclSuccess)
            throw std::runtime_error(std::string(what) + " failed: " + error_string(rc));
    }
};

/// Rows and columns follow `ids` (the devices measured, in the order given).
nlohmann::json p2p_matrix(const std::vector<int>& ids, std::size_t bytes, int reps) {
    nlohmann::json bandwidth = nlohmann::json::array(), access = nlohmann::json::array();
    for (int src : ids) {
        nlohmann::json row = nlohmann::json::array(), access_row = nlohmann::json::array();
        for (int dst : ids) {
            if (src == dst) {
                row.push_back(nullptr);
                access_row.push_back(nullptr);
                continue;
            }
            int can = 0;
            GG_CUDA(cudaDeviceCanAccessPeer(&can, src, dst));
            GG_CUDA(cudaSetDevice(src));
            if (can) {
                cudaError_t rc = cudaDeviceEnablePeerAccess(dst, 0);
                if (rc != cudaErrorPeerAccessAlreadyEnabled)
                    GG_CUDA(rc);
                cudaGetLastError();
            }
            DeviceBuffer from(bytes);
            GG_CUDA(cudaSetDevice(dst));
            DeviceBuffer to(bytes);
            GG_CUDA(cudaSetDevice(src));
            EventTimer timer;
            auto seconds = time_gpu(timer, budget::Repetitions{1, reps, reps}, [&] {
                GG_CUDA(cudaMemcpyPeerAsync(to.as<void>(), dst, from.as<void>(), src, bytes,
                                            timer.stream()));
            });
            row.push_back(summarize(transform_samples(seconds, [&](double t) {
                              return bytes / t / 1e9;
                          })).median);
            access_row.push_back(bool(can));
        }
        bandwidth.push_back(row);
        access.push_back(access_row);
    }
    return {{"bandwidth", bandwidth}, {"peer_access", access}, {"bytes", bytes}, {"unit", "GB/s"}};
}

std::string library_error(const NcclApi& nccl) {
    return nccl.library.loaded() ? "libnccl.so.2 lacks a function the probe needs"
                                 : nccl.library.error();
}

nlohmann::json nccl_allreduce(const std::vector<int>& ids, std::size_t bytes, int reps) {
    const int devices = int(ids.size());
    NcclApi nccl;
    if (!nccl.usable())
        return {{"bus_bandwidth", nullptr}, {"bytes", bytes}, {"error", library_error(nccl)}};
    std::vector<ncclComm_t> comms(devices);
    nccl.check(nccl.init_all(comms.data(), devices, ids.data()), "ncclCommInitAll");
    std::vector<std::unique_ptr<DeviceBuffer>> send, recv;
    std::vector<cudaStream_t> streams(devices);
    std::size_t count = bytes / sizeof(float);
    for (int d = 0; d < devices; ++d) {
        GG_CUDA(cudaSetDevice(ids[d]));
        send.push_back(std::make_unique<DeviceBuffer>(bytes));
        recv.push_back(std::make_unique<DeviceBuffer>(bytes));
        GG_CUDA(cudaMemset(send.back()->as<void>(), 0, bytes));
        GG_CUDA(cudaStreamCreateWithFlags(&streams[d], cudaStreamNonBlocking));
        GG_CUDA(cudaDeviceSynchronize()); // the memset ran on the legacy stream
    }
    auto once = [&] {
        nccl.check(nccl.group_start(), "ncclGroupStart");
        for (int d = 0; d < devices; ++d)
            nccl.check(nccl.all_reduce(send[d]->as<void>(), recv[d]->as<void>(), count, ncclFloat,
                                       ncclSum, comms[d], streams[d]),
                       "ncclAllReduce");
        nccl.check(nccl.group_end(), "ncclGroupEnd");
        for (int d = 0; d < devices; ++d)
            GG_CUDA(cudaStreamSynchronize(streams[d]));
    };
    for (int i = 0; i < 3; ++i)
        once();
    std::vector<double> seconds;
    for (int i = 0; i < reps; ++i) {
        auto start = std::chrono::steady_clock::now();
        once();
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    for (int d = 0; d < devices; ++d) {
        nccl.destroy(comms[d]);
        cudaStreamDestroy(streams[d]);
    }
    // nccl-tests: algbw = bytes / time; busbw = algbw * 2 (n-1) / n for all-reduce.
    double factor = 2.0 * (devices - 1) / devices;
    return {{"bus_bandwidth",
             stats_metric(
                 transform_samples(seconds, [&](double t) { return bytes / t / 1e9 * factor; }),
                 "GB/s")},
            {"bytes", bytes},
            {"definition", "nccl-tests busbw: (bytes / time) * 2 (n-1) / n, float32 sum"}};
}

class MultiProbe final : public Probe {
  public:
    std::string_view key() const override { return "gpu.multi"; }
    std::string_view description() const override { return gpu_probe_description("gpu.multi"); }
    bool needs_gpu() const override { return true; }
    Support supported() const override {
        if (device_count() < 2)
            return {false, "one GPU"};
        return {};
    }
    nlohmann::json run(const ProbeContext& context) override {
        std::vector<int> ids = devices_to_measure(context.devices, device_count());
        if (ids.size() < 2)
            throw std::runtime_error("--devices chose one GPU; gpu.multi needs two or more");
        std::size_t bytes = context.quick ? (16u << 20) : (256u << 20);
        int reps = context.quick ? 3 : 10;
        return {{"devices", ids.size()},
                {"p2p", p2p_matrix(ids, bytes, reps)},
                {"nccl_allreduce", nccl_allreduce(ids, bytes, reps)}};
    }
};

} // namespace

std::unique_ptr<Probe> make_multi_probe() {
    return std::make_unique<MultiProbe>();
}

} // namespace gpuguide::probes::gpu
