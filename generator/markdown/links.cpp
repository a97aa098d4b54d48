// Links and images in the AST, so the generator can point .md links at the .html pages.
#include "markdown/internal.hpp"
#include "markdown/markdown.hpp"

#include <cmark-gfm.h>

namespace gpuguide::markdown {

std::vector<LinkRef> collect_links(const Document& document) {
    std::vector<LinkRef> links;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        const auto type = cmark_node_get_type(node);
        if (event != CMARK_EVENT_ENTER || (type != CMARK_NODE_LINK && type != CMARK_NODE_IMAGE)) {
            continue;
        }
        const char* url = cmark_node_get_url(node);
        // Inline nodes carry no line of their own; the enclosing block's line is close enough.
        links.push_back({node, url ? url : "", line_of(node), type == CMARK_NODE_IMAGE});
    }
    cmark_iter_free(iter);
    return links;
}

void set_link_url(const LinkRef& link, const std::string& url) {
    cmark_node_set_url(link.node, url.c_str());
}

void rewrite_html_urls(Document& document,
                       const std::function<std::string(const std::string&)>& rewrite) {
    rewrite_html_attributes(document, {"src", "href"}, rewrite);
}

void rewrite_html_attributes(Document& document, std::initializer_list<std::string_view> names,
                             const std::function<std::string(const std::string&)>& rewrite) {
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        const auto type = cmark_node_get_type(node);
        if (event != CMARK_EVENT_ENTER ||
            (type != CMARK_NODE_HTML_BLOCK && type != CMARK_NODE_HTML_INLINE)) {
            continue;
        }
        const char* literal = cmark_node_get_literal(node);
        std::string html = literal ? literal : "";
        bool changed = false;
        for (const auto name : names) {
            // Built with append: GCC 12 warns falsely (-Wrestrict) about `" " + std::string`.
            std::string attribute = " ";
            attribute.append(name).append("=\"");
            for (auto at = html.find(attribute); at != std::string::npos;
                 at = html.find(attribute, at + 1)) {
                const auto start = at + attribute.size();
                const auto end = html.find('"', start);
                if (end == std::string::npos) {
                    break;
                }
                const std::string value = html.substr(start, end - start);
                const std::string replaced = rewrite(value);
                if (replaced != value) {
                    html.replace(start, value.size(), replaced);
                    changed = true;
                }
            }
        }
        if (changed) {
            cmark_node_set_literal(node, html.c_str());
        }
    }
    cmark_iter_free(iter);
}

Destination split_destination(std::string_view url) {
    Destination destination;
    const auto colon = url.find(':');
    const auto first_separator = url.find_first_of("/?#");
    destination.external =
        url.starts_with("//") || (colon != std::string_view::npos && colon < first_separator);
    const auto hash = url.find('#');
    destination.path = std::string(url.substr(0, hash));
    if (hash != std::string_view::npos) {
        destination.has_fragment = true;
        destination.fragment = std::string(url.substr(hash + 1));
    }
    return destination;
}

} // namespace gpuguide::markdown
