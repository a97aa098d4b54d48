// The runner's plausibility check of GPU results against this device's theoretical peaks.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// Headroom over a theoretical peak before a result counts as absurd: boost clocks and
/// rounding in reported clocks can put a real figure slightly above the computed peak.
inline constexpr double kPeakHeadroom = 1.10;

/// Problems with `result` of probe `key` compared with `specs_result` (gpu.specs' result):
/// gpu.stream bandwidths above the memory peak, gpu.gemm throughputs above the matching tensor or
/// vector peak. Each message names the JSON pointer, the value and the peak. Empty when plausible
/// or when no peak is known.
std::vector<std::string> exceeds_peaks(const std::string& key, const nlohmann::json& result,
                                       const nlohmann::json& specs_result);

} // namespace gpuguide::probes
