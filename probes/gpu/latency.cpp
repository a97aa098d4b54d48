// gpu.latency: what a kernel launch costs (synchronous, back-to-back, inside a CUDA Graph) and
// the load-to-use latency of L1, L2 and device memory by pointer chasing.
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/kernels/kernels.hpp"

#include <algorithm>
#include <chrono>
#include <random>

namespace gpuguide::probes::gpu {
namespace {

constexpr std::size_t kStrideWords = 32; // 128 bytes between nodes: one cache line each

/// A random single cycle (Sattolo) over `nodes` nodes, as word indices into an array of
/// nodes * kStrideWords words.
std::vector<std::uint32_t> chase_chain(std::size_t nodes, std::mt19937_64& rng) {
    std::vector<std::uint32_t> order(nodes);
    for (std::size_t i = 0; i < nodes; ++i)
        order[i] = std::uint32_t(i);
    for (std::size_t i = nodes - 1; i > 0; --i)
        std::swap(order[i], order[std::uniform_int_distribution<std::size_t>(0, i - 1)(rng)]);
    std::vector<std::uint32_t> words(nodes * kStrideWords, 0);
    for (std::size_t i = 0; i < nodes; ++i)
        words[i * kStrideWords] = std::uint32_t(order[i] * kStrideWords);
    return words;
}

struct ChasePoint {
    nlohmann::json ns, cycles;
};

ChasePoint chase(std::size_t bytes, std::uint32_t steps, int reps, std::mt19937_64& rng) {
    std::size_t nodes = std::max<std::size_t>(bytes / (kStrideWords * 4), 2);
    auto words = chase_chain(nodes, rng);
    DeviceBuffer next(words.size() * 4), sink(4), cycles(8);
    EventTimer timer;
    // The probes' streams do not wait for the legacy default stream: copy on the same stream.
    GG_CUDA(cudaMemcpyAsync(next.as<void>(), words.data(), words.size() * 4, cudaMemcpyHostToDevice,
                            timer.stream()));
    GG_CUDA(cudaMemsetAsync(sink.as<void>(), 0, 4, timer.stream())); // the walk starts at node 0
    GG_CUDA(cudaStreamSynchronize(timer.stream()));
    // Warm-up: a full lap for cache-sized sets (so they are resident), a short one for sets far
    // beyond the L2 (they miss anyway; a full lap of millions of DRAM loads would take seconds).
    auto warm = std::uint32_t(nodes <= (1u << 20) ? nodes : (1u << 16));
    kernels::pointer_chase(next.as<std::uint32_t>(), warm, sink.as<std::uint32_t>(),
                           cycles.as<long long>(), timer.stream());
    GG_LAUNCHED();
    std::vector<double> ns, clk;
    for (int r = 0; r < reps; ++r) {
        double seconds = timer.seconds([&] {
            kernels::pointer_chase(next.as<std::uint32_t>(), steps, sink.as<std::uint32_t>(),
                                   cycles.as<long long>(), timer.stream());
        });
        GG_LAUNCHED();
        long long taken = 0;
        GG_CUDA(cudaMemcpy(&taken, cycles.as<void>(), 8, cudaMemcpyDeviceToHost));
        ns.push_back(seconds * 1e9 / steps);
        clk.push_back(double(taken) / steps);
    }
    return {stats_metric(ns, "ns"), stats_metric(clk, "cycles")};
}

class LatencyProbe final : public PerDeviceProbe {
  public:
    LatencyProbe() : PerDeviceProbe("gpu.latency") {}

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        int reps = context.quick ? 3 : 15;
        constexpr int kBatch = 1000; // launches per sample: per-launch time = sample / kBatch
        EventTimer timer;
        cudaStream_t s = timer.stream();
        // Launch to completion, as a program that waits for each kernel sees it (host clock).
        for (int i = 0; i < 100; ++i)
            kernels::launch_empty(s);
        GG_CUDA(cudaStreamSynchronize(s));
        std::vector<double> sync_us;
        for (int r = 0; r < reps; ++r) {
            auto start = std::chrono::steady_clock::now();
            for (int i = 0; i < 100; ++i) {
                kernels::launch_empty(s);
                GG_CUDA(cudaStreamSynchronize(s));
            }
            sync_us.push_back(
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                    .count() /
                100);
        }
        GG_LAUNCHED();
        auto async_s = time_gpu(timer, 1, reps, [&] {
            for (int i = 0; i < kBatch; ++i)
                kernels::launch_empty(s);
        });
        // The same kernels captured once into a graph and replayed.
        cudaGraph_t graph = nullptr;
        cudaGraphExec_t exec = nullptr;
        GG_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
        for (int i = 0; i < kBatch; ++i)
            kernels::launch_empty(s);
        GG_CUDA(cudaStreamEndCapture(s, &graph));
        GG_CUDA(cudaGraphInstantiate(&exec, graph, 0));
        auto graph_s = time_gpu(timer, 1, reps, [&] { GG_CUDA(cudaGraphLaunch(exec, s)); });
        cudaGraphExecDestroy(exec);
        cudaGraphDestroy(graph);
        auto per_launch_us = [&](double t) { return t * 1e6 / kBatch; };

        std::mt19937_64 rng(7);
        std::size_t l2 = std::size_t(attribute(cudaDevAttrL2CacheSize, device));
        std::uint32_t steps = context.quick ? 20000 : 200000;
        int chase_reps = context.quick ? 2 : 5;
        // L1: 8 KiB fits every L1; L2: a quarter of L2 (beyond any L1); DRAM: 8x the L2.
        ChasePoint l1 = chase(8u << 10, steps, chase_reps, rng);
        ChasePoint l2p = chase(l2 / 4, steps, chase_reps, rng);
        ChasePoint dram = chase(context.quick ? 4 * l2 : 8 * l2, steps / 4, chase_reps, rng);
        nlohmann::json curve = nlohmann::json::array();
        std::size_t largest = context.quick ? 2 * l2 : 8 * l2;
        for (std::size_t bytes = 4u << 10; bytes <= largest; bytes *= 4)
            curve.push_back({{"bytes", bytes}, {"ns", chase(bytes, steps / 4, 2, rng).ns}});
        return {{"launch", stats_metric(sync_us, "µs")},
                {"launch_async", stats_metric(transform_samples(async_s, per_launch_us), "µs")},
                {"graph_launch", stats_metric(transform_samples(graph_s, per_launch_us), "µs")},
                {"chase",
                 {{"l1", {{"ns", l1.ns}, {"cycles", l1.cycles}}},
                  {"l2", {{"ns", l2p.ns}, {"cycles", l2p.cycles}}},
                  {"dram", {{"ns", dram.ns}, {"cycles", dram.cycles}}}}},
                {"chase_method", "one thread, random cyclic permutation of 128-byte nodes, "
                                 "dependent __ldg loads; ns from events, cycles from clock64"},
                {"chase_curve", curve}};
    }
};

} // namespace

std::unique_ptr<Probe> make_latency_probe() {
    return std::make_unique<LatencyProbe>();
}

} // namespace gpuguide::probes::gpu
