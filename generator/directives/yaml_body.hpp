#pragma once
/// A directive's YAML body with error reporting at the right file line.
#include "numbers/number.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace gpuguide::directives {

class Body {
  public:
    /// Parses `yaml` (the fenced block's content). `fence_line` is the file line of the opening
    /// fence. Throws InputError "file:line: directive: YAML problem".
    Body(std::filesystem::path file, int fence_line, std::string directive,
         const std::string& yaml);

    const YAML::Node& root() const { return root_; }

    /// InputError "file:line: directive: message", the line being that of `near` when known.
    [[noreturn]] void fail(const YAML::Node& near, const std::string& message) const;
    [[noreturn]] void fail(const std::string& message) const;

    /// Rejects keys of `map` that are not in `allowed` (catches typos like `rwos:`).
    void allow_only(const YAML::Node& map, const std::vector<std::string>& allowed) const;

    /// A required text value `map[key]`.
    std::string text(const YAML::Node& map, const std::string& key) const;
    /// An optional text value; `fallback` when absent.
    std::string text_or(const YAML::Node& map, const std::string& key,
                        const std::string& fallback) const;
    /// A required sequence `map[key]`.
    YAML::Node list(const YAML::Node& map, const std::string& key) const;
    /// `map[key]` as a list of strings; a single string counts as a list of one.
    std::vector<std::string> words(const YAML::Node& map, const std::string& key,
                                   std::vector<std::string> fallback) const;
    bool flag(const YAML::Node& map, const std::string& key) const;
    /// `node` as JSON (yaml_to_json); a value it refuses (a list or map as a key, nesting too
    /// deep) fails at that value's line.
    nlohmann::json json_value(const YAML::Node& node) const;
    /// An optional number `map[key]` read by `rule` (numbers::read); nullopt when absent.
    /// Anything the rule refuses fails at the value's line: "`limit` must be a whole number from
    /// 1 to 100000, not 2.5". `whose` goes after the key ("`min` of a log axis must be ...").
    std::optional<double> number(const YAML::Node& map, const std::string& key,
                                 const numbers::Rule& rule, const std::string& whose = "") const;

    const std::string& directive() const { return directive_; }

  private:
    std::filesystem::path file_;
    int fence_line_;
    std::string directive_;
    YAML::Node root_;
};

} // namespace gpuguide::directives
