// YAML front matter of a page, and the YAML -> JSON conversion that templates and directives use.
#include "load/book.hpp"
#include "load/error.hpp"
#include "load/files.hpp"
#include "load/summary_links.hpp"
#include "load/yaml_json.hpp"
#include "numbers/number.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <yaml-cpp/yaml.h>

namespace gpuguide {

namespace {

// Aliases turn a YAML document into a graph: `a: &x [*x]` is a cycle, and aliases of aliases grow
// exponentially ("billion laughs"). Front matter and directive bodies are small, so the
// conversion bounds both instead of recursing or allocating without end.
constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxValues = 100000;

// An unquoted YAML scalar as JSON: true/false, null/~ and numbers become JSON values, the rest
// text. Both the yaml-cpp conversion and the plain-front-matter shortcut use it, so they agree.
// nullopt for a number JSON cannot hold (.nan, .inf, 1e400): the caller says so at its line.
std::optional<nlohmann::json> plain_scalar(const std::string& text) {
    if (text == "true" || text == "false") {
        return text == "true";
    }
    if (text == "null" || text == "~") {
        return nullptr;
    }
    if (const auto number = numbers::parse(text)) {
        if (!std::isfinite(*number)) {
            return std::nullopt;
        }
        return *number;
    }
    return text;
}

class Converter {
  public:
    // `key`: the map key the node sits under, for messages.
    nlohmann::json convert(const YAML::Node& node, int depth, const std::string& key = "") {
        if (depth > kMaxDepth) {
            throw YAML::ParserException(node.Mark(), "values nested more than 64 levels deep "
                                                     "(does an alias `*name` contain itself?)");
        }
        if (++values_ > kMaxValues) {
            throw YAML::ParserException(node.Mark(), "more than 100000 values (aliases `*name` "
                                                     "that repeat each other?)");
        }
        switch (node.Type()) {
        case YAML::NodeType::Map: {
            auto object = nlohmann::json::object();
            for (const auto& item : node) {
                if (!item.first.IsScalar()) {
                    throw YAML::ParserException(item.first.Mark(),
                                                "a key must be plain text, not a list or a map");
                }
                object[item.first.Scalar()] = convert(item.second, depth + 1, item.first.Scalar());
            }
            return object;
        }
        case YAML::NodeType::Sequence: {
            auto array = nlohmann::json::array();
            for (const auto& item : node) {
                array.push_back(convert(item, depth + 1, key));
            }
            return array;
        }
        case YAML::NodeType::Scalar:
            return scalar(node, key);
        default:
            return nullptr;
        }
    }

  private:
    static nlohmann::json scalar(const YAML::Node& node, const std::string& key) {
        if (node.Tag() == "!") { // quoted: always a string
            return node.Scalar();
        }
        if (auto value = plain_scalar(node.Scalar())) {
            return std::move(*value);
        }
        const auto reading = numbers::read(node.Scalar(), numbers::Rule{});
        throw YAML::ParserException(node.Mark(), (key.empty() ? "a value" : "`" + key + "`") + " " +
                                                     reading.problem + " (put text in quotes: \"" +
                                                     node.Scalar() + "\")");
    }

    std::size_t values_ = 0;
};

} // namespace

nlohmann::json yaml_to_json(const YAML::Node& node) {
    return Converter().convert(node, 0);
}

namespace {

bool is_word_start(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Characters that YAML may read as line breaks or marks (NEL and the rest of U+0080..U+00BF,
// U+2028, U+2029, a byte-order mark) are left to yaml-cpp; any other character is plain text.
bool has_unsure_character(std::string_view text) {
    return text.find('\xC2') != std::string_view::npos ||
           text.find("\xE2\x80\xA8") != std::string_view::npos ||
           text.find("\xE2\x80\xA9") != std::string_view::npos ||
           text.find("\xEF\xBB\xBF") != std::string_view::npos;
}

bool is_plain_char(unsigned char c) {
    return is_word_start(c) || c == ' ' || c == '_' || c == '.' || c == ',' || c == '(' ||
           c == ')' || c == '/' || c == '+' || c == '-' || c >= 0x80;
}

// A plain scalar of the safe subset: starts with a letter or digit (no indicator), no ':' or '#'
// (no key, no comment), no tab, no space at the end.
std::optional<nlohmann::json> plain(std::string_view text) {
    if (text.empty() || !is_word_start(static_cast<unsigned char>(text.front())) ||
        text.back() == ' ') {
        return std::nullopt;
    }
    for (const char c : text) {
        if (!is_plain_char(static_cast<unsigned char>(c))) {
            return std::nullopt;
        }
    }
    return plain_scalar(std::string(text)); // nullopt (.inf): yaml-cpp's path says where
}

std::optional<nlohmann::json> simple_value(std::string_view value) {
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        const auto inner = value.substr(1, value.size() - 2);
        for (const char c : inner) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '"' || c == '\\' || u < 0x20 || u == 0x7F) {
                return std::nullopt;
            }
        }
        return nlohmann::json(std::string(inner)); // quoted: always a string
    }
    if (value.size() >= 2 && value.front() == '[' && value.back() == ']') {
        auto array = nlohmann::json::array();
        auto items = value.substr(1, value.size() - 2);
        while (!items.empty()) {
            const auto comma = items.find(", ");
            const auto item = items.substr(0, comma);
            if (item.find(',') != std::string_view::npos ||
                item.find(' ') != std::string_view::npos) {
                return std::nullopt;
            }
            auto converted = plain(item);
            if (!converted) {
                return std::nullopt;
            }
            array.push_back(std::move(*converted));
            items = comma == std::string_view::npos ? std::string_view() : items.substr(comma + 2);
            if (comma != std::string_view::npos && items.empty()) {
                return std::nullopt; // "[a, ]"
            }
        }
        return array;
    }
    return plain(value);
}

} // namespace

