#include "directives/yaml_body.hpp"

#include "load/error.hpp"
#include "load/yaml_json.hpp"

#include <algorithm>

namespace gpuguide::directives {

Body::Body(std::filesystem::path file, int fence_line, std::string directive,
           const std::string& yaml)
    : file_(std::move(file)), fence_line_(fence_line), directive_(std::move(directive)) {
    try {
        root_ = YAML::Load(yaml);
    } catch (const YAML::Exception& error) {
        fail_at(file_, fence_line_ + 1 + std::max(0, error.mark.line),
                directive_ + ": YAML: " + error.msg);
    }
    if (!root_.IsMap()) {
        fail("the block must be YAML keys like `title: ...` (see docs/src/design/directives.md)");
    }
}

void Body::fail(const YAML::Node& near, const std::string& message) const {
    const auto mark = near.Mark();
    const int line = mark.is_null() ? fence_line_ : fence_line_ + 1 + mark.line;
    fail_at(file_, line, directive_ + ": " + message);
}

nlohmann::json Body::json_value(const YAML::Node& node) const {
    try {
        return yaml_to_json(node);
    } catch (const YAML::Exception& error) {
        const int line = error.mark.is_null() ? fence_line_ : fence_line_ + 1 + error.mark.line;
        fail_at(file_, line, directive_ + ": " + error.msg);
    }
}

void Body::fail(const std::string& message) const {
    fail_at(file_, fence_line_, directive_ + ": " + message);
}

void Body::allow_only(const YAML::Node& map, const std::vector<std::string>& allowed) const {
    if (!map.IsMap()) {
        fail(map, "expected keys like `label: ...` here");
    }
    for (const auto& item : map) {
        if (!item.first.IsScalar()) {
            fail(item.first, "a key must be plain text, not a list or a map");
        }
        const auto key = item.first.Scalar();
        if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
            std::string known;
            for (const auto& name : allowed) {
                known += (known.empty() ? "" : ", ") + name;
            }
            fail(item.first, "unknown key `" + key + "` (known: " + known + ")");
        }
    }
}

std::string Body::text(const YAML::Node& map, const std::string& key) const {
    const auto value = map[key];
    if (!value) {
        fail(map, "missing `" + key + "`");
    }
    if (!value.IsScalar()) {
        fail(value, "`" + key + "` must be text");
    }
    return value.Scalar();
}

std::string Body::text_or(const YAML::Node& map, const std::string& key,
                          const std::string& fallback) const {
    return map[key] ? text(map, key) : fallback;
}

YAML::Node Body::list(const YAML::Node& map, const std::string& key) const {
    const auto value = map[key];
    if (!value) {
        fail(map, "missing `" + key + "` (a list)");
    }
    if (!value.IsSequence() || value.size() == 0) {
        fail(value, "`" + key + "` must be a non-empty list");
    }
    return value;
}

std::vector<std::string> Body::words(const YAML::Node& map, const std::string& key,
                                     std::vector<std::string> fallback) const {
    const auto value = map[key];
    if (!value) {
        return fallback;
    }
    if (value.IsScalar()) {
        return {value.Scalar()};
    }
    if (!value.IsSequence()) {
        fail(value, "`" + key + "` must be a word or a list of words");
    }
    std::vector<std::string> result;
    for (const auto& item : value) {
        if (!item.IsScalar()) {
            fail(item, "`" + key + "` must list words");
        }
        result.push_back(item.Scalar());
    }
    return result;
}

bool Body::flag(const YAML::Node& map, const std::string& key) const {
    const auto value = map[key];
    if (!value) {
        return false;
    }
    try {
        return value.as<bool>();
    } catch (const YAML::Exception&) {
        fail(value, "`" + key + "` must be true or false");
    }
}

std::optional<double> Body::number(const YAML::Node& map, const std::string& key,
                                   const numbers::Rule& rule, const std::string& whose) const {
    const auto value = map[key];
    if (!value) {
        return std::nullopt;
    }
    const std::string subject = "`" + key + "`" + whose + " ";
    if (!value.IsScalar()) {
        const std::string found = value.IsNull() ? "empty" : value.IsMap() ? "a map" : "a list";
        // An empty value's mark is the next token's, often a line further: point at the key.
        // (A function, not a reassigned variable: assigning a YAML::Node rewrites the tree.)
        const auto key_node = [&]() -> YAML::Node {
            for (const auto& item : map) {
                if (item.first.IsScalar() && item.first.Scalar() == key) {
                    return item.first;
                }
            }
            return value;
        };
        fail(value.IsNull() ? key_node() : value,
             subject + "must be " + numbers::describe(rule) + ", not " + found);
    }
    const auto reading = numbers::read(value.Scalar(), rule);
    if (!reading.value) {
        fail(value, subject + reading.problem);
    }
    return reading.value;
}

} // namespace gpuguide::directives
