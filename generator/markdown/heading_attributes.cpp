// Heading attribute blocks `{#id .class}` as pulldown-cmark (mdBook's parser) reads them. The
// block is cut from the heading's source line before inline parsing, as pulldown-cmark does, so
// the page is parsed a second time when one of its headings has one.
#include "markdown/internal.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cmark-gfm.h>
#include <set>
#include <string_view>

namespace gpuguide::markdown {
namespace {

bool is_separator(char c) {
    return c == ' ' || c == '\t' || c == '\f';
}

HeadingAttributes read_attributes(std::string_view inside) {
    HeadingAttributes attributes;
    for (std::size_t i = 0; i < inside.size();) {
        if (is_separator(inside[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < inside.size() && !is_separator(inside[end])) {
            ++end;
        }
        const auto word = inside.substr(i, end - i);
        i = end;
        if (word.front() == '#') {
            if (word.size() > 1) {
                attributes.id = std::string(word.substr(1));
            }
        } else if (word.front() == '.') {
            if (word.size() > 1) {
                attributes.classes.emplace_back(word.substr(1));
            }
        } else if (const auto equals = word.find('='); equals != 0) {
            attributes.others.emplace_back(
                std::string(word.substr(0, equals)),
                equals == std::string_view::npos ? "" : std::string(word.substr(equals + 1)));
        }
    }
    return attributes;
}

// The line of the heading's text that the attribute block ends: the heading's own line for an ATX
// heading, the last text line for a setext one (its underline is not text).
int last_text_line(cmark_node* heading) {
    int line = cmark_node_get_start_line(heading);
    cmark_iter* iter = cmark_iter_new(heading);
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        if (event == CMARK_EVENT_ENTER) {
            line = std::max(line, cmark_node_get_start_line(cmark_iter_get_node(iter)));
        }
    }
    cmark_iter_free(iter);
    return line;
}

struct Cut {
    std::size_t begin, end; ///< bytes of the page to remove
    bool keep_line;         ///< the block is all of its line: leave something so the line stays
};

// What keeps a setext heading's line that held only its attribute block: an empty element, which
// the parser reads as inline HTML and so as part of the heading's text (a comment would start an
// HTML block, ending the paragraph). It is the parser's, never the page's markup:
// drop_line_keepers takes it out of the tree again.
constexpr std::string_view kLineKeeper = "<span></span>";

bool is_inline_html(cmark_node* node) {
    return node != nullptr && cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE;
}

// Removes the line keeper (its open and close tag, two inline HTML nodes), and the line break
// before it, from the setext headings that start at `first_lines`: the heading ends with its
// text, as pulldown-cmark gives it.
void drop_line_keepers(cmark_node* root, const std::set<int>& first_lines) {
    std::vector<cmark_node*> remove;
    cmark_iter* iter = cmark_iter_new(root);
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event != CMARK_EVENT_ENTER || cmark_node_get_type(node) != CMARK_NODE_HEADING ||
            !first_lines.contains(cmark_node_get_start_line(node))) {
            continue;
        }
        cmark_node* close = cmark_node_last_child(node);
        cmark_node* open = close != nullptr ? cmark_node_previous(close) : nullptr;
        if (is_inline_html(open) && is_inline_html(close) &&
            std::string(cmark_node_get_literal(open)) + cmark_node_get_literal(close) ==
                kLineKeeper) {
            cmark_node* before = cmark_node_previous(open);
            if (before != nullptr && cmark_node_get_type(before) == CMARK_NODE_SOFTBREAK) {
                remove.push_back(before);
            }
            remove.push_back(open);
            remove.push_back(close);
        }
    }
    cmark_iter_free(iter);
    for (cmark_node* node : remove) {
        cmark_node_free(node);
    }
}

} // namespace

std::optional<AttributeBlock> attribute_block(std::string_view line) {
    std::size_t end = line.size();
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t' || line[end - 1] == '\r')) {
        --end;
    }
    if (end < 2 || line[end - 1] != '}') {
        return std::nullopt;
    }
    const auto open = line.rfind('{', end - 2);
    if (open == std::string_view::npos) {
        return std::nullopt;
    }
    const auto inside = line.substr(open + 1, end - 1 - open - 1);
    if (inside.find_first_of("{}<>\\\n") != std::string_view::npos) {
        return std::nullopt;
    }
    return AttributeBlock{read_attributes(inside), open, end};
}

bool may_hold_heading_ids(std::string_view markdown) {
    for (auto close = markdown.find('}'); close != std::string_view::npos;
         close = markdown.find('}', close + 1)) {
        const auto line_start = markdown.rfind('\n', close);
        const auto start = line_start == std::string_view::npos ? 0 : line_start + 1;
        const auto line_end = std::min(markdown.find('\n', close), markdown.size());
        const auto block = attribute_block(markdown.substr(start, line_end - start));
        if (block && !block->attributes.id.empty()) {
            return true;
        }
        close = line_end;
    }
    return false;
}

void Document::read_heading_attributes(std::string_view markdown) {
    if (markdown.find('}') == std::string_view::npos) {
        return;
    }
    std::vector<std::pair<int, int>> headings; // first line, last text line
    cmark_iter* iter = cmark_iter_new(root_);
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_HEADING) {
            headings.emplace_back(cmark_node_get_start_line(node), last_text_line(node));
        }
    }
    cmark_iter_free(iter);

    std::vector<Cut> cuts;
    std::set<int> kept; // the first lines of setext headings that get a line keeper
    std::size_t line_start = 0;
    int line_number = 1;
    for (const auto& [first, last] : headings) {
        while (line_number < last && line_start < markdown.size()) {
            const auto newline = markdown.find('\n', line_start);
            line_start = newline == std::string_view::npos ? markdown.size() : newline + 1;
            ++line_number;
        }
        const auto line_end = std::min(markdown.find('\n', line_start), markdown.size());
        const auto line = markdown.substr(line_start, line_end - line_start);
        auto block = line_number == last ? attribute_block(line) : std::nullopt;
        if (!block) {
            continue;
        }
        const bool all_of_line =
            first != last &&
            line.substr(0, block->begin).find_first_not_of(" \t>") == std::string_view::npos;
        cuts.push_back({line_start + block->begin, line_start + block->end, all_of_line});
        if (all_of_line) {
            kept.insert(first);
        }
        attributes_.emplace(first, std::move(block->attributes));
    }
    if (cuts.empty()) {
        return;
    }
    std::string without;
    without.reserve(markdown.size());
    std::size_t done = 0;
    for (const auto& cut : cuts) {
        without.append(markdown.substr(done, cut.begin - done));
        // A setext heading's last line that was only the block stays (pulldown-cmark keeps it
        // too): empty, it would end the heading's paragraph.
        without.append(cut.keep_line ? kLineKeeper : "");
        done = cut.end;
    }
    without.append(markdown.substr(done));
    parse(without);
    if (!kept.empty()) {
        drop_line_keepers(root_, kept);
    }
}

} // namespace gpuguide::markdown
