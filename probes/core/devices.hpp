// Which GPUs a run measures: `--devices 0,3` parsed, printed and checked against what is visible.
// Plain C++ (no CUDA), so it is tested on machines without a GPU.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::probes {

/// Parses "0,3" into {0, 3}. Throws std::invalid_argument naming the bad item for an empty
/// list or item, a non-number, a negative index or a repeated one.
std::vector<int> parse_device_list(std::string_view text);

/// "0,3": the form parse_device_list reads (and children are given).
std::string device_list_text(const std::vector<int>& devices);

/// The CUDA device indices to measure: `requested` as given (each checked to be below
/// `visible`, else std::invalid_argument saying which devices exist), or every visible one when
/// `requested` is empty.
std::vector<int> devices_to_measure(const std::vector<int>& requested, int visible);

} // namespace gpuguide::probes
