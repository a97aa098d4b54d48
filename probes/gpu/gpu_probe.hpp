// The common shape of a GPU probe: one result entry per visible device.
#pragma once

#include "core/probe.hpp"
#include "gpu/gpu_catalog.hpp"

namespace gpuguide::probes::gpu {

/// A GPU probe whose key and description come from kGpuProbes. Subclasses measure one device;
/// run() collects `{"devices": [...]}` for the chosen devices (ProbeContext::devices), each with
/// its conditions: clocks and throttle reasons sampled while it was measured.
class PerDeviceProbe : public Probe {
  public:
    explicit PerDeviceProbe(std::string_view key) : key_(key) {}
    std::string_view key() const override { return key_; }
    std::string_view description() const override { return gpu_probe_description(key_); }
    bool needs_gpu() const override { return true; }
    Support supported() const override { return {}; }
    nlohmann::json run(const ProbeContext& context) override;

  protected:
    /// Measures device `device` (already made current).
    virtual nlohmann::json measure_device(int device, const ProbeContext& context) = 0;

  private:
    std::string_view key_;
};

/// Factories for the GPU probes, in kGpuProbes order (gpu/gpu_catalog.hpp).
std::unique_ptr<Probe> make_specs_probe();
std::unique_ptr<Probe> make_stream_probe();
std::unique_ptr<Probe> make_transfer_probe();
std::unique_ptr<Probe> make_gemm_probe();
std::unique_ptr<Probe> make_latency_probe();
std::unique_ptr<Probe> make_power_probe();
std::unique_ptr<Probe> make_multi_probe();
std::unique_ptr<Probe> make_llm_probe();

} // namespace gpuguide::probes::gpu
