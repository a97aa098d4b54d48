// cpu.gemm: FP32 and FP64 matrix products through OpenBLAS (cblas), on random data, checked
// against sampled entries computed in double on the host.
#include "core/stats.hpp"
#include "cpu/cpu_probes.hpp"

#include <algorithm>
#include <cblas.h>
#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace gpuguide::probes {
namespace {

/// "OpenBLAS 0.3.21" from openblas_get_config()'s "OpenBLAS 0.3.21 DYNAMIC_ARCH ...".
std::string blas_name(const std::string& config) {
    std::istringstream words(config);
    std::string name, version;
    words >> name >> version;
    return version.empty() ? name : name + " " + version;
}

template <class T> void gemm(int n, const T* a, const T* b, T* c) {
    if constexpr (std::is_same_v<T, float>)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c,
                    n);
    else
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a, n, b, n, 0.0, c, n);
}

/// Times C = A*B for one precision and checks 64 sampled entries against a double dot product.
template <class T> nlohmann::json measure(int n, int reps, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    std::size_t count = std::size_t(n) * std::size_t(n);
    std::vector<T> a(count), b(count), c(count, T(-777)); // poisoned: unwritten entries show
    for (auto& x : a)
        x = T(uniform(rng));
    for (auto& x : b)
        x = T(uniform(rng));
    auto seconds = time_host(1, reps, [&] { gemm<T>(n, a.data(), b.data(), c.data()); });
    double max_rel = 0;
    std::uniform_int_distribution<int> pick(0, n - 1);
    for (int s = 0; s < 64; ++s) {
        int i = pick(rng), j = pick(rng);
        double ref = 0, mag = 0;
        for (int k = 0; k < n; ++k) {
            double term = double(a[std::size_t(i) * n + k]) * double(b[std::size_t(k) * n + j]);
            ref += term;
            mag += std::fabs(term);
        }
        // Relative to the sum of magnitudes: entries near zero would make |ref| meaningless.
        max_rel = std::max(max_rel, std::fabs(double(c[std::size_t(i) * n + j]) - ref) / mag);
    }
    double tolerance = std::is_same_v<T, float> ? 1e-4 : 1e-12;
    if (!(max_rel <= tolerance))
        throw std::runtime_error("BLAS result differs from the reference: max relative error " +
                                 std::to_string(max_rel));
    double flops = 2.0 * double(n) * n * n;
    auto metric = stats_metric(
        transform_samples(seconds, [&](double s) { return flops / s / 1e9; }), "GFLOP/s");
    metric["max_rel_error"] = max_rel;
    return metric;
}

class CpuGemmProbe final : public Probe {
  public:
    std::string_view key() const override { return "cpu.gemm"; }
    std::string_view description() const override {
        return "FP32 and FP64 GEMM throughput through OpenBLAS (all threads)";
    }
    bool needs_gpu() const override { return false; }
    Support supported() const override { return {}; }

    nlohmann::json run(const ProbeContext& context) override {
        int n = context.quick ? 256 : 1536;
        int reps = context.quick ? 2 : 4;
        std::mt19937_64 rng(2024);
        std::string config = openblas_get_config();
        nlohmann::json result = {{"blas", blas_name(config)},
                                 {"blas_config", config},
                                 {"threads", openblas_get_num_threads()},
                                 {"n", n}};
        result["fp32"] = measure<float>(n, reps, rng);
        result["fp64"] = measure<double>(n, reps, rng);
        return result;
    }
};

} // namespace

std::unique_ptr<Probe> make_cpu_gemm_probe() {
    return std::make_unique<CpuGemmProbe>();
}

} // namespace gpuguide::probes
