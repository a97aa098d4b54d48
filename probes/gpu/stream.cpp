// gpu.stream: STREAM copy, scale, add and triad on device memory, each sample several launches of
// one kernel between one event pair, arrays at least 4x the L2 cache, results checked against
// values computed on the host.
#include "core/budget.hpp"
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/kernels/kernels.hpp"
#include "gpu/stream_values.hpp"

#include <array>

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

/// Checks sampled elements of the arrays a, b and c (in that order) against the values tracked on
/// the host; throws where one differs. Returns true.
bool verify_stream_arrays(const std::array<const double*, 3>& arrays, const StreamValues& expected,
                          std::size_t n) {
    bool verified = true;
    for (auto [array, value] :
         {std::pair{arrays[0], expected.a}, {arrays[1], expected.b}, {arrays[2], expected.c}})
        for (double x : sample(array, n, 4099))
            if (!stream_value_matches(x, value))
                verified = false;
    if (!verified)
        throw std::runtime_error(
            "STREAM results differ from the host-computed values: a kernel is wrong");
    return verified;
}

/// Seconds per kernel, one sample per round.
struct StreamSeconds {
    const std::vector<double>& copy;
    const std::vector<double>& scale;
    const std::vector<double>& add;
    const std::vector<double>& triad;
};

/// The probe's result: each kernel's bandwidth over arrays of `n` doubles.
nlohmann::json stream_result(std::size_t n, const StreamSeconds& seconds, bool verified) {
    double array_bytes = double(n) * sizeof(double);
    auto bandwidth = [&](const std::vector<double>& samples, double arrays_moved) {
        return stats_metric(
            transform_samples(samples,
                              [&](double t) { return arrays_moved * array_bytes / t / 1e9; }),
            "GB/s");
    };
    return {{"array_bytes", n * sizeof(double)},
            {"dtype", "float64"},
            {"byte_counting",
             "STREAM: copy and scale move 2 arrays (1 read, 1 write), add and triad 3 (2 reads, "
             "1 write); 1 GB = 1e9 bytes; write-allocate traffic not counted"},
            {"copy", bandwidth(seconds.copy, 2)},
            {"scale", bandwidth(seconds.scale, 2)},
            {"add", bandwidth(seconds.add, 3)},
            {"triad", bandwidth(seconds.triad, 3)},
            {"verified", verified}};
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
        const bool verified =
            verify_stream_arrays({a.as<double>(), b.as<double>(), c.as<double>()}, expected, n);
        return stream_result(n, {t_copy, t_scale, t_add, t_triad}, verified);
    }
};

} // namespace

std::unique_ptr<Probe> make_stream_probe() {
    return std::make_unique<StreamProbe>();
}

} // namespace gpuguide::probes::gpu