std::optional<nlohmann::json> simple_front_matter(std::string_view yaml) {
    if (has_unsure_character(yaml)) {
        return std::nullopt;
    }
    try {
        check_utf8({}, yaml); // yaml-cpp would replace invalid bytes (pages are checked before)
    } catch (const InputError&) {
        return std::nullopt;
    }
    auto object = nlohmann::json::object();
    while (!yaml.empty()) {
        const auto end = yaml.find('\n');
        if (end == std::string_view::npos) {
            return std::nullopt; // every line of front matter ends with a line break
        }
        const auto line = yaml.substr(0, end);
        yaml.remove_prefix(end + 1);
        const auto colon = line.find(": ");
        if (colon == std::string_view::npos || colon == 0) {
            return std::nullopt;
        }
        const auto key = line.substr(0, colon);
        for (const char c : key) {
            if (!is_word_start(static_cast<unsigned char>(c)) && c != '_') {
                return std::nullopt;
            }
        }
        auto value = simple_value(line.substr(colon + 2));
        if (!value || object.contains(key)) {
            return std::nullopt; // anything else, and duplicate keys, go to yaml-cpp
        }
        object[std::string(key)] = std::move(*value);
    }
    return object.empty() ? std::nullopt : std::optional(std::move(object));
}

namespace {

// The text of the first `# Heading` line outside fenced code, or "".
std::string first_heading(std::string_view text) {
    bool in_fence = false;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        if (line.ends_with('\r')) {
            line.remove_suffix(1);
        }
        if (line.starts_with("```") || line.starts_with("~~~")) {
            in_fence = !in_fence;
        } else if (!in_fence && line.starts_with("# ")) {
            line.remove_prefix(2);
            while (!line.empty() && (line.back() == ' ' || line.back() == '#')) {
                line.remove_suffix(1);
            }
            while (!line.empty() && line.front() == ' ') {
                line.remove_prefix(1);
            }
            if (!line.empty()) {
                return summary_inline_text(line); // as SUMMARY.md titles: no code marks
            }
        }
    }
    return "";
}

// A page without front matter, as mdBook writes them: the whole file is the body; the title is
// the one SUMMARY.md gave (page.title, set by the loader), else the page's first `# Heading`.
void without_front_matter(Page& page, std::string_view text) {
    if (page.title.empty()) {
        page.title = first_heading(text);
    }
    if (page.title.empty()) {
        fail_at(
            page.source_path, 1,
            "the page has no title: give its SUMMARY.md link a text `[Title](file.md)`, "
            "start it with a heading `# Title`, or add front matter `---`, `title: ...`, `---`");
    }
    page.meta = nlohmann::json::object();
    page.meta["title"] = page.title;
    page.body = std::string(text);
    page.body_first_line = 1;
}

// The front matter's keys as JSON; `file` names the page in messages.
nlohmann::json front_matter_meta(const std::string& yaml, const std::filesystem::path& file) {
    // Most pages have a few `key: value` lines: converted here, exactly as yaml-cpp and
    // yaml_to_json would, since YAML::Load cost as much as rendering the page.
    if (auto simple = simple_front_matter(yaml)) {
        return std::move(*simple);
    }
    try {
        const YAML::Node node = YAML::Load(yaml);
        if (!node.IsMap()) {
            fail_at(file, 2, "front matter must be YAML keys like `title: ...`");
        }
        return yaml_to_json(node);
    } catch (const YAML::Exception& error) {
        fail_at(file, std::max(0, error.mark.line) + 2, "front matter: " + error.msg);
    }
}

} // namespace

void parse_front_matter(Page& page, std::string_view text) {
    const auto& file = page.source_path;
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3); // UTF-8 byte-order mark
    }
    if (!text.starts_with("---\n") && !text.starts_with("---\r\n")) {
        without_front_matter(page, text); // an mdBook page: title from SUMMARY or its heading
        return;
    }
    std::size_t pos = text.find('\n') + 1;
    int line = 2;
    std::size_t yaml_end = std::string_view::npos;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        std::string_view current =
            text.substr(pos, end == std::string_view::npos ? end : end - pos);
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
    page.meta = front_matter_meta(yaml, file);
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
