// gpu.transfer: host<->device copy bandwidth over a size sweep, pinned and pageable, one way and
// both ways at once (two streams on the two copy engines, as nvbandwidth does).
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/numa.hpp"

#include <cstring>
#include <functional>
#include <sys/syscall.h>
#include <unistd.h>

namespace gpuguide::probes::gpu {
namespace {

/// NUMA node holding the page at `address` (get_mempolicy with MPOL_F_NODE | MPOL_F_ADDR), or
/// null where the kernel or container does not say.
nlohmann::json numa_node_of(const void* address) {
    constexpr unsigned long kNode = 1, kAddr = 2; // MPOL_F_NODE, MPOL_F_ADDR from numaif.h
    int node = -1;
    long rc =
        syscall(SYS_get_mempolicy, &node, nullptr, 0ul, const_cast<void*>(address), kNode | kAddr);
    return rc == 0 && node >= 0 ? nlohmann::json(node) : nlohmann::json(nullptr);
}

enum class Direction { H2D, D2H, Both };

// One curve of the probe: its name, direction, and whether the host buffers are pinned.
struct CopyCase {
    const char* name;
    Direction direction;
    bool pinned;
};

// The second stream of bidirectional copies, and the events that fork it from and join it back
// into the timed stream.
struct CopyStreams {
    cudaStream_t second;
    cudaEvent_t fork, join;
};

// The device buffers copied to (`up`) and from (`down`).
struct DeviceEnds {
    char* up;
    char* down;
};

// `batch` copies of `bytes` in one direction, between the host buffers and the device's.
struct Copies {
    Direction direction;
    char* host_up;
    char* host_down;
    std::size_t bytes;
    int batch;
};

// Enqueues the copies on the timed stream `s`; bidirectional runs the device-to-host half on the
// second stream, forked from and joined back into the timed stream.
void enqueue_copies(cudaStream_t s, const CopyStreams& streams, DeviceEnds device,
                    const Copies& copies) {
    const Direction direction = copies.direction;
    if (direction == Direction::Both) {
        GG_CUDA(cudaEventRecord(streams.fork, s));
        GG_CUDA(cudaStreamWaitEvent(streams.second, streams.fork, 0));
    }
    for (int i = 0; i < copies.batch; ++i) {
        if (direction != Direction::D2H)
            GG_CUDA(cudaMemcpyAsync(device.up, copies.host_up, copies.bytes, cudaMemcpyHostToDevice,
                                    s));
        if (direction != Direction::H2D)
            GG_CUDA(cudaMemcpyAsync(copies.host_down, device.down, copies.bytes,
                                    cudaMemcpyDeviceToHost,
                                    direction == Direction::Both ? streams.second : s));
    }
    if (direction == Direction::Both) {
        GG_CUDA(cudaEventRecord(streams.join, streams.second));
        GG_CUDA(cudaStreamWaitEvent(s, streams.join, 0));
    }
}

// The bandwidth curve over the plan's sizes: `enqueue(bytes, batch)` enqueues one timed sample's
// copies; `both` counts the bytes of both directions.
nlohmann::json copy_curve(const budget::TransferPlan& plan, EventTimer& timer, bool both,
                          const std::function<void(std::size_t, int)>& enqueue) {
    nlohmann::json curve = nlohmann::json::array();
    for (std::size_t bytes : plan.sizes) {
        // Small copies are batched so each timed sample is long enough for events.
        int batch = plan.batch(bytes);
        auto seconds = time_gpu(timer, plan.reps, [&] { enqueue(bytes, batch); });
        double moved = double(bytes) * batch * (both ? 2 : 1);
        nlohmann::json metric = stats_metric(
            transform_samples(seconds, [&](double t) { return moved / t / 1e9; }), "GB/s");
        curve.push_back({{"bytes", bytes}, {"bandwidth", metric}});
    }
    return curve;
}

class TransferProbe final : public PerDeviceProbe {
  public:
    TransferProbe() : PerDeviceProbe("gpu.transfer") {}

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        budget::TransferPlan plan = budget::transfer_plan(context.quick);
        std::size_t largest = plan.sizes.back();
        // Before any host allocation: this thread on the GPU's CPUs, new pages on its node.
        NumaLocal numa(pci_bus_id(device));
        DeviceBuffer up(largest), down(largest);
        PinnedBuffer pinned_up(largest), pinned_down(largest);
        std::vector<char> pageable_up(largest), pageable_down(largest);
        std::memset(pinned_up.as<char>(), 1, largest); // touch: pages exist before timing
        std::memset(pinned_down.as<char>(), 2, largest);
        std::memset(pageable_up.data(), 3, largest);
        std::memset(pageable_down.data(), 4, largest);
        GG_CUDA(cudaMemset(up.as<char>(), 5, largest));
        GG_CUDA(cudaMemset(down.as<char>(), 6, largest));
        GG_CUDA(cudaDeviceSynchronize()); // the memsets ran on the legacy stream
        EventTimer timer;
        cudaStream_t second = nullptr;
        GG_CUDA(cudaStreamCreateWithFlags(&second, cudaStreamNonBlocking));
        cudaEvent_t fork = nullptr, join = nullptr;
        GG_CUDA(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
        GG_CUDA(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));

        const CopyStreams streams{second, fork, join};
        const DeviceEnds ends{up.as<char>(), down.as<char>()};
        nlohmann::json curves = nlohmann::json::object(), peak = nlohmann::json::object();
        for (CopyCase c : {CopyCase{"h2d_pinned", Direction::H2D, true},
                           {"d2h_pinned", Direction::D2H, true},
                           {"bidir_pinned", Direction::Both, true},
                           {"h2d_pageable", Direction::H2D, false},
                           {"d2h_pageable", Direction::D2H, false},
                           {"bidir_pageable", Direction::Both, false}}) {
            char* host_up = c.pinned ? pinned_up.as<char>() : pageable_up.data();
            char* host_down = c.pinned ? pinned_down.as<char>() : pageable_down.data();
            nlohmann::json curve = copy_curve(
                plan, timer, c.direction == Direction::Both, [&](std::size_t bytes, int batch) {
                    enqueue_copies(timer.stream(), streams, ends,
                                   {c.direction, host_up, host_down, bytes, batch});
                });
            peak[c.name] = curve.back()["bandwidth"];
            curves[c.name] = std::move(curve);
        }
        cudaEventDestroy(fork);
        cudaEventDestroy(join);
        cudaStreamDestroy(second);
        return {{"numa_node", numa_node_of(pinned_up.as<char>())},
                {"pageable_numa_node", numa_node_of(pageable_up.data())},
                {"device_numa_node",
                 numa.node() >= 0 ? nlohmann::json(numa.node()) : nlohmann::json(nullptr)},
                {"numa_placement", numa.description()},
                {"byte_counting",
                 "bytes copied per second, 1 GB = 1e9 bytes; bidirectional counts both directions "
                 "(pageable copies block the host, so their two directions mostly take turns)"},
                {"curves", curves},
                {"peak", peak}};
    }
};

} // namespace

std::unique_ptr<Probe> make_transfer_probe() {
    return std::make_unique<TransferProbe>();
}

} // namespace gpuguide::probes::gpu
