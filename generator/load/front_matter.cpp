// YAML front matter of a page, and the YAML -> JSON conversion that templates and directives use.
#include <charconv>

#include <yaml-cpp/yaml.h>

#include "load/book.hpp"
#include "load/error.hpp"
#include "load/yaml_json.hpp"

namespace gpuguide {

nlohmann::json yaml_to_json(const YAML::Node& node) {
    switch (node.Type()) {
    case YAML::NodeType::Map: {
        auto object = nlohmann::json::object();
        for (const auto& item : node) {
            object[item.first.as<std::string>()] = yaml_to_json(item.second);
        }
        return object;
    }
    case YAML::NodeType::Sequence: {
        auto array = nlohmann::json::array();
        for (const auto& item : node) {
            array.push_back(yaml_to_json(item));
        }
        return array;
    }
    case YAML::NodeType::Scalar: {
        const std::string& text = node.Scalar();
        if (node.Tag() == "!") { // quoted: always a string
            return text;
        }
        if (text == "true" || text == "false") {
            return text == "true";
        }
        if (text == "null" || text == "~") {
            return nullptr;
        }
        double number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (error == std::errc() && end == text.data() + text.size() && !text.empty()) {
            return number;
        }
        return text;
    }
    default:
        return nullptr;
    }
}

void parse_front_matter(Page& page, std::string_view text) {
    const auto& file = page.source_path;
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3); // UTF-8 byte-order mark
    }
    if (!text.starts_with("---\n") && !text.starts_with("---\r\n")) {
        fail_at(file, 1,
                "the page has no front matter; start it with `---`, a line `title: ...`, and `---`");
    }
    std::size_t pos = text.find('\n') + 1;
    int line = 2;
    std::size_t yaml_end = std::string_view::npos;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        std::string_view current = text.substr(pos, end == std::string_view::npos ? end : end - pos);
        if (current.ends_with('\r')) {
            current.remove_suffix(1);
        }
        if (current == "---" || current == "...") {
            yaml_end = pos;
            break;
        }
        if (end == std::string_view::npos) {
            break;
        }
        pos = end + 1;
        ++line;
    }
    if (yaml_end == std::string_view::npos) {
        fail_at(file, 1, "the front matter is not closed; add a line `---` after it");
    }
    const std::size_t yaml_start = text.find('\n') + 1;
    const std::string yaml(text.substr(yaml_start, yaml_end - yaml_start));
    YAML::Node node;
    try {
        node = YAML::Load(yaml);
    } catch (const YAML::Exception& error) {
        fail_at(file, error.mark.line + 2, "front matter: " + error.msg);
    }
    if (!node.IsMap()) {
        fail_at(file, 2, "front matter must be YAML keys like `title: ...`");
    }
    page.meta = yaml_to_json(node);
    const auto title = page.meta.find("title");
    if (title == page.meta.end() || !title->is_string() || title->get<std::string>().empty()) {
        fail_at(file, 2, "front matter: `title` is required (a line `title: Page title`)");
    }
    page.title = title->get<std::string>();
    if (auto description = page.meta.find("description"); description != page.meta.end()) {
        page.description = description->is_string() ? description->get<std::string>() : "";
    }
    std::size_t body_start = text.find('\n', yaml_end);
    body_start = body_start == std::string_view::npos ? text.size() : body_start + 1;
    page.body = std::string(text.substr(body_start));
    page.body_first_line = line + 1;
}

} // namespace gpuguide
