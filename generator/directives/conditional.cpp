// `when-measured:` … `otherwise:` … `end:` inline markers: prose that cites measured figures is
// shown only when every figure it cites exists, and the fallback text otherwise.
#include "directives/conditional.hpp"

#include "directives/inline_values.hpp"
#include "load/error.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cmark-gfm.h>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuguide::directives {
namespace {

constexpr std::string_view kWhen = "when-measured:";
constexpr std::string_view kOtherwise = "otherwise:";
constexpr std::string_view kEnd = "end:";

std::string_view code_literal(cmark_node* node) {
    if (cmark_node_get_type(node) != CMARK_NODE_CODE) {
        return {};
    }
    const char* literal = cmark_node_get_literal(node);
    return literal ? std::string_view(literal) : std::string_view();
}

bool is_marker(cmark_node* node) {
    const auto literal = code_literal(node);
    return literal == kWhen || literal == kOtherwise || literal == kEnd;
}

int line_of(cmark_node* node, const Context& context) {
    for (cmark_node* up = node; up; up = cmark_node_parent(up)) {
        if (int line = cmark_node_get_start_line(up); line > 0) {
            return line + context.line_offset;
        }
    }
    return context.line_offset;
}

[[noreturn]] void fail(cmark_node* near, const Context& context, const std::string& problem) {
    fail_at(context.file, line_of(near, context), "when-measured: " + problem);
}

// A span that cites a measured figure: `value:`, or `estimate:` (derived from measured figures).
bool cites_figure(std::string_view literal) {
    return literal.starts_with("value:") || literal.starts_with("estimate:");
}

// Every inline `value:`/`estimate:` span in [first, last), nested ones (inside emphasis, links)
// included.
std::vector<cmark_node*> value_spans(cmark_node* first, cmark_node* last) {
    std::vector<cmark_node*> spans;
    for (cmark_node* node = first; node != last; node = cmark_node_next(node)) {
        cmark_iter* iter = cmark_iter_new(node);
        for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
             event = cmark_iter_next(iter)) {
            cmark_node* inner = cmark_iter_get_node(iter);
            if (event == CMARK_EVENT_ENTER && cites_figure(code_literal(inner))) {
                spans.push_back(inner);
            }
        }
        cmark_iter_free(iter);
    }
    return spans;
}

// Why the first `value:` among `spans` has no figure; nullopt when every one has a figure. Each
// span is resolved, so a bad reference fails the build whichever branch ends up shown.
std::optional<std::string> first_missing(const std::vector<cmark_node*>& spans,
                                         const Context& context) {
    std::optional<std::string> reason;
    for (cmark_node* span : spans) {
        const auto value = inline_value(code_literal(span), context, line_of(span, context));
        if (value.missing && !reason) {
            reason = value.reason;
        }
    }
    return reason;
}

// Marks the node that ends a fallback (its user data), whatever the theme writes there.
char kFallbackEnd = 0;

// The fallback [first, last) inside the theme's figures-fallback partial (`<span
// class="figures-fallback" title=REASON>`), so that readers (a tooltip) and checks (a fallback
// shown where a figure was expected) can see why.
void mark_fallback(cmark_node* container, cmark_node* first, cmark_node* last,
                   const std::string& reason, const Context& context) {
    const auto [before, after] = context.markup.wrapper("figures-fallback", {{"reason", reason}});
    cmark_node* open = cmark_node_new(CMARK_NODE_HTML_INLINE);
    cmark_node_set_literal(open, before.c_str());
    cmark_node_insert_before(first, open);
    cmark_node* close = cmark_node_new(CMARK_NODE_HTML_INLINE);
    cmark_node_set_literal(close, after.c_str());
    cmark_node_set_user_data(close, &kFallbackEnd);
    if (last) {
        cmark_node_insert_before(last, close);
    } else {
        cmark_node_append_child(container, close);
    }
}

