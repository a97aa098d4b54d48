// gpu.latency: what a kernel launch costs (launch + synchronise, back-to-back launches, inside a
// CUDA Graph) and the load-to-use latency of L1, L2 and device memory by pointer chasing.
#include "core/budget.hpp"
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/kernels/kernels.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>

namespace gpuguide::probes::gpu {
namespace {

constexpr std::size_t kNodeBytes = 128; // one cache line per node
constexpr std::size_t kNodeWords = kNodeBytes / 8;
/// GPU memory is mapped in 2 MiB pages: a chase that stays within one for 16 384 loads misses
/// the TLB once per 16 384 loads, not on nearly every load.
constexpr std::size_t kPageBytes = 2u << 20;

/// The order a chase visits `nodes` nodes: random within blocks of `block_nodes`, the blocks in
/// random order (block_nodes >= nodes: one random order over all).
std::vector<std::size_t> visit_order(std::size_t nodes, std::size_t block_nodes,
                                     std::mt19937_64& rng) {
    std::size_t blocks = (nodes + block_nodes - 1) / block_nodes;
    std::vector<std::size_t> block_order(blocks), order;
    std::iota(block_order.begin(), block_order.end(), 0);
    std::shuffle(block_order.begin(), block_order.end(), rng);
    order.reserve(nodes);
    for (std::size_t block : block_order) {
        std::size_t first = block * block_nodes, last = std::min(nodes, first + block_nodes);
        std::size_t from = order.size();
        for (std::size_t node = first; node < last; ++node)
            order.push_back(node);
        std::shuffle(order.begin() + std::ptrdiff_t(from), order.end(), rng);
    }
    return order;
}

struct ChasePoint {
    nlohmann::json ns, cycles;
};

/// Chases a cycle over `bytes` (one node per 128-byte line, nodes holding absolute addresses).
/// `page_local` orders it page by page (see kPageBytes). `flush` (at least 2x L2) is written
/// after the upload, so the upload's tail does not sit in L2 when the walk starts.
ChasePoint chase(std::size_t bytes, bool page_local, std::uint32_t steps,
                 const budget::Repetitions& reps, DeviceBuffer& flush, std::mt19937_64& rng) {
    std::size_t nodes = std::max<std::size_t>(bytes / kNodeBytes, 2);
    DeviceBuffer next(nodes * kNodeBytes), sink(8), cycles(8);
    auto base = reinterpret_cast<unsigned long long>(next.as<char>());
    auto order = visit_order(nodes, page_local ? kPageBytes / kNodeBytes : nodes, rng);
    std::vector<unsigned long long> words(nodes * kNodeWords, 0);
    for (std::size_t k = 0; k < nodes; ++k)
        words[order[k] * kNodeWords] = base + order[(k + 1) % nodes] * kNodeBytes;
    unsigned long long start = base + order[0] * kNodeBytes;
    EventTimer timer;
    // The probes' streams do not wait for the legacy default stream: copy on the same stream.
    GG_CUDA(cudaMemcpyAsync(next.as<void>(), words.data(), words.size() * 8, cudaMemcpyHostToDevice,
                            timer.stream()));
    GG_CUDA(cudaMemcpyAsync(sink.as<void>(), &start, 8, cudaMemcpyHostToDevice, timer.stream()));
    GG_CUDA(cudaMemsetAsync(flush.as<void>(), 0, flush.bytes(), timer.stream()));
    GG_CUDA(cudaStreamSynchronize(timer.stream())); // `words` and `start` live on this frame
    // Warm-up: a full lap for cache-sized sets (so they are resident), a short one for sets far
    // beyond the L2 (they miss anyway; a full lap of millions of DRAM loads would take seconds).
    auto warm = std::uint32_t(nodes <= (1u << 20) ? nodes : (1u << 16));
    kernels::pointer_chase(sink.as<unsigned long long>(), warm, cycles.as<long long>(),
                           timer.stream());
    GG_LAUNCHED();
    std::vector<double> ns, clk;
    while (!budget::enough(ns, reps)) {
        double seconds = timer.seconds([&] {
            kernels::pointer_chase(sink.as<unsigned long long>(), steps, cycles.as<long long>(),
                                   timer.stream());
        });
        GG_LAUNCHED();
        long long taken = 0;
        GG_CUDA(cudaMemcpy(&taken, cycles.as<void>(), 8, cudaMemcpyDeviceToHost));
        ns.push_back(seconds * 1e9 / steps);
        clk.push_back(double(taken) / steps);
    }
    return {stats_metric(ns, "ns"), stats_metric(clk, "cycles")};
}

/// Launch costs in µs per kernel: {launch + synchronise, back-to-back, graph}.
std::array<nlohmann::json, 3> launch_costs(const budget::LatencyPlan& plan) {
    EventTimer timer;
    cudaStream_t s = timer.stream();
    // Launch to completion, as a program that waits for each kernel sees it (host clock).
    for (int i = 0; i < plan.sync_launches; ++i)
        kernels::launch_empty(s);
    GG_CUDA(cudaStreamSynchronize(s));
    std::vector<double> sync_us;
    while (!budget::enough(sync_us, plan.launch_reps)) {
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < plan.sync_launches; ++i) {
            kernels::launch_empty(s);
            GG_CUDA(cudaStreamSynchronize(s));
        }
        sync_us.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count() /
            plan.sync_launches);
    }
    GG_LAUNCHED();
    auto async_s = time_gpu(timer, plan.launch_reps, [&] {
        for (int i = 0; i < plan.async_launches; ++i)
            kernels::launch_empty(s);
    });
    // The same kernels captured once into a graph and replayed.
    cudaGraph_t graph = nullptr;
    cudaGraphExec_t exec = nullptr;
    GG_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    for (int i = 0; i < plan.async_launches; ++i)
        kernels::launch_empty(s);
    GG_CUDA(cudaStreamEndCapture(s, &graph));
    GG_CUDA(cudaGraphInstantiate(&exec, graph, 0));
    auto graph_s = time_gpu(timer, plan.launch_reps, [&] { GG_CUDA(cudaGraphLaunch(exec, s)); });
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    auto per_launch_us = [&](double t) { return t * 1e6 / plan.async_launches; };
    return {stats_metric(sync_us, "µs"),
            stats_metric(transform_samples(async_s, per_launch_us), "µs"),
            stats_metric(transform_samples(graph_s, per_launch_us), "µs")};
}

