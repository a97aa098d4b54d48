// Formulas in mdBook's MathJax delimiters, kept away from the Markdown parser: mdBook hands its
// HTML to MathJax, which finds `\(`..`\)`, `\[`..`\]` and `$$`..`$$` there (in the Markdown:
// `\\(`, `\\[`, `$$`). gpuguide finds them in the Markdown instead and puts each into the
// theme's math partial (a `<span class="math ...">`), its text escaped so that cmark-gfm gives back
// exactly the text mdBook's Markdown would have given MathJax, with no emphasis, link or list made
// inside.
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cmark-gfm.h>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace gpuguide::markdown {
namespace {

bool is_ascii_punctuation(char c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
           (c >= '{' && c <= '~');
}

// Per line of `markdown`, whether it is in a code block or an HTML block (cmark's own reading,
// so fences, indented code and lists are judged as the page's parse judges them).
std::vector<bool> literal_lines(std::string_view markdown) {
    std::unique_ptr<cmark_node, decltype(&cmark_node_free)> root(
        cmark_parse_document(markdown.data(), markdown.size(), CMARK_OPT_DEFAULT),
        &cmark_node_free);
    std::vector<bool> literal(std::count(markdown.begin(), markdown.end(), '\n') + 2, false);
    std::unique_ptr<cmark_iter, decltype(&cmark_iter_free)> iter(cmark_iter_new(root.get()),
                                                                 &cmark_iter_free);
    for (auto event = cmark_iter_next(iter.get()); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter.get())) {
        cmark_node* node = cmark_iter_get_node(iter.get());
        const auto type = cmark_node_get_type(node);
        if (event == CMARK_EVENT_ENTER &&
            (type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK)) {
            const int last =
                std::min<int>(cmark_node_get_end_line(node), static_cast<int>(literal.size()) - 1);
            for (int line = cmark_node_get_start_line(node); line <= last; ++line) {
                literal[line] = true;
            }
        }
    }
    return literal;
}

struct Delimiter {
    std::string_view open, close;
    bool display;
};
constexpr Delimiter kDelimiters[] = {
    {"\\\\(", "\\\\)", false}, {"\\\\[", "\\\\]", true}, {"$$", "$$", true}};

class Scanner {
  public:
    Scanner(std::string_view text, const theme::Markup& markup)
        : text_(text), literal_(literal_lines(text)), markup_(markup) {}

    std::string run(std::size_t* count) {
        std::string out;
        out.reserve(text_.size());
        std::size_t copied = 0, n = 0;
        for (std::size_t i = 0; i < text_.size();) {
            if (literal_[line_of(i)]) {
                i = text_.find('\n', i) == std::string_view::npos ? text_.size()
                                                                  : text_.find('\n', i) + 1;
            } else if (text_[i] == '`') {
                i = after_code_span(i);
            } else if (const auto* delimiter = opening(i)) {
                const auto body = i + delimiter->open.size();
                const auto end = closing(body, *delimiter);
                if (end == std::string_view::npos) {
                    i = body;
                    continue;
                }
                out.append(text_.substr(copied, i - copied));
                append_span(out, text_.substr(body, end - body), delimiter->display);
                i = copied = end + delimiter->close.size();
                ++n;
            } else {
                i += text_[i] == '\\' ? 2 : 1; // an escaped character is never a delimiter
            }
        }
        out.append(text_.substr(std::min(copied, text_.size())));
        if (count != nullptr) {
            *count = n;
        }
        return out;
    }

  private:
    std::size_t line_of(std::size_t pos) {
        while (line_start_ <= pos) { // positions only grow: count newlines once
            const auto next = text_.find('\n', line_start_);
            if (next == std::string_view::npos || next >= pos) {
                break;
            }
            line_start_ = next + 1;
            ++line_;
        }
        return line_;
    }

    // A code span's text is literal; an unmatched backtick run is text.
    std::size_t after_code_span(std::size_t i) const {
        std::size_t run = 0;
        while (i + run < text_.size() && text_[i + run] == '`') {
            ++run;
        }
        for (auto j = text_.find('`', i + run); j != std::string_view::npos;) {
            std::size_t other = 0;
            while (j + other < text_.size() && text_[j + other] == '`') {
                ++other;
            }
            if (other == run) {
                return j + run;
            }
            j = text_.find('`', j + other);
        }
        return i + run;
    }

    const Delimiter* opening(std::size_t i) const {
        for (const auto& delimiter : kDelimiters) {
            if (text_.substr(i).starts_with(delimiter.open)) {
                return &delimiter;
            }
        }
        return nullptr;
    }

    // Where the formula from `body` ends, or npos: not before a blank line (the paragraph's end),
    // a literal line, or with nothing but spaces in it.
    std::size_t closing(std::size_t body, const Delimiter& delimiter) const {
        std::size_t line = literal_line_after(body);
        for (std::size_t i = body; i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                const auto rest = text_.find_first_not_of(" \t\r", i + 1);
                if (rest == std::string_view::npos || text_[rest] == '\n' || literal_[++line]) {
                    return std::string_view::npos;
                }
            } else if (text_.substr(i).starts_with(delimiter.close)) {
                const auto inside = text_.substr(body, i - body);
                return inside.find_first_not_of(" \t\r\n") == std::string_view::npos
                           ? std::string_view::npos
                           : i;
            } else if (text_[i] == '\\' && i + 1 < text_.size() &&
                       is_ascii_punctuation(text_[i + 1]) && text_[i + 1] != '\n') {
                ++i; // an escaped character (`\\`, `\$`) closes nothing
            }
        }
        return std::string_view::npos;
    }

    std::size_t literal_line_after(std::size_t pos) const {
        return static_cast<std::size_t>(std::count(text_.begin(), text_.begin() + pos, '\n')) + 1;
    }

    // The theme's math partial around the formula, its text escaped for cmark-gfm: every ASCII
    // punctuation character not already escaped by the author gets a backslash, so the parser
    // reads each one literally and gives back what mdBook's Markdown would have given (`\\` one
    // backslash, `\_` an underscore).
    void append_span(std::string& out, std::string_view tex, bool display) {
        auto& tags = wrappers_[display ? 1 : 0];
        if (!tags) {
            tags = markup_.wrapper("math", {{"display", display}});
        }
        // A first line holding only the open tag would start an HTML block: the tag breaks at its
        // first space instead (one line ending is allowed there), lines kept one for one.
        const auto first = tex.find_first_not_of(" \t");
        if (first != std::string_view::npos && tex[first] == '\n') {
            std::string open = tags->first;
            const auto space = open.find_first_of(" \t>");
            open.replace(space == std::string::npos ? open.size() : space,
                         space != std::string::npos && open[space] != '>' ? 1 : 0,
                         tex.substr(0, first + 1));
            out += open;
            tex.remove_prefix(first + 1);
        } else {
            out += tags->first;
        }
        for (std::size_t i = 0; i < tex.size(); ++i) {
            if (tex[i] == '\\' && i + 1 < tex.size() && is_ascii_punctuation(tex[i + 1])) {
                out += tex.substr(i++, 2);
            } else {
                if (is_ascii_punctuation(tex[i])) {
                    out += '\\';
                }
                out += tex[i];
            }
        }
        out += tags->second;
    }

    std::string_view text_;
    std::vector<bool> literal_;
    const theme::Markup& markup_;
    std::optional<std::pair<std::string, std::string>> wrappers_[2]; ///< inline, display
    std::size_t line_start_ = 0, line_ = 1;
};

} // namespace

std::string protect_math(std::string_view markdown, const theme::Markup& markup,
                         std::size_t* count) {
    return Scanner(markdown, markup).run(count);
}

} // namespace gpuguide::markdown
