// gpu.power: NVML's total-energy counter read around a sustained GEMM run, in windows, giving
// energy, average power and GFLOP/s per watt.
#include "core/stats.hpp"
#include "gpu/cublas_api.hpp"
#include "gpu/gemm_runner.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/nvml.hpp"

#include <chrono>

namespace gpuguide::probes::gpu {
namespace {

using Clock = std::chrono::steady_clock;

/// BF16 where the tensor cores have it, else FP16, else FP32.
const PrecisionSpec& power_precision(int cc) {
    const auto& specs = precision_specs();
    for (const char* name : {"bf16", "fp16", "fp32"})
        for (const auto& spec : specs)
            if (spec.name == name && cc >= spec.min_cc)
                return spec;
    return specs.front();
}

class PowerProbe final : public PerDeviceProbe {
  public:
    PowerProbe() : PerDeviceProbe("gpu.power") {}

    Support supported() const override {
        if (const CublasApi& api = CublasApi::instance(); !api.available())
            return {false, api.error};
        Nvml& nvml = Nvml::instance();
        if (!nvml.available())
            return {false, nvml.error()};
        auto handle = nvml.device(pci_bus_id(0));
        if (!handle || !nvml.total_energy_mj(*handle))
            return {false,
                    "NVML cannot read this GPU's total energy counter (needs Volta or newer)"};
        return {};
    }

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        Nvml& nvml = Nvml::instance();
        auto handle = nvml.device(pci_bus_id(device));
        if (!handle)
            throw std::runtime_error("NVML does not know the device at " + pci_bus_id(device));
        int cc = attribute(cudaDevAttrComputeCapabilityMajor, device) * 10 +
                 attribute(cudaDevAttrComputeCapabilityMinor, device);
        const PrecisionSpec& spec = power_precision(cc);
        EventTimer timer;
        BlasContext blas(timer.stream());
        budget::PowerPlan plan = budget::power_plan(context.quick);
        GemmCase gemm(spec, plan.n, blas);
        auto run_for = [&](double seconds) {
            long launched = 0;
            auto start = Clock::now();
            while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
                for (int i = 0; i < 8; ++i)
                    gemm.launch();
                GG_CUDA(cudaStreamSynchronize(timer.stream()));
                launched += 8;
            }
            return launched;
        };
        run_for(plan.warmup_seconds); // warm-up: clocks and power settle under load
        // Three windows of a second: NVML refreshes the energy counter every few tens of ms at
        // most, so a window's energy is good to about a percent, and the whole-run figures below
        // (all windows together) are better still.
        int windows = plan.windows;
        double window_s = plan.window_seconds;
        std::vector<double> watts, efficiency;
        double joules = 0, total_seconds = 0, total_operations = 0;
        for (int w = 0; w < windows; ++w) {
            auto e0 = nvml.total_energy_mj(*handle);
            auto t0 = Clock::now();
            long launched = run_for(window_s);
            auto e1 = nvml.total_energy_mj(*handle);
            double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
            if (!e0 || !e1 || *e1 <= *e0)
                throw std::runtime_error("NVML energy counter did not advance");
            double window_joules = double(*e1 - *e0) / 1000.0;
            joules += window_joules;
            total_seconds += seconds;
            total_operations += gemm.operations() * double(launched);
            double power = window_joules / seconds;
            watts.push_back(power);
            efficiency.push_back(gemm.operations() * double(launched) / seconds / 1e9 / power);
        }
        return {{"precision", spec.name},
                {"n", plan.n},
                {"method", "NVML total energy counter (mJ) read around " + std::to_string(windows) +
                               " windows of sustained GEMMs after a warm-up; whole-board power"},
                {"energy", value_metric(joules, "J")},
                {"avg_power", stats_metric(watts, "W")},
                {"efficiency", stats_metric(efficiency, "GFLOP/s/W")},
                {"whole_run",
                 {{"seconds", value_metric(total_seconds, "s")},
                  {"avg_power", value_metric(joules / total_seconds, "W")},
                  {"efficiency", value_metric(total_operations / 1e9 / joules, "GFLOP/s/W")}}}};
    }
};

} // namespace

std::unique_ptr<Probe> make_power_probe() {
    return std::make_unique<PowerProbe>();
}

} // namespace gpuguide::probes::gpu