std::string literal_of(cmark_node* node) {
    const char* literal = cmark_node_get_literal(node);
    return literal ? literal : "";
}

// Chinese and Japanese text has no spaces between words: a space left where a marker was would
// show as a gap ("。 比较"), so it goes after a CJK character or full-width punctuation.
bool ends_in_cjk(const std::string& text) {
    std::size_t start = text.size();
    while (start > 0 && (static_cast<unsigned char>(text[start - 1]) & 0xC0) == 0x80) {
        --start;
    }
    if (start == 0 || text.size() - start != 2) { // 3-byte UTF-8: lead byte + 2 continuations
        return false;
    }
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data()) + start - 1;
    const unsigned code = (bytes[0] & 0x0Fu) << 12 | (bytes[1] & 0x3Fu) << 6 | (bytes[2] & 0x3Fu);
    return (code >= 0x3000 && code <= 0x9FFF) || (code >= 0xFF00 && code <= 0xFFEF);
}

bool is_text(cmark_node* node) {
    return node && cmark_node_get_type(node) == CMARK_NODE_TEXT;
}

bool is_break(cmark_node* node) {
    const auto type = node ? cmark_node_get_type(node) : CMARK_NODE_NONE;
    return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK;
}

// Tidies the spaces where removed nodes were, between `before` and `after` (either may be null):
// "cores. `end:` When" reads "cores. When", not "cores.  When", and no line starts with a space.
void close_gap(cmark_node* before, cmark_node* after) {
    // Look past text emptied by an earlier gap and the end of a fallback span, to the text that
    // actually precedes the gap.
    while ((is_text(before) && literal_of(before).empty()) ||
           (before && cmark_node_get_type(before) == CMARK_NODE_HTML_INLINE &&
            cmark_node_get_user_data(before) == &kFallbackEnd)) {
        before = cmark_node_previous(before);
    }
    if (is_text(after)) {
        const std::string text = literal_of(after);
        const std::string previous = is_text(before) ? literal_of(before) : "";
        const bool space_before =
            !previous.empty() && (previous.back() == ' ' || ends_in_cjk(previous));
        if (!before || is_break(before) || space_before) {
            cmark_node_set_literal(
                after, text.substr(std::min(text.find_first_not_of(' '), text.size())).c_str());
        }
    }
    if (is_text(before) && (!after || is_break(after))) {
        std::string text = literal_of(before);
        text.erase(text.find_last_not_of(' ') + 1);
        cmark_node_set_literal(before, text.c_str());
    }
}

// Frees the siblings [first, last) and closes the gap they leave.
void remove_range(cmark_node* first, cmark_node* last) {
    cmark_node* before = cmark_node_previous(first);
    for (cmark_node* node = first; node != last;) {
        cmark_node* next = cmark_node_next(node);
        cmark_node_free(node); // unlinks it first
        node = next;
    }
    close_gap(before, last);
}

bool is_blank(cmark_node* node) {
    const auto type = cmark_node_get_type(node);
    if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
        return true;
    }
    if (type != CMARK_NODE_TEXT) {
        return false;
    }
    const std::string_view text = cmark_node_get_literal(node) ? cmark_node_get_literal(node) : "";
    return text.find_first_not_of(" \t") == std::string_view::npos;
}

// A paragraph that held nothing but a hidden sentence goes too, rather than leaving an empty <p>;
// so do a list item left empty by it, and a list left without items.
void drop_if_empty(cmark_node* container) {
    if (cmark_node_get_type(container) != CMARK_NODE_PARAGRAPH) {
        return;
    }
    for (cmark_node* child = cmark_node_first_child(container); child;
         child = cmark_node_next(child)) {
        if (!is_blank(child)) {
            return;
        }
    }
    for (cmark_node* node = container; node;) {
        cmark_node* parent = cmark_node_parent(node);
        cmark_node_free(node);
        const auto type = parent ? cmark_node_get_type(parent) : CMARK_NODE_NONE;
        const bool emptied = (type == CMARK_NODE_ITEM || type == CMARK_NODE_LIST) &&
                             cmark_node_first_child(parent) == nullptr;
        node = emptied ? parent : nullptr;
    }
}

