// Plain text per section, for the search index.
#include "markdown/markdown.hpp"
#include "text/whitespace.hpp"

#include <cmark-gfm.h>
#include <map>

namespace gpuguide::markdown {
namespace {

// A code block's lines as the reader sees them: its hidden lines are not searched.
void append_code(cmark_node* node, const CodeOptions& code, std::string& out) {
    const char* info = cmark_node_get_fence_info(node);
    const auto lines =
        code_lines(parse_info_string(info ? info : ""), cmark_node_get_literal(node), code);
    for (std::size_t i = 0; i < lines.text.size(); ++i) {
        if (!lines.hidden[i]) {
            out.append(lines.text[i]).append("\n");
        }
    }
}

void append_text(cmark_node* node, const CodeOptions& code, std::string& out) {
    switch (cmark_node_get_type(node)) {
    case CMARK_NODE_TEXT:
    case CMARK_NODE_CODE:
        out += cmark_node_get_literal(node);
        return;
    case CMARK_NODE_CODE_BLOCK:
        append_code(node, code, out);
        return;
    case CMARK_NODE_SOFTBREAK:
    case CMARK_NODE_LINEBREAK:
        out += ' ';
        return;
    case CMARK_NODE_HTML_BLOCK:
    case CMARK_NODE_HTML_INLINE:
        return; // generator-built tables/charts and raw HTML are not prose
    default:
        break;
    }
    for (cmark_node* child = cmark_node_first_child(node); child; child = cmark_node_next(child)) {
        append_text(child, code, out);
    }
    if (!out.empty() && out.back() != ' ') {
        out += ' ';
    }
}

} // namespace

std::vector<TextSection> plain_text_sections(const Document& document,
                                             const std::vector<Heading>& headings,
                                             const CodeOptions& code) {
    std::map<cmark_node*, const Heading*> heading_by_node;
    for (const auto& heading : headings) {
        heading_by_node.emplace(heading.node, &heading);
    }
    std::vector<TextSection> sections(1);
    for (cmark_node* block = cmark_node_first_child(document.root()); block;
         block = cmark_node_next(block)) {
        const auto found = heading_by_node.find(block);
        const Heading* heading = found == heading_by_node.end() ? nullptr : found->second;
        if (heading != nullptr && heading->level >= 1 && heading->level <= 3) {
            sections.push_back({heading->anchor, heading->text, ""});
            continue;
        }
        append_text(block, code, sections.back().text);
    }
    for (auto& section : sections) {
        section.text = gpuguide::text::collapse_whitespace(section.text);
    }
    if (sections.front().text.empty() && sections.size() > 1) {
        sections.erase(sections.begin());
    }
    return sections;
}

} // namespace gpuguide::markdown
