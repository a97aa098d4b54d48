#pragma once
/// YAML (front matter, directive bodies) as JSON, so one value type flows through the generator.
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <yaml-cpp/yaml.h>

namespace gpuguide {

/// Maps become objects, sequences arrays; unquoted scalars that read as numbers, booleans or null
/// become those, everything else (and every quoted scalar) a string. Numbers are read by
/// numbers::parse (YAML 1.2's core schema: `nan` and `inf` are words); one that JSON cannot hold
/// (.nan, .inf, 1e400) throws YAML::ParserException at its line, naming its key.
nlohmann::json yaml_to_json(const YAML::Node& node);

/// Front matter made only of `key: value` lines whose values are double-quoted text without
/// escapes, plain words and numbers, or flow lists of plain words, converted without yaml-cpp
/// (which costs as much as rendering a page) to exactly what yaml_to_json(YAML::Load(yaml))
/// gives; std::nullopt for anything else, which the caller hands to yaml-cpp.
std::optional<nlohmann::json> simple_front_matter(std::string_view yaml);

} // namespace gpuguide
