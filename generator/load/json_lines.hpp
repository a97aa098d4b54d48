#pragma once
/// Lines of JSON members, for messages that name `file:line` of a figure in a measurement
/// document (nlohmann::json keeps no positions; yaml-cpp, whose YAML is a superset of JSON, does).
#include <string>
#include <string_view>

namespace gpuguide {

/// The 1-based line of the member that `pointer` (RFC 6901, "/probes/gpu.stream/result") names in
/// `json_text`; 0 when the text does not parse or has no such member (messages then name the file
/// alone).
int json_pointer_line(std::string_view json_text, const std::string& pointer);

} // namespace gpuguide
