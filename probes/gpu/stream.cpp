// gpu.stream: STREAM copy, scale, add and triad on device memory, each sample several launches of
// one kernel between one event pair, arrays at least 4x the L2 cache, results checked against
// values computed on the host.
#include "core/budget.hpp"
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/kernels/kernels.hpp"
#include "gpu/stream_values.hpp"

namespace gpuguide::probes::gpu {
namespace {

constexpr double kScalar = 3.0; // STREAM's scalar

/// Every `stride`-th element of a device array, copied back in one strided copy.
std::vector<double> sample(const double* device_array, std::size_t n, std::size_t stride) {
    std::vector<double> host(n / stride);
    GG_CUDA(cudaMemcpy2D(host.data(), sizeof(double), device_array, stride * sizeof(double),
                         sizeof(double), host.size(), cudaMemcpyDeviceToHost));
    return host;
}

class StreamProbe final : public PerDeviceProbe {
  public:
    StreamProbe() : PerDeviceProbe("gpu.stream") {}

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        std::size_t l2 = std::size_t(attribute(cudaDevAttrL2CacheSize, device));
        budget::StreamPlan plan = budget::stream_plan(context.quick, l2);
        std::size_t n = plan.array_bytes / sizeof(double);
        DeviceBuffer a(n * sizeof(double)), b(n * sizeof(double)), c(n * sizeof(double));
        EventTimer timer;
        cudaStream_t s = timer.stream();
        const unsigned blocks = kernels::stream_blocks(n);
        StreamValues expected; // what every element must hold, tracked on the host
        kernels::stream_fill(a.as<double>(), expected.a, n, blocks, s);
        kernels::stream_fill(b.as<double>(), expected.b, n, blocks, s);
        kernels::stream_fill(c.as<double>(), expected.c, n, blocks, s);
        GG_LAUNCHED();
        // One sample: the same kernel `k` times back to back between one event pair (a kernel
        // of 0.2 ms alone would be timed with the launch gap and the events' resolution). Each
        // kernel's inputs are unchanged by repeating it, so the values stay known on the host.
        const int k = plan.kernels_per_sample;
        auto repeated = [&](auto launch) {
            return timer.seconds([&] {
                for (int i = 0; i < k; ++i)
                    launch();
            }) / k;
        };
        std::vector<double> t_copy, t_scale, t_add, t_triad;
        for (int round = 0;; ++round) {
            double tc = repeated(
                [&] { kernels::stream_copy(c.as<double>(), a.as<double>(), n, blocks, s); });
            double ts = repeated([&] {
                kernels::stream_scale(b.as<double>(), c.as<double>(), kScalar, n, blocks, s);
            });
            double ta = repeated([&] {
                kernels::stream_add(c.as<double>(), a.as<double>(), b.as<double>(), n, blocks, s);
            });
            double tt = repeated([&] {
                kernels::stream_triad(a.as<double>(), b.as<double>(), c.as<double>(), kScalar, n,
                                      blocks, s);
            });
            GG_LAUNCHED();
            expected.run_round(kScalar);
            if (round < plan.reps.warmups)
                continue;
            t_copy.push_back(tc);
            t_scale.push_back(ts);
            t_add.push_back(ta);
            t_triad.push_back(tt);
            // Stop when every kernel's figure is steady (or at the plan's maximum).
            if (budget::enough(t_copy, plan.reps) && budget::enough(t_scale, plan.reps) &&
                budget::enough(t_add, plan.reps) && budget::enough(t_triad, plan.reps))
                break;
        }
        bool verified = true;
        for (auto [array, value] : {std::pair{a.as<double>(), expected.a},
                                    {b.as<double>(), expected.b},
                                    {c.as<double>(), expected.c}})
            for (double x : sample(array, n, 4099))
                if (!stream_value_matches(x, value))
                    verified = false;
        if (!verified)
            throw std::runtime_error(
                "STREAM results differ from the host-computed values: a kernel is wrong");
        double array_bytes = double(n) * sizeof(double);
        auto bandwidth = [&](const std::vector<double>& seconds, double arrays_moved) {
            return stats_metric(
                transform_samples(seconds,
                                  [&](double t) { return arrays_moved * array_bytes / t / 1e9; }),
                "GB/s");
        };
        return {
            {"array_bytes", n * sizeof(double)},
            {"dtype", "float64"},
            {"byte_counting",
             "STREAM: copy and scale move 2 arrays (1 read, 1 write), add and triad 3 (2 reads, "
             "1 write); 1 GB = 1e9 bytes; write-allocate traffic not counted"},
            {"copy", bandwidth(t_copy, 2)},
            {"scale", bandwidth(t_scale, 2)},
            {"add", bandwidth(t_add, 3)},
            {"triad", bandwidth(t_triad, 3)},
            {"verified", verified}};
    }
};

} // namespace

std::unique_ptr<Probe> make_stream_probe() {
    return std::make_unique<StreamProbe>();
}

} // namespace gpuguide::probes::gpu
