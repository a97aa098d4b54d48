// A GPU's clocks and clocks-event (throttle) reasons while a probe measured it, summarised from
// NVML readings that gpu/conditions.hpp takes during the work. Plain C++ (no CUDA), so its tests
// run on machines without the toolkit.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace gpuguide::probes::gpu {

/// One NVML reading of a device; a field NVML could not give is missing.
struct ClockSample {
    std::optional<unsigned long long> sm_mhz, mem_mhz, reasons;
};

/// {"sm_clock_mhz" (median), "sm_clock_mhz_min", "mem_clock_mhz" (median),
/// "clocks_event_reasons" (every reason seen in any sample; gpu_idle only when no sample saw the
/// GPU busy), "samples"}; nulls and 0 samples without NVML.
nlohmann::json summarize_clocks(const std::vector<ClockSample>& samples);

} // namespace gpuguide::probes::gpu
