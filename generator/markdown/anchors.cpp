// Heading anchors like GitHub's: stable across builds, unique within a page, and readable for
// Chinese headings (CJK characters are kept as they are).
#include "markdown/markdown.hpp"

#include <cmark-gfm.h>

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

// cmark-gfm's inline literals (raw HTML, link URLs, ...) can point into their block's content buffer, which
// dies with the heading node freed below; reading a literal makes cmark copy it into the node, so
// the moved children own their text (`# Title <small>x</small>` was a heap-use-after-free:
// tests/fuzz/corpus/page/regression-heading-inline-html).
void own_literals(cmark_node* heading) {
    cmark_iter* iter = cmark_iter_new(heading);
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        if (event != CMARK_EVENT_ENTER) {
            continue;
        }
        cmark_node* node = cmark_iter_get_node(iter);
        (void)cmark_node_get_literal(node);
        // Links keep their URL and title as chunks too: an autolink in a setext heading
        // (`http://e` over `-`) otherwise published freed heap bytes as its href
        // (tests/fuzz/corpus/page/regression-autolink-setext-heading).
        const auto type = cmark_node_get_type(node);
        if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) {
            (void)cmark_node_get_url(node);
            (void)cmark_node_get_title(node);
        }
    }
    cmark_iter_free(iter);
}

} // namespace

std::vector<Heading> anchor_headings(Document& document) {
    std::vector<cmark_node*> heading_nodes;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_HEADING) {
            heading_nodes.push_back(node);
        }
    }
    cmark_iter_free(iter);

    AnchorSet anchors;
    std::vector<Heading> headings;
    for (cmark_node* node : heading_nodes) {
        Heading heading;
        heading.level = cmark_node_get_heading_level(node);
        heading.line = cmark_node_get_start_line(node);
        collect_text(node, heading.text);
        heading.anchor = anchors.unique(slugify(heading.text));
        // A custom block renders its children between on_enter and on_exit, so the heading keeps
        // its inline Markdown while gaining an id.
        cmark_node* block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
        own_literals(node);
        while (cmark_node* child = cmark_node_first_child(node)) {
            cmark_node_append_child(block, child);
        }
        cmark_node_replace(node, block);
        cmark_node_free(node);
        heading.node = block;
        set_heading_id(heading, heading.anchor);
        headings.push_back(std::move(heading));
    }
    return headings;
}

void set_heading_id(Heading& heading, const std::string& id) {
    // Built with append: GCC 12 warns falsely (-Wrestrict) about `"<" + std::string`.
    const std::string level = std::to_string(heading.level);
    std::string open = "<h";
    open.append(level).append(" id=\"").append(escape_html(id)).append("\">");
    std::string close = "</h";
    close.append(level).append(">\n");
    cmark_node_set_on_enter(heading.node, open.c_str());
    cmark_node_set_on_exit(heading.node, close.c_str());
}

} // namespace gpuguide::markdown
