// What the GPU's clocks and clocks-event (throttle) reasons were while a probe measured it:
// sampled through NVML on a thread of its own during the work, because read afterwards they
// show an idle GPU and miss the power cap a BF16 or FP8 GEMM runs into.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace gpuguide::probes::gpu {

/// Samples one device every `period` from construction until stop() (or destruction). The
/// constructor returns once the first sample is taken (or NVML has no such device), so work of
/// any length after it is sampled at least once.
class ConditionSampler {
  public:
    explicit ConditionSampler(int device,
                              std::chrono::milliseconds period = std::chrono::milliseconds(20));
    ~ConditionSampler();
    ConditionSampler(const ConditionSampler&) = delete;
    ConditionSampler& operator=(const ConditionSampler&) = delete;

    /// Stops sampling and summarises: {"sm_clock_mhz" (median), "sm_clock_mhz_min",
    /// "mem_clock_mhz" (median), "clocks_event_reasons" (every reason seen in any sample;
    /// gpu_idle only when no sample saw the GPU busy), "samples"}; nulls and 0 without NVML.
    nlohmann::json stop();

    /// One NVML sample (tests feed these to summarize()).
    struct Sample {
        std::optional<unsigned long long> sm_mhz, mem_mhz, reasons;
    };
    static nlohmann::json summarize(const std::vector<Sample>& samples);

  private:
    void run(std::chrono::milliseconds period);
    std::string bus_id_;
    std::vector<Sample> samples_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable first_sample_;
    bool stopping_ = false;
    bool sampling_started_ = false; ///< the first sample is in, or there will be none
    std::thread thread_;
};

} // namespace gpuguide::probes::gpu
