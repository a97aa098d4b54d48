// Walks a page's AST once and replaces directive blocks and inline value spans.
#include "directives/conditional.hpp"
#include "directives/estimate.hpp"
#include "directives/host_units.hpp"
#include "directives/inline_values.hpp"
#include "directives/internal.hpp"
#include "load/error.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cmark-gfm.h>
#include <utility>

namespace gpuguide::directives {
namespace {

const std::vector<std::string> kBlockDirectives{"gg-chart", "gg-data", "gg-estimate",
                                                "gg-provenance", "gg-table"};

std::string first_word(const char* info) {
    std::string word = info ? info : "";
    const auto space = word.find_first_of(" \t");
    return space == std::string::npos ? word : word.substr(0, space);
}

int line_of(cmark_node* node) {
    for (cmark_node* up = node; up; up = cmark_node_parent(up)) {
        if (int line = cmark_node_get_start_line(up); line > 0) {
            return line;
        }
    }
    return 0;
}

// Generator HTML goes into custom nodes, whose on_enter text is written as is: an HTML block would
// pass through the tagfilter extension, which disarms the <title> inside every chart's SVG.
void replace_with(cmark_node* node, const std::string& html) {
    cmark_node* replacement = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
    cmark_node_set_on_enter(replacement, html.c_str());
    cmark_node_replace(node, replacement);
    cmark_node_free(node);
}

// The directive blocks (fenced "gg-..." code) and the inline value spans of the document, in
// document order. Collected first: replacing nodes while iterating would invalidate the iterator.
std::pair<std::vector<cmark_node*>, std::vector<cmark_node*>>
directive_nodes(markdown::Document& document) {
    std::vector<cmark_node*> blocks, spans;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        if (event != CMARK_EVENT_ENTER) {
            continue;
        }
        cmark_node* node = cmark_iter_get_node(iter);
        const auto type = cmark_node_get_type(node);
        if (type == CMARK_NODE_CODE_BLOCK &&
            first_word(cmark_node_get_fence_info(node)).starts_with("gg-")) {
            blocks.push_back(node);
        } else if (type == CMARK_NODE_CODE && is_inline_value(cmark_node_get_literal(node))) {
            spans.push_back(node);
        }
    }
    cmark_iter_free(iter);
    return {std::move(blocks), std::move(spans)};
}

// The HTML of one directive block; `chart_number` counts the page's charts.
BlockHtml expand_block(cmark_node* node, const Context& context, int& chart_number) {
    const std::string name = first_word(cmark_node_get_fence_info(node));
    const int fence_line = cmark_node_get_start_line(node) + context.line_offset;
    if (std::find(kBlockDirectives.begin(), kBlockDirectives.end(), name) ==
        kBlockDirectives.end()) {
        fail_at(context.file, fence_line,
                name + ": unknown directive (known: gg-table, gg-data, gg-chart, gg-estimate, "
                       "gg-provenance)");
    }
    const Body body(context.file, fence_line, name, cmark_node_get_literal(node));
    if (name == "gg-table") {
        return measured_table(body, context);
    }
    if (name == "gg-data") {
        return data_table(body, context);
    }
    if (name == "gg-estimate") {
        return estimate_table(body, context);
    }
    if (name == "gg-chart") {
        return chart(body, context, ++chart_number);
    }
    return provenance(body, context);
}

// Replaces one inline value span with its value; true when the value is a measured one.
bool expand_span(cmark_node* node, const Context& context) {
    const int line = line_of(node) + context.line_offset;
    const auto value = inline_value(cmark_node_get_literal(node), context, line);
    // The value becomes raw-HTML open and close tags around a text node: every inline
    // container accepts these node types (GFM table cells refuse custom nodes: the value
    // vanished and leaked, tests/fuzz/corpus/page/regression-value-in-table-leak), the text
    // stays in the AST for the search index, and cmark escapes it. The tagfilter extension
    // leaves the <strong>/<span> markup alone.
    cmark_node* open = cmark_node_new(CMARK_NODE_HTML_INLINE);
    cmark_node_set_literal(open, value.wrapper.first.c_str());
    cmark_node* text = cmark_node_new(CMARK_NODE_TEXT);
    cmark_node_set_literal(text, value.text.c_str());
    cmark_node* close = cmark_node_new(CMARK_NODE_HTML_INLINE);
    cmark_node_set_literal(close, value.wrapper.second.c_str());
    for (cmark_node* part : {open, text, close}) {
        if (!cmark_node_insert_before(node, part)) {
            cmark_node_free(part);
            fail_at(context.file, line, "value: cannot place a value here");
        }
    }
    cmark_node_free(node);
    return value.measured;
}

} // namespace

Expansion expand(markdown::Document& document, const Context& context) {
    resolve_host_units(document, context);   // `this` names one machine per paragraph
    resolve_conditionals(document, context); // before values: a hidden branch adds no figures
    const auto [blocks, spans] = directive_nodes(document);
    Expansion expansion;
    int chart_number = 0;
    for (cmark_node* node : blocks) {
        const BlockHtml block = expand_block(node, context, chart_number);
        expansion.measured = expansion.measured || block.measured;
        replace_with(node, block.html);
    }
    for (cmark_node* node : spans) {
        const bool measured = expand_span(node, context);
        expansion.measured = expansion.measured || measured;
    }
    return expansion;
}

} // namespace gpuguide::directives
