// gpu.gemm: cuBLAS throughput by precision over a size sweep, every result checked against a
// host FP64 reference (all entries at n=256, sampled entries at each sweep size).
#include "core/stats.hpp"
#include "gpu/cublas_api.hpp"
#include "gpu/gemm_runner.hpp"
#include "gpu/gpu_probe.hpp"

#include <algorithm>
#include <cmath>

namespace gpuguide::probes::gpu {
namespace {

/// FP8 entries say whether fast accumulation was on (the others have no such switch).
void record_fast_accum(const PrecisionSpec& spec, nlohmann::json& entry) {
    if (spec.ab_type == CUDA_R_8F_E4M3)
        entry["fast_accum"] = spec.fast_accum;
}

// Sizes, samples and batching come from budget::gemm_plan(), which the suite's time estimate
// reads too: a sample is about 20 ms of GEMMs (long against the event resolution, short enough
// that slow precisions fit the timeout), and a size whose single GEMM takes over 0.25 s is the
// sweep's last (slow FP64 on consumer GPUs).
nlohmann::json measure_precision(const PrecisionSpec& spec, const budget::GemmPlan& plan,
                                 EventTimer& timer, BlasContext& blas, std::string& failure) {
    nlohmann::json entry = {{"supported", true},
                            {"math_mode", spec.math_mode},
                            {"best", nullptr},
                            {"best_n", nullptr},
                            {"sweep", nlohmann::json::array()},
                            {"max_rel_error", nullptr},
                            {"tolerance", spec.tolerance}};
    double worst_error = 0;
    {
        GemmCase small(spec, plan.check_n, blas);
        small.launch();
        worst_error = small.max_relative_error(0); // every entry
    }
    double best = -1;
    for (int n : plan.sizes) {
        GemmCase gemm(spec, n, blas);
        gemm.launch(); // first call: heuristics, kernel load
        double one = timer.seconds([&] { gemm.launch(); });
        int batch = plan.batch(one);
        bool slow = one > plan.slow_gemm_seconds;
        auto seconds = time_gpu(timer, slow ? plan.slow_reps : plan.reps, [&] {
            for (int i = 0; i < batch; ++i)
                gemm.launch();
        });
        double error = gemm.max_relative_error(plan.check_samples);
        worst_error = std::isnan(error) || std::isnan(worst_error) ? std::nan("")
                                                                   : std::max(worst_error, error);
        auto metric = stats_metric(
            transform_samples(seconds,
                              [&](double t) { return gemm.operations() * batch / t / 1e12; }),
            spec.unit);
        entry["sweep"].push_back({{"n", n}, {"throughput", metric}});
        entry["sweep"].back()["batch"] = batch;
        if (metric["median"].get<double>() > best) {
            best = metric["median"];
            entry["best"] = metric;
            entry["best_n"] = n;
        }
        if (slow)
            break; // larger sizes would only take longer
    }
    entry["max_rel_error"] = worst_error; // NaN → null + failed, by the tool's NaN rule
    if (!(worst_error <= spec.tolerance) && failure.empty())
        failure = spec.name + " GEMM result differs from the FP64 host reference: relative error " +
                  std::to_string(worst_error) + " > " + std::to_string(spec.tolerance);
    return entry;
}

class GemmProbe final : public PerDeviceProbe {
  public:
    GemmProbe() : PerDeviceProbe("gpu.gemm") {}

    Support supported() const override {
        const CublasApi& api = CublasApi::instance();
        return api.available() ? Support{} : Support{false, api.error};
    }

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        int cc = attribute(cudaDevAttrComputeCapabilityMajor, device) * 10 +
                 attribute(cudaDevAttrComputeCapabilityMinor, device);
        budget::GemmPlan plan = budget::gemm_plan(context.quick);
        EventTimer timer;
        BlasContext blas(timer.stream()); // handles and workspace shared by every case here
        nlohmann::json precisions = nlohmann::json::object();
        std::string failure;
        for (const auto& spec : precision_specs()) {
            if (cc < spec.min_cc) {
                precisions[spec.name] = {{"supported", false},
                                         {"reason", "needs compute capability " +
                                                        std::to_string(spec.min_cc / 10) + "." +
                                                        std::to_string(spec.min_cc % 10)},
                                         {"math_mode", spec.math_mode},
                                         {"best", nullptr},
                                         {"best_n", nullptr},
                                         {"sweep", nlohmann::json::array()},
                                         {"max_rel_error", nullptr}};
                record_fast_accum(spec, precisions[spec.name]);
                continue;
            }
            try {
                precisions[spec.name] = measure_precision(spec, plan, timer, blas, failure);
            } catch (const std::exception& error) {
                // One precision failing (no algorithm, out of memory) keeps the others' figures.
                precisions[spec.name] = {
                    {"supported", true},           {"error", error.what()},
                    {"math_mode", spec.math_mode}, {"best", nullptr},
                    {"best_n", nullptr},           {"sweep", nlohmann::json::array()},
                    {"max_rel_error", nullptr}};
                if (failure.empty())
                    failure = spec.name + ": " + error.what();
                cudaGetLastError();
            }
            record_fast_accum(spec, precisions[spec.name]);
        }
        nlohmann::json result = {
            {"precisions", precisions},
            {"operation_counting", "2 n^3 per GEMM (a multiply-add is 2 operations), dense"}};
        if (!failure.empty())
            result["failure"] = failure;
        return result;
    }
};

} // namespace

std::unique_ptr<Probe> make_gemm_probe() {
    return std::make_unique<GemmProbe>();
}

} // namespace gpuguide::probes::gpu
