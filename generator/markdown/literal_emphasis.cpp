// `**` and `__` that cmark-gfm left as text: emphasis that did not open or close.
//
// An unmatched delimiter run stays in the tree as text, so a doubled mark in a text node is what
// the reader sees as stray asterisks or underscores. cmark-gfm merges adjacent text nodes, which
// makes a backslash-escaped `\*\*` (written on purpose) look the same; a page that has escaped
// marks is therefore checked on a copy where each escaped `*` or `_` is an escaped `#` (also
// punctuation, so every other delimiter opens and closes exactly as on the page). Code spans,
// code blocks and HTML are other node types and are never looked at.

#include "markdown/markdown.hpp"

#include <algorithm>
#include <cmark-gfm.h>

namespace gpuguide::markdown {
namespace {

constexpr std::size_t kContext = 24; // characters of the block's text shown on each side

bool is_block(cmark_node* node) {
    const auto type = cmark_node_get_type(node);
    return (type & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK;
}

// An autolink's text is its address ("https://x.org/a__b"): shown as written, not emphasis.
bool inside_autolink(cmark_node* node) {
    for (cmark_node* up = cmark_node_parent(node); up && !is_block(up);
         up = cmark_node_parent(up)) {
        if (cmark_node_get_type(up) == CMARK_NODE_LINK) {
            const char* url = cmark_node_get_url(up);
            const char* text = cmark_node_get_literal(node);
            return url && text && std::string_view(url).find(text) != std::string_view::npos;
        }
    }
    return false;
}

// Up to `count` whole characters of `text` before (`backwards`) or after `at`.
std::size_t step_characters(std::string_view text, std::size_t at, std::size_t count,
                            bool backwards) {
    for (std::size_t n = 0; n < count; ++n) {
        if (backwards ? at == 0 : at >= text.size()) {
            break;
        }
        do {
            backwards ? --at : ++at;
        } while (at > 0 && at < text.size() &&
                 (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80);
    }
    return at;
}

// Where each run of two or more `*` or of two or more `_` starts in `text` (one report per run),
// in order. Searched for as pairs: every text node of every page passes through here, and a test
// of each byte cost more than the rest of the check.
std::vector<std::pair<std::size_t, char>> doubled_marks(std::string_view text) {
    std::vector<std::pair<std::size_t, char>> found;
    for (const std::string_view pair : {std::string_view("**"), std::string_view("__")}) {
        for (auto at = text.find(pair); at != std::string_view::npos;) {
            found.emplace_back(at, pair[0]);
            const auto after = text.find_first_not_of(pair[0], at);
            at = after == std::string_view::npos ? after : text.find(pair, after);
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}

struct Pending {
    int line = 0;
    std::string marks;
    std::size_t at = 0; // where the marks start in the block's text
};

// The block's text (text and code as written, breaks as spaces) and where each doubled mark sits.
struct BlockScan {
    std::string text;
    std::vector<Pending> found;

    void finish(std::vector<LiteralEmphasis>& out) {
        for (const auto& mark : found) {
            const std::size_t from = step_characters(text, mark.at, kContext, true);
            const std::size_t to =
                step_characters(text, mark.at + mark.marks.size(), kContext, false);
            out.push_back({mark.line, mark.marks,
                           (from > 0 ? "…" : "") + text.substr(from, to - from) +
                               (to < text.size() ? "…" : "")});
        }
        text.clear();
        found.clear();
    }
};

// `markdown` with each backslash-escaped `*` and `_` turned into `#`; empty when it has none.
std::string without_escaped_marks(std::string_view markdown) {
    std::string copy;
    for (std::size_t at = markdown.find('\\');
         at != std::string_view::npos && at + 1 < markdown.size();
         at = markdown.find('\\', at + 2)) {
        if (markdown[at + 1] == '*' || markdown[at + 1] == '_') {
            if (copy.empty()) {
                copy = markdown;
            }
            copy[at + 1] = '#';
        }
    }
    return copy;
}

std::vector<LiteralEmphasis> scan(const Document& document) {
    std::vector<LiteralEmphasis> out;
    BlockScan block;
    int line = 0;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (is_block(node)) {
            // Text lives in leaf blocks (paragraphs, headings, table cells): each starts afresh.
            block.finish(out);
            if (event == CMARK_EVENT_ENTER && cmark_node_get_start_line(node) > 0) {
                line = cmark_node_get_start_line(node);
            }
            continue;
        }
        if (event != CMARK_EVENT_ENTER) {
            continue;
        }
        switch (cmark_node_get_type(node)) {
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK:
            block.text += ' ';
            ++line;
            break;
        case CMARK_NODE_CODE:
            block.text.append("`").append(cmark_node_get_literal(node)).append("`");
            break;
        case CMARK_NODE_TEXT: {
            const std::string_view text = cmark_node_get_literal(node);
            if (!inside_autolink(node)) {
                for (const auto& [at, mark] : doubled_marks(text)) {
                    block.found.push_back({line, std::string(2, mark), block.text.size() + at});
                }
            }
            block.text += text;
            break;
        }
        default:
            break;
        }
    }
    block.finish(out);
    cmark_iter_free(iter);
    return out;
}

} // namespace

std::vector<LiteralEmphasis> find_literal_emphasis(std::string_view markdown,
                                                   const Document& parsed) {
    const std::string checked = without_escaped_marks(markdown);
    if (checked.empty()) {
        return scan(parsed);
    }
    // Parsed again only to be scanned: its admonitions and definition lists need no theme.
    static const theme::NoMarkup no_markup;
    return scan(Document(checked, Syntax{.markup = &no_markup}));
}

} // namespace gpuguide::markdown
