// Code blocks as mdBook renders them (mdbook-html tree.rs update_code_blocks, hide_lines.rs),
// highlighted at build time: info-string classes, hidden lines, the playground's hidden `main`,
// and the buttons guide.js brings to life.
#include "highlight/highlight.hpp"
#include "markdown/internal.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cmark-gfm.h>
#include <optional>
#include <stdexcept>

namespace gpuguide::markdown {
namespace {

bool has(const InfoString& info, std::string_view attribute) {
    return std::find(info.attributes.begin(), info.attributes.end(), attribute) !=
           info.attributes.end();
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return lines;
}

// mdBook's partition_rust_source: the leading `#![...]` lines (and blank lines among them) stay
// outside the `fn main` it wraps the rest in. Returns the length of that head.
std::size_t inner_attributes_length(std::string_view code) {
    std::size_t head = 0, at = 0;
    bool any = false;
    while (at < code.size()) {
        const auto end = std::min(code.find('\n', at), code.size());
        const auto line = code.substr(at, end - at);
        const auto first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && !line.substr(first).starts_with("#![")) {
            break;
        }
        any = any || first != std::string_view::npos;
        at = std::min(end + 1, code.size());
        head = at;
    }
    return any ? head : 0;
}

// mdBook's wrap_rust_main: runnable Rust without a `main` is compiled inside a hidden one.
std::string wrap_rust_main(std::string_view code) {
    if (code.find("fn main") != std::string_view::npos ||
        code.find("quick_main!") != std::string_view::npos) {
        return std::string(code);
    }
    const auto head = inner_attributes_length(code);
    const auto body = code.substr(head);
    std::string out = "# #![allow(unused)]\n";
    out.append(code.substr(0, head)).append("# fn main() {\n").append(body);
    out.append(body.empty() || body.ends_with('\n') ? "" : "\n").append("# }");
    return out;
}

// The prefix that hides lines of this block: its `hidelines=` attribute, else book.toml's.
std::string hidelines_prefix(const InfoString& info, const CodeOptions& options) {
    for (const auto& attribute : info.attributes) {
        if (attribute.starts_with("hidelines=")) {
            return attribute.substr(10);
        }
    }
    const auto found = options.hidelines.find(info.language);
    return found == options.hidelines.end() ? "" : found->second;
}

bool is_playground(const InfoString& info, const CodeOptions& options) {
    return info.language == "rust" && ((!has(info, "ignore") && !has(info, "noplayground") &&
                                        !has(info, "noplaypen") && options.runnable) ||
                                       has(info, "mdbook-runnable"));
}

// The code element's classes: `language-X`, the info string's attributes, the edition.
std::string code_classes(const InfoString& info, bool playground, const CodeOptions& options) {
    if (info.language.empty()) {
        return "";
    }
    std::string classes = "language-" + info.language;
    bool edition = false;
    for (const auto& attribute : info.attributes) {
        classes.append(" ").append(attribute);
        edition = edition || attribute.starts_with("edition");
    }
    if (playground && !edition && !options.edition.empty()) {
        classes.append(" edition").append(options.edition);
    }
    return classes;
}

// The highlighted (or escaped) lines, each hidden one in the theme's code-hidden-line partial.
std::string code_body(const CodeLines& lines, const std::optional<std::vector<std::string>>& html,
                      const theme::Markup& markup) {
    const bool any_hidden =
        std::find(lines.hidden.begin(), lines.hidden.end(), true) != lines.hidden.end();
    const auto hidden = any_hidden ? markup.wrapper("code-hidden-line", nlohmann::json::object())
                                   : std::pair<std::string, std::string>();
    std::string body;
    for (std::size_t i = 0; i < lines.text.size(); ++i) {
        const bool newline = i + 1 < lines.text.size() || lines.final_newline;
        body += lines.hidden[i] ? hidden.first : "";
        body += html ? (*html)[i] : escape_html(lines.text[i]);
        body += newline ? "\n" : "";
        body += lines.hidden[i] ? hidden.second : "";
    }
    return body;
}

std::string code_html(const InfoString& info, std::string_view literal,
                      const CodeOptions& options) {
    if (options.markup == nullptr) {
        throw std::logic_error("CodeOptions::markup is not set: code blocks render through it");
    }
    const CodeLines lines = code_lines(info, literal, options);
    const std::vector<std::string_view> views(lines.text.begin(), lines.text.end());
    // Each token class's tags are the theme's code-token partial, rendered once per class for
    // the build (a page of code has thousands of tokens and about a dozen classes).
    const theme::Markup& markup = *options.markup;
    const auto highlighted = highlight::lines_html(
        info.language, views,
        [&markup](const char* css) -> const auto& {
            return markup.cached_wrapper("code-token", "class", css);
        },
        options.highlights);
    const bool any_hidden =
        std::find(lines.hidden.begin(), lines.hidden.end(), true) != lines.hidden.end();
    // The code goes between the partial's two halves: it can be long, and needs no conversion.
    const auto [before, after] =
        options.markup->around("code-block",
                               {{"buttons", any_hidden || options.copyable},
                                {"toggle", any_hidden},
                                {"toggle_label", options.hidden_lines_label},
                                {"copy", options.copyable},
                                {"copy_label", options.copy_label},
                                {"copied_label", options.copied_label},
                                {"playground", lines.playground},
                                {"classes", code_classes(info, lines.playground, options)}},
                               "code_html");
    return before + code_body(lines, highlighted, *options.markup) + after;
}

} // namespace

