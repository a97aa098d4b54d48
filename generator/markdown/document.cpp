// cmark-gfm parsing and rendering with the GitHub extensions.
#include "markdown/markdown.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

namespace gpuguide::markdown {
namespace {

constexpr int kParseOptions = CMARK_OPT_FOOTNOTES;
// UNSAFE lets the generator's own HTML blocks through; tagfilter still disarms <script> & co.
constexpr int kRenderOptions = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES;
constexpr const char* kExtensions[] = {"table", "strikethrough", "autolink", "tasklist",
                                       "tagfilter"};

} // namespace

Document::Document(std::string_view markdown) {
    static std::once_flag registered;
    std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
    // cmark-gfm 0.29 keeps the inline parser's special characters in one global table that each
    // parse with the strikethrough/autolink extensions adds to and then clears (github/cmark-gfm
    // PR #176), so two parses at once lose each other's `~~` and autolinks. Parsing is therefore
    // one at a time; directives, rendering and templates still run in parallel.
    static std::mutex parse_mutex;
    std::lock_guard lock(parse_mutex);
    parser_ = cmark_parser_new(kParseOptions);
    for (const char* name : kExtensions) {
        cmark_syntax_extension* extension = cmark_find_syntax_extension(name);
        if (extension == nullptr) {
            throw std::runtime_error(std::string("cmark-gfm extension missing: ") + name);
        }
        cmark_parser_attach_syntax_extension(parser_, extension);
    }
    cmark_parser_feed(parser_, markdown.data(), markdown.size());
    root_ = cmark_parser_finish(parser_);
}

Document::~Document() {
    cmark_node_free(root_);
    cmark_parser_free(parser_);
}

std::string Document::render_html() const {
    char* html =
        cmark_render_html(root_, kRenderOptions, cmark_parser_get_syntax_extensions(parser_));
    std::string result(html);
    std::free(html);
    return result;
}

namespace {

bool is_control(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F;
}

} // namespace

std::string without_control_characters(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (!is_control(c)) {
            out += c;
        }
    }
    return out;
}

std::string escape_html(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (is_control(c)) {
            continue;
        }
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace gpuguide::markdown
