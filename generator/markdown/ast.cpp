// Small AST helpers the markdown stage's transformations share.
#include "markdown/internal.hpp"

namespace gpuguide::markdown {

// Reading a literal makes cmark copy it into its node (`# Title <small>x</small>` was a
// heap-use-after-free: tests/fuzz/corpus/page/regression-heading-inline-html).
void own_literals(cmark_node* root) {
    cmark_iter* iter = cmark_iter_new(root);
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

int line_of(cmark_node* node) {
    for (cmark_node* up = node; up; up = cmark_node_parent(up)) {
        if (const int line = cmark_node_get_start_line(up); line > 0) {
            return line;
        }
    }
    return 0;
}

cmark_node* custom_block(const std::string& enter, const std::string& exit) {
    cmark_node* block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK);
    cmark_node_set_on_enter(block, enter.c_str());
    cmark_node_set_on_exit(block, exit.c_str());
    return block;
}

std::vector<cmark_node*> children_of(cmark_node* node) {
    std::vector<cmark_node*> children;
    for (cmark_node* child = cmark_node_first_child(node); child; child = cmark_node_next(child)) {
        children.push_back(child);
    }
    return children;
}

} // namespace gpuguide::markdown
