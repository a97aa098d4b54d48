// cpu.stream: STREAM triad a[i] = b[i] + s*c[i] over all hardware threads. Each thread first
// touches the part of the arrays it later streams, so pages land on its NUMA node.
#include "core/stats.hpp"
#include "cpu/cpu_probes.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

namespace gpuguide::probes {
namespace {

/// Runs body(begin, end) on `threads` threads over [0, n), one contiguous chunk per thread.
template <class F> void parallel_chunks(unsigned threads, std::size_t n, F body) {
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) {
        std::size_t begin = n * t / threads, end = n * (t + 1) / threads;
        workers.emplace_back([=] { body(begin, end); });
    }
    for (auto& worker : workers)
        worker.join();
}

class CpuStreamProbe final : public Probe {
  public:
    std::string_view key() const override { return "cpu.stream"; }
    std::string_view description() const override {
        return "STREAM triad bandwidth over all CPU threads (first touch per thread)";
    }
    bool needs_gpu() const override { return false; }
    Support supported() const override { return {}; }

    nlohmann::json run(const ProbeContext& context) override {
        unsigned threads = std::max(1u, std::thread::hardware_concurrency());
        // Each array 4x the last-level cache (STREAM's rule), within [32 MiB, 256 MiB]: virtual
        // machines often report the whole host socket's L3, and the probe must stay fast.
        std::size_t llc = last_level_cache_bytes().value_or(std::size_t(32) << 20);
        std::size_t elements =
            std::clamp<std::size_t>(4 * llc, std::size_t(32) << 20, std::size_t(256) << 20) /
            sizeof(double);
        if (context.quick)
            elements = std::size_t(2) << 20;
        // Uninitialised storage, so that the first write (first touch) is the thread's own.
        std::unique_ptr<double[]> a(new double[elements]), b(new double[elements]),
            c(new double[elements]);
        parallel_chunks(threads, elements, [&](std::size_t lo, std::size_t hi) {
            for (std::size_t i = lo; i < hi; ++i) {
                a[i] = 0.0;
                b[i] = 1.0 + double(i % 7);
                c[i] = 2.0 + double(i % 5);
            }
        });
        const double scalar = 3.0;
        auto triad = [&] {
            parallel_chunks(threads, elements, [&](std::size_t lo, std::size_t hi) {
                double* __restrict pa = a.get();
                const double* __restrict pb = b.get();
                const double* __restrict pc = c.get();
                for (std::size_t i = lo; i < hi; ++i)
                    pa[i] = pb[i] + scalar * pc[i];
            });
        };
        auto seconds = time_host(1, context.quick ? 3 : 10, triad);
        for (std::size_t i = 0; i < elements; i += 4099) {
            double expected = (1.0 + double(i % 7)) + scalar * (2.0 + double(i % 5));
            if (a[i] != expected)
                throw std::runtime_error("triad result wrong at element " + std::to_string(i));
        }
        // STREAM counting: two arrays read, one written; write-allocate traffic not counted.
        double bytes = 3.0 * sizeof(double) * double(elements);
        return {{"threads", threads},
                {"array_bytes", elements * sizeof(double)},
                {"byte_counting", "3 x 8 bytes per element (2 reads + 1 write), as STREAM"},
                {"triad",
                 stats_metric(transform_samples(seconds, [&](double s) { return bytes / s / 1e9; }),
                              "GB/s")},
                {"verified", true}};
    }
};

} // namespace

std::unique_ptr<Probe> make_cpu_stream_probe() {
    return std::make_unique<CpuStreamProbe>();
}

} // namespace gpuguide::probes
