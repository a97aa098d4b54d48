// cpu.latency: load-to-use latency by pointer chasing through a random cyclic permutation of
// cache lines, for working sets from 16 KiB up past the last-level cache.
#include "core/stats.hpp"
#include "cpu/cpu_probes.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

namespace gpuguide::probes {
namespace {

constexpr std::size_t kLineBytes = 64;

/// One node per cache line: the index of the next node, padded to a full line.
struct alignas(kLineBytes) Node {
    std::size_t next;
};

/// Sattolo's algorithm: a uniformly random permutation with a single cycle, so the chase visits
/// every line before repeating and the prefetcher cannot guess the next address.
std::vector<Node> cyclic_chain(std::size_t count, std::mt19937_64& rng) {
    std::vector<std::size_t> order(count);
    for (std::size_t i = 0; i < count; ++i)
        order[i] = i;
    for (std::size_t i = count - 1; i > 0; --i) {
        std::uniform_int_distribution<std::size_t> pick(0, i - 1);
        std::swap(order[i], order[pick(rng)]);
    }
    std::vector<Node> nodes(count);
    for (std::size_t i = 0; i < count; ++i)
        nodes[i].next = order[i];
    return nodes;
}

/// Nanoseconds per dependent load over `steps` loads.
double chase_ns(const std::vector<Node>& nodes, std::size_t steps) {
    std::size_t at = 0;
    auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < steps; ++i)
        at = nodes[at].next;
    auto end = std::chrono::steady_clock::now();
    // Keep `at` alive so the loop is not optimised away.
    volatile std::size_t sink = at;
    (void)sink;
    return std::chrono::duration<double, std::nano>(end - start).count() / double(steps);
}

class CpuLatencyProbe final : public Probe {
  public:
    std::string_view key() const override { return "cpu.latency"; }
    std::string_view description() const override {
        return "Pointer-chase load latency from L1 to DRAM (random cyclic permutation)";
    }
    bool needs_gpu() const override { return false; }
    Support supported() const override { return {}; }

    nlohmann::json run(const ProbeContext& context) override {
        std::size_t llc = last_level_cache_bytes().value_or(std::size_t(32) << 20);
        // DRAM point: 4x the last-level cache within [64 MiB, 256 MiB] (8 MiB in quick mode).
        std::size_t largest =
            context.quick
                ? std::size_t(8) << 20
                : std::clamp<std::size_t>(4 * llc, std::size_t(64) << 20, std::size_t(256) << 20);
        std::size_t steps = context.quick ? 100000 : 400000;
        int reps = context.quick ? 2 : 3;
        std::mt19937_64 rng(12345);
        nlohmann::json curve = nlohmann::json::array();
        nlohmann::json dram;
        for (std::size_t bytes = 16 << 10; bytes <= largest; bytes *= 2) {
            auto nodes = cyclic_chain(bytes / kLineBytes, rng);
            chase_ns(nodes, std::min(steps, nodes.size() * 2)); // warm-up: caches and TLB
            std::vector<double> samples;
            for (int r = 0; r < reps; ++r)
                samples.push_back(chase_ns(nodes, steps));
            dram = stats_metric(samples, "ns");
            curve.push_back({{"bytes", bytes}, {"ns", dram}});
            if (bytes * 2 > largest && bytes != largest)
                bytes = largest / 2; // end on `largest`
        }
        return {{"dram", dram}, {"dram_bytes", largest}, {"curve", curve}};
    }
};

} // namespace

std::unique_ptr<Probe> make_cpu_latency_probe() {
    return std::make_unique<CpuLatencyProbe>();
}

} // namespace gpuguide::probes
