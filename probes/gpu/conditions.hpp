// What the GPU's clocks and clocks-event (throttle) reasons were while a probe measured it:
// sampled through NVML on a thread of its own during the work, because read afterwards they
// show an idle GPU and miss the power cap a BF16 or FP8 GEMM runs into.
#pragma once

#include "gpu/clock_conditions.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
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

    /// Stops sampling and summarises the samples (summarize_clocks(), gpu/clock_conditions.hpp).
    nlohmann::json stop();

  private:
    void run(std::chrono::milliseconds period);
    std::string bus_id_;
    std::vector<ClockSample> samples_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable first_sample_;
    bool stopping_ = false;
    bool sampling_started_ = false; ///< the first sample is in, or there will be none
    std::thread thread_;
};

} // namespace gpuguide::probes::gpu
