// Soft line breaks in Chinese and Japanese text: a paragraph wrapped over several source lines
// must not show a space at each wrap, which is what CommonMark's newline becomes in a browser.
#include "markdown/markdown.hpp"
#include "text/utf8.hpp"
#include "text/width.hpp"

#include <cmark-gfm.h>
#include <cstring>
#include <string_view>
#include <vector>

namespace gpuguide::markdown {
namespace {

// CSS Text 3's segment break transformation (drafts.csswg.org/css-text-3/#line-break-transform):
// a break is removed when both sides are East Asian Fullwidth, Wide or Halfwidth and neither is
// Hangul (Korean separates its words with spaces, so a wrap there is a space).
bool is_east_asian(char32_t c) {
    return (text::is_east_asian_wide(c) || text::is_east_asian_halfwidth(c)) && !text::is_hangul(c);
}

// Also when one side is East Asian punctuation, whatever the other is: `，` and `：` carry their
// own spacing, and Chinese puts no space after them even before a digit or a Latin word
// (a line ending `缓存）：` before `2 × 32` reads `缓存）：2 × 32`). 0 is no character (a code
// span, the paragraph's edge).
bool joins(char32_t before, char32_t after) {
    if (before == 0 || after == 0) {
        return false;
    }
    return (is_east_asian(before) && is_east_asian(after)) ||
           (text::is_east_asian_punctuation(before) && !text::is_hangul(after)) ||
           (text::is_east_asian_punctuation(after) && !text::is_hangul(before));
}

// Emphasis, strong, strikethrough and link text: inline nodes whose text the reader sees as
// part of the sentence around them.
bool is_inline_container(cmark_node* node) {
    switch (cmark_node_get_type(node)) {
    case CMARK_NODE_EMPH:
    case CMARK_NODE_STRONG:
    case CMARK_NODE_LINK:
        return true;
    default:
        return std::strcmp(cmark_node_get_type_string(node), "strikethrough") == 0;
    }
}

// The first (`forward`) or last character of a text node's literal; 0 when it is empty.
char32_t edge_character(cmark_node* text_node, bool forward) {
    const std::string_view literal = cmark_node_get_literal(text_node);
    if (literal.empty()) {
        return 0;
    }
    std::size_t at = forward ? 0 : literal.size() - 1;
    while (!forward && at > 0 && (static_cast<unsigned char>(literal[at]) & 0xC0) == 0x80) {
        --at; // back to the lead byte of the last character
    }
    char32_t code_point = 0;
    return text::decode_utf8(literal, at, code_point) != 0 ? code_point : 0;
}

// The character the reader sees just after (`forward`) or before `node`, looking into and out of
// emphasis and links; 0 where a code span, raw HTML, an image, a break or the paragraph's edge
// comes first (code and markup are the author's, never joined to).
char32_t neighbour(cmark_node* node, bool forward) {
    const auto step = [forward](cmark_node* n) {
        return forward ? cmark_node_next(n) : cmark_node_previous(n);
    };
    for (;;) {
        cmark_node* next = step(node);
        while (next == nullptr) { // at a container's edge: go on after the container
            node = cmark_node_parent(node);
            if (node == nullptr || !is_inline_container(node)) {
                return 0;
            }
            next = step(node);
        }
        while (is_inline_container(next)) {
            cmark_node* inner =
                forward ? cmark_node_first_child(next) : cmark_node_last_child(next);
            if (inner == nullptr) {
                break; // an empty container: stepped over below
            }
            next = inner;
        }
        if (cmark_node_get_type(next) == CMARK_NODE_TEXT) {
            if (const char32_t c = edge_character(next, forward); c != 0) {
                return c;
            }
        } else if (!is_inline_container(next)) {
            return 0;
        }
        node = next; // empty text or container: look past it
    }
}

} // namespace

void remove_east_asian_soft_breaks(Document& document) {
    std::vector<cmark_node*> removable;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_SOFTBREAK &&
            joins(neighbour(node, false), neighbour(node, true))) {
            removable.push_back(node);
        }
    }
    cmark_iter_free(iter);
    for (cmark_node* node : removable) {
        cmark_node_free(node); // unlinks it: the text on both sides now meets
    }
}

} // namespace gpuguide::markdown
