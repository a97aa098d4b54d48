#include "gpu/conditions.hpp"

#include "gpu/cuda_util.hpp"
#include "gpu/nvml.hpp"

namespace gpuguide::probes::gpu {

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
        ClockSample sample{nvml.clock(*handle, Nvml::Clock::Sm),
                           nvml.clock(*handle, Nvml::Clock::Memory),
                           nvml.clocks_event_reasons(*handle)};
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
    return summarize_clocks(samples_);
}

} // namespace gpuguide::probes::gpu
