#include "search/index.hpp"

#include <nlohmann/json.hpp>

namespace gpuguide::search {

namespace {

bool is_space(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
}

/// JSON is valid JavaScript since ES2019, but a script must also survive being inlined into HTML
/// and older parsers: escape '<' (no "</script>" or "<!--") and the two line separators.
std::string make_script_safe(const std::string& json) {
    std::string out;
    out.reserve(json.size() + json.size() / 16);
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '<') {
            out += "\\u003c";
        } else if (c == '\xE2' && i + 2 < json.size() && json[i + 1] == '\x80' &&
                   (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
            out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

std::string collapse_whitespace(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool pending_space = false;
    for (const char c : text) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) {
            out += ' ';
            pending_space = false;
        }
        out += c;
    }
    return out;
}

std::string build_index_script(const std::vector<Document>& docs, std::string_view lang) {
    // Arrays instead of objects: the field names would otherwise repeat in every entry.
    nlohmann::json doc_rows = nlohmann::json::array();
    nlohmann::json section_rows = nlohmann::json::array();
    for (std::size_t d = 0; d < docs.size(); ++d) {
        const Document& doc = docs[d];
        doc_rows.push_back({doc.href, collapse_whitespace(doc.title), doc.number});
        for (const Section& section : doc.sections) {
            std::string heading = collapse_whitespace(section.heading);
            std::string text = collapse_whitespace(section.text);
            if (heading.empty() && text.empty()) {
                continue;
            }
            section_rows.push_back({d, section.anchor, std::move(heading), std::move(text)});
        }
    }
    // nlohmann::json keeps object keys sorted, so the output is deterministic.
    const nlohmann::json index = {
        {"v", 1}, {"lang", std::string(lang)}, {"docs", doc_rows}, {"sections", section_rows}};
    const std::string json = index.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return "window.GPUGUIDE_SEARCH=" + make_script_safe(json) + ";\n";
}

} // namespace gpuguide::search