// The `otherwise:` (or nullptr) and the `end:` that belong to the `when-measured:` at `when`,
// which must be closed in the same paragraph.
std::pair<cmark_node*, cmark_node*> closing_markers(cmark_node* when, const Context& context) {
    cmark_node* otherwise = nullptr;
    cmark_node* end = nullptr;
    for (cmark_node* scan = cmark_node_next(when); scan && !end; scan = cmark_node_next(scan)) {
        const auto marker = code_literal(scan);
        if (marker == kWhen) {
            fail(scan, context, "a `when-measured:` cannot sit inside another one");
        } else if (marker == kOtherwise) {
            if (otherwise) {
                fail(scan, context, "a second `otherwise:` (one fallback per `when-measured:`)");
            }
            otherwise = scan;
        } else if (marker == kEnd) {
            end = scan;
        }
    }
    if (!end) {
        fail(when, context,
             "not closed: end it with `end:` in the same paragraph (outside emphasis and "
             "links)");
    }
    return {otherwise, end};
}

// Resolves the markers among the children of one inline container, left to right.
void resolve_in(cmark_node* container, const Context& context) {
    cmark_node* node = cmark_node_first_child(container);
    while (node) {
        const auto literal = code_literal(node);
        if (literal == kOtherwise || literal == kEnd) {
            fail(node, context,
                 std::string(literal) + " without a `when-measured:` before it in the same "
                                        "paragraph (markers pair only within one paragraph)");
        }
        if (literal != kWhen) {
            node = cmark_node_next(node);
            continue;
        }
        cmark_node* when = node;
        const auto [otherwise, end] = closing_markers(when, context);
        cmark_node* then_end = otherwise ? otherwise : end;
        const auto cited = value_spans(cmark_node_next(when), then_end);
        if (cited.empty()) {
            fail(when, context,
                 std::string("no `value:` or `estimate:` before its ") +
                     (otherwise ? "`otherwise:`" : "`end:`") +
                     ", so nothing decides whether it shows");
        }
        const auto missing = first_missing(cited, context);
        cmark_node* fallback = otherwise ? cmark_node_next(otherwise) : nullptr;
        const bool has_fallback = fallback && fallback != end; // "`otherwise:` `end:`" has none
        if (otherwise) { // the fallback's own values must resolve too, shown or not
            first_missing(value_spans(fallback, end), context);
        }
        cmark_node* after = cmark_node_next(end);
        if (!missing) {
            if (otherwise) {
                remove_range(otherwise, end);
            }
            remove_range(when, cmark_node_next(when));
            remove_range(end, after);
        } else { // the markers and the cited text, through `otherwise:` when there is one
            remove_range(when, otherwise ? fallback : end);
            remove_range(end, after);
            if (has_fallback) {
                mark_fallback(container, fallback, after, *missing, context);
            }
        }
        node = after;
    }
    drop_if_empty(container);
}

} // namespace

void resolve_conditionals(markdown::Document& document, const Context& context) {
    // Containers first, then resolve each once (resolving edits the tree). Inner containers come
    // last in document order and are resolved first: a marker inside emphasis within an outer
    // range is reported (markers pair only with siblings) before the outer range can free it.
    std::vector<cmark_node*> containers;
    std::map<cmark_node*, bool> seen;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && is_marker(node)) {
            cmark_node* parent = cmark_node_parent(node);
            if (!seen[parent]) {
                seen[parent] = true;
                containers.push_back(parent);
            }
        }
    }
    cmark_iter_free(iter);
    for (auto container = containers.rbegin(); container != containers.rend(); ++container) {
        resolve_in(*container, context);
    }
}

} // namespace gpuguide::directives