InfoString parse_info_string(std::string_view info) {
    InfoString parsed;
    for (std::size_t i = 0; i < info.size();) {
        const auto end = std::min(info.find_first_of(" \t,", i), info.size());
        if (end > i) {
            (parsed.language.empty() ? parsed.language : parsed.attributes.emplace_back()) =
                std::string(info.substr(i, end - i));
        }
        i = end + 1;
    }
    return parsed;
}

CodeLines code_lines(const InfoString& info, std::string_view code, const CodeOptions& options) {
    CodeLines lines;
    lines.playground = is_playground(info, options);
    const std::string wrapped = lines.playground ? wrap_rust_main(code) : std::string(code);
    const auto raw = split_lines(wrapped);
    const std::string prefix = info.language == "rust" ? "" : hidelines_prefix(info, options);
    lines.final_newline = info.language == "rust" ? false
                          : prefix.empty()        ? wrapped.ends_with('\n')
                                                  : true;
    for (const auto line : raw) {
        const auto indent = std::find_if_not(line.begin(), line.end(), is_space) - line.begin();
        const auto rest = line.substr(indent);
        std::string text(line);
        bool hidden = false;
        if (info.language == "rust" && rest.starts_with('#')) {
            if (rest.size() > 1 && rest[1] == '#') { // `##` escapes: shown with one `#` less
                text = std::string(line.substr(0, indent)).append(rest.substr(1));
            } else if (rest.size() == 1 || rest[1] == ' ') {
                hidden = true;
                text = std::string(line.substr(0, indent))
                           .append(rest.substr(std::min<std::size_t>(2, rest.size())));
            }
        } else if (!prefix.empty() && rest.starts_with(prefix)) {
            hidden = true;
            text = std::string(line.substr(0, indent)).append(rest.substr(prefix.size()));
        }
        lines.text.push_back(std::move(text));
        lines.hidden.push_back(hidden);
    }
    return lines;
}

void render_code_blocks(Document& document, const CodeOptions& options) {
    std::vector<cmark_node*> blocks;
    cmark_iter* iter = cmark_iter_new(document.root());
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK) {
            blocks.push_back(node);
        }
    }
    cmark_iter_free(iter);
    for (cmark_node* node : blocks) {
        const char* fence_info = cmark_node_get_fence_info(node);
        const InfoString info = parse_info_string(fence_info ? fence_info : "");
        const char* literal = cmark_node_get_literal(node);
        cmark_node* block = custom_block(code_html(info, literal ? literal : "", options), "");
        cmark_node_replace(node, block);
        cmark_node_free(node);
    }
}

} // namespace gpuguide::markdown
