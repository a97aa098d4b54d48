#include "gpu/clock_conditions.hpp"

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

nlohmann::json summarize_clocks(const std::vector<ClockSample>& samples) {
    std::vector<unsigned long long> sm, mem;
    unsigned long long busy_reasons = 0, all_reasons = 0;
    bool any_reasons = false, any_busy = false;
    for (const ClockSample& s : samples) {
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
