#include "gpu/conditions.hpp"

#include "gpu/cuda_util.hpp"
#include "gpu/nvml.hpp"

#include <algorithm>

namespace gpuguide::probes::gpu {
namespace {

constexpr unsigned long long kGpuIdle = 0x1; // nvmlClocksEventReasonGpuIdle

nlohmann::json median_of(std::vector<unsigned long long> values) {
    if (values.empty())
        return nullptr;
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

ConditionSampler::ConditionSampler(int device, std::chrono::milliseconds period)
    : bus_id_(pci_bus_id(device)) {
    thread_ = std::thread([this, period] { run(period); });
    // NVML's first call can take longer than a quick probe's whole run (a quick gpu.stream on an
    // H200 finished before the first sample and reported none).
    std::unique_lock lock(mutex_);
    first_sample_.wait(lock, [this] { return sampling_started_; });
}

ConditionSampler::~ConditionSampler() {
    stop();
}

void ConditionSampler::run(std::chrono::milliseconds period) {
    auto say_started = [this] {
        std::lock_guard lock(mutex_);
        sampling_started_ = true;
        first_sample_.notify_all();
    };
    Nvml& nvml = Nvml::instance();
    auto handle = nvml.device(bus_id_);
    if (!handle) {
        say_started();
        return;
    }
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        lock.unlock();
        Sample sample{nvml.clock(*handle, Nvml::Clock::Sm),
                      nvml.clock(*handle, Nvml::Clock::Memory), nvml.clocks_event_reasons(*handle)};
        lock.lock();
        samples_.push_back(sample);
        if (!sampling_started_) {
            sampling_started_ = true;
            first_sample_.notify_all();
        }
        wake_.wait_for(lock, period, [this] { return stopping_; });
    }
}

nlohmann::json ConditionSampler::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable())
        thread_.join();
    return summarize(samples_);
}

nlohmann::json ConditionSampler::summarize(const std::vector<Sample>& samples) {
    std::vector<unsigned long long> sm, mem;
    unsigned long long busy_reasons = 0, all_reasons = 0;
    bool any_reasons = false, any_busy = false;
    for (const Sample& s : samples) {
        if (s.sm_mhz)
            sm.push_back(*s.sm_mhz);
        if (s.mem_mhz)
            mem.push_back(*s.mem_mhz);
        if (s.reasons) {
            any_reasons = true;
            all_reasons |= *s.reasons;
            if (!(*s.reasons & kGpuIdle)) {
                any_busy = true;
                busy_reasons |= *s.reasons;
            }
        }
    }
    nlohmann::json reasons = nullptr;
    if (any_reasons)
        reasons = Nvml::describe_clocks_event_reasons(any_busy ? busy_reasons : all_reasons);
    return {{"sm_clock_mhz", median_of(sm)},
            {"sm_clock_mhz_min", sm.empty()
                                     ? nlohmann::json(nullptr)
                                     : nlohmann::json(*std::min_element(sm.begin(), sm.end()))},
            {"mem_clock_mhz", median_of(mem)},
            {"clocks_event_reasons", reasons},
            {"samples", samples.size()}};
}

} // namespace gpuguide::probes::gpu
