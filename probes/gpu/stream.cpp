// gpu.stream: STREAM copy, scale, add and triad on device memory, each kernel timed with events,
// arrays at least 4x the L2 cache, results checked against values computed on the host.
#include "core/stats.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/kernels/kernels.hpp"

#include <cmath>

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
        // STREAM's rule: each array at least 4x the largest cache; 256 MiB at least.
        std::size_t bytes =
            std::max<std::size_t>(4 * l2, context.quick ? (64u << 20) : (256u << 20));
        std::size_t n = bytes / sizeof(double) / 1024 * 1024;
        DeviceBuffer a(n * sizeof(double)), b(n * sizeof(double)), c(n * sizeof(double));
        EventTimer timer;
        cudaStream_t s = timer.stream();
        kernels::stream_fill(a.as<double>(), 1.0, n, s);
        kernels::stream_fill(b.as<double>(), 2.0, n, s);
        kernels::stream_fill(c.as<double>(), 0.0, n, s);
        GG_LAUNCHED();
        double ea = 1.0, eb = 2.0, ec = 0.0; // what every element must hold, tracked on the host
        int warmups = 2, reps = context.quick ? 3 : 20;
        std::vector<double> t_copy, t_scale, t_add, t_triad;
        for (int i = 0; i < warmups + reps; ++i) {
            double tc =
                timer.seconds([&] { kernels::stream_copy(c.as<double>(), a.as<double>(), n, s); });
            double ts = timer.seconds(
                [&] { kernels::stream_scale(b.as<double>(), c.as<double>(), kScalar, n, s); });
            double ta = timer.seconds(
                [&] { kernels::stream_add(c.as<double>(), a.as<double>(), b.as<double>(), n, s); });
            double tt = timer.seconds([&] {
                kernels::stream_triad(a.as<double>(), b.as<double>(), c.as<double>(), kScalar, n,
                                      s);
            });
            GG_LAUNCHED();
            ec = ea;
            eb = kScalar * ec;
            ec = ea + eb;
            ea = eb + kScalar * ec;
            if (i < warmups)
                continue;
            t_copy.push_back(tc);
            t_scale.push_back(ts);
            t_add.push_back(ta);
            t_triad.push_back(tt);
        }
        bool verified = true;
        for (auto [array, expected] :
             {std::pair{a.as<double>(), ea}, {b.as<double>(), eb}, {c.as<double>(), ec}})
            for (double x : sample(array, n, 4099))
                if (!(std::fabs(x - expected) <= 1e-12 * std::fabs(expected)))
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
