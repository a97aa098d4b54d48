#pragma once
/// YAML (front matter, directive bodies) as JSON, so one value type flows through the generator.
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

namespace gpuguide {

/// Maps become objects, sequences arrays; unquoted scalars that read as numbers, booleans or null
/// become those, everything else (and every quoted scalar) a string.
nlohmann::json yaml_to_json(const YAML::Node& node);

} // namespace gpuguide