class LatencyProbe final : public PerDeviceProbe {
  public:
    LatencyProbe() : PerDeviceProbe("gpu.latency") {}

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        std::size_t l2 = std::size_t(attribute(cudaDevAttrL2CacheSize, device));
        budget::LatencyPlan plan = budget::latency_plan(context.quick, l2);
        auto [launch, launch_async, graph_launch] = launch_costs(plan);

        std::mt19937_64 rng(7);
        DeviceBuffer flush(2 * l2);
        ChasePoint l1 = chase(plan.l1_bytes, false, plan.steps, plan.chase_reps, flush, rng);
        ChasePoint l2p = chase(plan.l2_bytes, false, plan.steps, plan.chase_reps, flush, rng);
        ChasePoint dram =
            chase(plan.dram_bytes, true, plan.dram_steps, plan.chase_reps, flush, rng);
        nlohmann::json curve = nlohmann::json::array();
        budget::Repetitions curve_reps{0, plan.curve_reps, plan.curve_reps};
        for (std::size_t bytes : plan.curve)
            curve.push_back(
                {{"bytes", bytes},
                 {"ns", chase(bytes, false, plan.curve_steps, curve_reps, flush, rng).ns}});
        return {
            {"launch", launch},
            {"launch_async", launch_async},
            {"graph_launch", graph_launch},
            {"launch_method",
             "launch: one empty kernel launched and waited for (cudaStreamSynchronize), host "
             "clock, "
             "per kernel; launch_async: back-to-back launches without waiting, CUDA events, per "
             "kernel (the figure usually quoted); graph_launch: the same launches replayed from a "
             "CUDA Graph"},
            {"chase",
             {{"l1", {{"ns", l1.ns}, {"cycles", l1.cycles}}},
              {"l2", {{"ns", l2p.ns}, {"cycles", l2p.cycles}}},
              {"dram", {{"ns", dram.ns}, {"cycles", dram.cycles}}}}},
            {"chase_method",
             "one thread; 128-byte nodes each holding the next node's address (no arithmetic "
             "between dependent __ldg loads); L2 flushed after the upload; ns from events, cycles "
             "from clock64"},
            {"dram_definition",
             "device memory with few TLB misses: a random order within each 2 MiB page, pages in "
             "random order, set 8x L2; the chase_curve is one random order over each whole set, "
             "so its largest points include TLB misses"},
            {"chase_curve", curve}};
    }
};

} // namespace

std::unique_ptr<Probe> make_latency_probe() {
    return std::make_unique<LatencyProbe>();
}

} // namespace gpuguide::probes::gpu
