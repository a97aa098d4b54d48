// Heading anchors like GitHub's: stable across builds, unique within a page, and readable for
// Chinese headings (CJK characters are kept as they are).
#include "load/error.hpp"
#include "markdown/internal.hpp"
#include "markdown/markdown.hpp"

#include <cmark-gfm.h>
#include <map>

namespace gpuguide::markdown {
namespace {

// Decodes one UTF-8 code point at text[i], advancing i; invalid bytes decode as U+FFFD.
char32_t next_code_point(std::string_view text, std::size_t& i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int length = lead < 0x80         ? 1
                 : (lead >> 5) == 6  ? 2
                 : (lead >> 4) == 14 ? 3
                 : (lead >> 3) == 30 ? 4
                                     : 0;
    if (length == 0 || i + length > text.size()) {
        ++i;
        return 0xFFFD;
    }
    char32_t cp = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (int k = 1; k < length; ++k) {
        cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    i += length;
    return cp;
}

// Punctuation and symbols outside ASCII that GitHub drops: general punctuation, CJK symbols and
// punctuation, full-width forms' punctuation.
bool is_non_ascii_punctuation(char32_t cp) {
    return (cp >= 0x2000 && cp <= 0x206F) || (cp >= 0x3000 && cp <= 0x303F) ||
           (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) ||
           (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65) || cp == 0x00A0 ||
           (cp >= 0x00A1 && cp <= 0x00BF) || cp == 0x00D7 || cp == 0x00F7 || cp == 0xFFFD;
}

void collect_text(cmark_node* node, std::string& out) {
    for (cmark_node* child = cmark_node_first_child(node); child; child = cmark_node_next(child)) {
        switch (cmark_node_get_type(child)) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_CODE:
            out += cmark_node_get_literal(child);
            break;
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK:
            out += ' ';
            break;
        default:
            collect_text(child, out);
        }
    }
}

// HTML's attribute names: no spaces, quotes, `>`, `/`, `=` or controls. A custom heading
// attribute named otherwise is left out rather than break the tag.
bool is_attribute_name(std::string_view name) {
    if (name.empty()) {
        return false;
    }
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte == 0x7F || c == '"' || c == '\'' || c == '>' || c == '/' ||
            c == '=' || c == '<' || c == '&') {
            return false;
        }
    }
    return true;
}

} // namespace

std::string slugify(std::string_view heading_text) {
    std::string slug;
    for (std::size_t i = 0; i < heading_text.size();) {
        const std::size_t start = i;
        const char32_t cp = next_code_point(heading_text, i);
        if (cp < 0x80) {
            const char c = static_cast<char>(cp);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') {
                slug += c;
            } else if (c >= 'A' && c <= 'Z') {
                slug += static_cast<char>(c - 'A' + 'a');
            } else if (c == ' ') {
                slug += '-';
            }
        } else if (!is_non_ascii_punctuation(cp)) {
            slug.append(heading_text.substr(start, i - start));
        }
    }
    return slug.empty() ? std::string("section") : slug;
}

std::string AnchorSet::unique(const std::string& slug) {
    if (used_.insert(slug).second) {
        return slug;
    }
    for (int n = 1;; ++n) {
        std::string candidate = slug;
        candidate.append("-").append(std::to_string(n));
        if (used_.insert(candidate).second) {
            return candidate;
        }
    }
}

namespace {

// Explicit ids (`{#id}`) are taken first, so that generated ones avoid them; the same explicit id
// twice is the author's mistake, and a link to it could reach only one of them.
void reserve_explicit_ids(const std::vector<Heading>& headings, AnchorSet& anchors,
                          const std::filesystem::path& file, int line_offset) {
    std::map<std::string, int> first_line;
    for (const auto& heading : headings) {
        const auto& id = heading.attributes.id;
        if (id.empty()) {
            continue;
        }
        if (const auto [at, added] = first_line.emplace(id, heading.line); !added) {
            fail_at(file, heading.line + line_offset,
                    "heading id `" + id + "` is also given to the heading at line " +
                        std::to_string(at->second + line_offset) +
                        "; ids must be unique in a page (links to it would reach only one), so " +
                        "give one of them another `{#id}`");
        }
        anchors.unique(id);
    }
}

} // namespace

std::vector<Heading> anchor_headings(Document& document, const theme::Markup& markup,
                                     const std::filesystem::path& file, int line_offset) {
    const std::set<cmark_node*> terms(document.terms().begin(), document.terms().end());
    std::vector<cmark_node*> nodes; // headings and definition-list terms, in document order
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER &&
            (cmark_node_get_type(node) == CMARK_NODE_HEADING || terms.contains(node))) {
            nodes.push_back(node);
        }
    }
    cmark_iter_free(iter);

    std::vector<Heading> headings;
    for (cmark_node* node : nodes) {
        Heading heading;
        const bool term = terms.contains(node);
        heading.level = term ? 0 : cmark_node_get_heading_level(node);
        heading.line = line_of(node);
        collect_text(node, heading.text);
        if (const auto found = document.heading_attributes().find(heading.line);
            !term && found != document.heading_attributes().end()) {
            heading.attributes = found->second;
        }
        heading.node = node;
        headings.push_back(std::move(heading));
    }
    AnchorSet anchors;
    reserve_explicit_ids(headings, anchors, file, line_offset);
    for (auto& heading : headings) {
        heading.anchor = heading.attributes.id.empty() ? anchors.unique(slugify(heading.text))
                                                       : heading.attributes.id;
        if (heading.level > 0) {
            // Replaced by a custom block, which set_heading_id gives the theme's markup.
            cmark_node* block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
            own_literals(heading.node);
            while (cmark_node* child = cmark_node_first_child(heading.node)) {
                cmark_node_append_child(block, child);
            }
            cmark_node_replace(heading.node, block);
            cmark_node_free(heading.node);
            heading.node = block;
        }
        set_heading_id(heading, heading.anchor, markup);
    }
    return headings;
}

void set_heading_id(Heading& heading, const std::string& id, const theme::Markup& markup) {
    // The theme's heading (or definition-term) partial: a custom block renders its children
    // between on_enter and on_exit, so the heading keeps its inline Markdown.
    nlohmann::json view = nlohmann::json::object();
    const auto& attributes = heading.attributes;
    std::string classes;
    for (const auto& name : attributes.classes) {
        classes.append(classes.empty() ? "" : " ").append(name);
    }
    view["classes"] = std::move(classes);
    view["attributes"] = nlohmann::json::array();
    for (const auto& [name, value] : attributes.others) {
        if (is_attribute_name(name)) {
            view["attributes"].push_back({{"name", name}, {"value", value}});
        }
    }
    if (heading.level > 0) {
        view["level"] = heading.level;
    }
    // Rendered once per level and attributes, the id put in (a page has thousands of headings).
    const auto [open, close] = markup.around_with(
        heading.level > 0 ? "heading" : "definition-term", view, "content_html", "id", id);
    cmark_node_set_on_enter(heading.node, open.c_str());
    cmark_node_set_on_exit(heading.node, close.c_str());
}

} // namespace gpuguide::markdown
