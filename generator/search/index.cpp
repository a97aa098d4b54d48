#include "search/index.hpp"

#include "text/utf8.hpp"
#include "text/whitespace.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>

namespace gpuguide::search {

namespace {

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

bool valid_utf8(std::string_view text) {
    return gpuguide::text::first_invalid_utf8(text) == std::string_view::npos;
}

// Bytes that JSON or make_script_safe write otherwise: quote, backslash, controls, '<' and the
// lead byte of U+2028/U+2029.
constexpr auto kNeedsCare = [] {
    std::array<bool, 256> table{};
    for (int c = 0; c < 0x20; ++c) {
        table[c] = true;
    }
    for (const unsigned char c : {'"', '\\', '<', static_cast<char>(0xE2)}) {
        table[c] = true;
    }
    return table;
}();

bool needs_care(unsigned char c) {
    return kNeedsCare[c];
}

// The escape for the byte at text[i], which needs care, or nullptr where it stands as it is (an
// 0xE2 that starts another character than U+2028/U+2029). Sets `consumed` to the bytes the escape
// replaces; other controls are written into `buffer`.
const char* escape_at(std::string_view text, std::size_t i, char (&buffer)[8],
                      std::size_t& consumed) {
    consumed = 1;
    const auto c = static_cast<unsigned char>(text[i]);
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    case '<':
        return "\\u003c";
    case 0xE2:
        if (i + 2 < text.size() && text[i + 1] == '\x80' &&
            (text[i + 2] == '\xA8' || text[i + 2] == '\xA9')) {
            consumed = 3;
            return text[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
        }
        return nullptr;
    default: // other controls, as nlohmann writes them
        std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
        return buffer;
    }
}

/// Appends `text` as a JSON string, byte for byte what make_script_safe(nlohmann's dump) gives:
/// the index is several MB for a large book, and building a json tree just to dump it doubled the
/// work. Invalid UTF-8 (never in checked pages) goes through nlohmann, which replaces it;
/// `known_valid`: the caller knows it is valid (Section::text_is_plain), and it is not checked.
void append_string(std::string& out, std::string_view text, bool known_valid = false) {
    if (!known_valid && !valid_utf8(text)) {
        out +=
            make_script_safe(nlohmann::json(std::string(text))
                                 .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        return;
    }
    out += '"';
    std::size_t done = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (!needs_care(c)) {
            continue;
        }
        char buffer[8];
        std::size_t consumed = 1;
        const char* escape = escape_at(text, i, buffer, consumed);
        if (escape == nullptr) {
            continue; // 0xE2 starting another character
        }
        out.append(text, done, i - done);
        out += escape;
        i += consumed - 1;
        done = i + 1;
    }
    out.append(text, done, std::string_view::npos);
    out += '"';
}

} // namespace

std::string collapse_whitespace(std::string_view text) {
    return gpuguide::text::collapse_whitespace(text);
}

IndexWriter::IndexWriter(const std::vector<Document>& docs, std::string_view lang,
                         const Synonyms& synonyms) {
    // Keys in nlohmann::json's (sorted) order, arrays instead of objects: the field names would
    // otherwise repeat in every entry.
    out_ = "window.GPUGUIDE_SEARCH={\"docs\":[";
    for (std::size_t d = 0; d < docs.size(); ++d) {
        out_ += d == 0 ? "[" : ",[";
        append_string(out_, docs[d].href);
        out_ += ',';
        append_string(out_, collapse_whitespace(docs[d].title));
        out_ += ',';
        append_string(out_, docs[d].number);
        out_ += docs[d].back_matter ? ",1]" : ",0]";
    }
    out_ += "],\"lang\":";
    append_string(out_, lang);
    out_ += ",\"sections\":[";
    tail_ = "],\"synonyms\":[";
    for (std::size_t g = 0; g < synonyms.size(); ++g) {
        tail_ += g == 0 ? "[" : ",[";
        for (std::size_t w = 0; w < synonyms[g].size(); ++w) {
            if (w > 0) {
                tail_ += ',';
            }
            append_string(tail_, synonyms[g][w]);
        }
        tail_ += ']';
    }
    tail_ += "],\"v\":2};\n";
}

void IndexWriter::add_sections(std::size_t doc, const std::vector<Section>& sections) {
    append_sections(out_, doc, sections, first_section_);
}

std::string IndexWriter::section_entries(std::size_t doc, const std::vector<Section>& sections,
                                         bool first) {
    std::string out;
    append_sections(out, doc, sections, first);
    return out;
}

void IndexWriter::append_sections(std::string& out, std::size_t doc,
                                  const std::vector<Section>& sections, bool& first) {
    const std::string number = std::to_string(doc);
    // Headings (and text not known to be plain) are checked: cheaper than collapsing (and copying)
    // every one a second time.
    const auto collapsed = [](const std::string& text, std::string& storage) -> std::string_view {
        if (gpuguide::text::is_collapsed(text)) {
            return text;
        }
        storage = collapse_whitespace(text);
        return storage;
    };
    std::string heading_storage, text_storage;
    for (const Section& section : sections) {
        const std::string_view heading = collapsed(section.heading, heading_storage);
        const std::string_view text =
            section.text_is_plain ? section.text : collapsed(section.text, text_storage);
        if (heading.empty() && text.empty()) {
            continue;
        }
        out += first ? "[" : ",[";
        first = false;
        out += number;
        out += ',';
        append_string(out, section.anchor);
        out += ',';
        append_string(out, heading);
        out += ',';
        append_string(out, text, section.text_is_plain);
        out += ']';
    }
}

void IndexWriter::finish() {
    out_ += tail_;
}

std::string build_index_script(const std::vector<Document>& docs, std::string_view lang,
                               const Synonyms& synonyms) {
    IndexWriter writer(docs, lang, synonyms);
    for (std::size_t d = 0; d < docs.size(); ++d) {
        writer.add_sections(d, docs[d].sections);
    }
    writer.finish();
    return writer.take();
}

} // namespace gpuguide::search
