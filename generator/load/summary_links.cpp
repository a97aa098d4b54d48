// Inline links of SUMMARY.md, scanned by hand, not with std::regex: libstdc++'s regex recurses
// once per character and overflows the stack on a long line
// (tests/fuzz/corpus/load/regression-summary-long-line).
#include "load/summary_links.hpp"

#include <cctype>
#include <optional>
#include <vector>

namespace gpuguide {
namespace {

bool is_space(char c) {
    return c == ' ' || c == '\t';
}

// Past a code span that starts at `i` (a run of backticks): the index after its closing run, or
// i + the run's length when it is not closed (then the backticks are plain text).
std::size_t skip_code_span(std::string_view text, std::size_t i) {
    std::size_t run = 0;
    while (i + run < text.size() && text[i + run] == '`') {
        ++run;
    }
    const std::string_view fence = text.substr(i, run);
    for (std::size_t j = i + run; j < text.size();) {
        const auto close = text.find(fence, j);
        if (close == std::string_view::npos) {
            break;
        }
        std::size_t end = close + run;
        if (end >= text.size() || text[end] != '`') {
            return end;
        }
        while (end < text.size() && text[end] == '`') {
            ++end;
        }
        j = end;
    }
    return i + run;
}

// Past a backslash escape or a code span starting at i, where no bracket counts; i itself
// otherwise.
std::size_t skip_literal(std::string_view text, std::size_t i) {
    if (text[i] == '\\') {
        return i + 2;
    }
    return text[i] == '`' ? skip_code_span(text, i) : i;
}

// For each `[`, the index of the `]` that closes it (npos if none), in one pass: a scan from each
// `[` would take quadratic time on a long line of brackets.
std::vector<std::size_t> closing_brackets(std::string_view text) {
    std::vector<std::size_t> closes(text.size(), std::string_view::npos);
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < text.size();) {
        if (const auto after = skip_literal(text, i); after != i) {
            i = after;
            continue;
        }
        const char c = text[i];
        if (c == '[') {
            open.push_back(i);
        } else if (c == ']' && !open.empty()) {
            closes[open.back()] = i;
            open.pop_back();
        }
        ++i;
    }
    return closes;
}

std::string unescape(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() &&
            std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
            ++i;
        }
        out += text[i];
    }
    return out;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

struct Destination {
    std::string target;
    std::size_t end; // index after the closing `)`
};

// `(dest "title")` starting at `open` (the `(`), as CommonMark reads an inline link's tail.
std::optional<Destination> destination(std::string_view text, std::size_t open) {
    std::size_t i = open + 1;
    while (i < text.size() && is_space(text[i])) {
        ++i;
    }
    std::string_view raw;
    if (i < text.size() && text[i] == '<') {
        const auto close = text.find_first_of("<>", i + 1);
        if (close == std::string_view::npos || text[close] != '>') {
            return std::nullopt;
        }
        raw = text.substr(i + 1, close - i - 1);
        i = close + 1;
    } else {
        const std::size_t start = i;
        int parens = 0;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (c == '\\' && i + 1 < text.size()) {
                ++i;
            } else if (is_space(c) || static_cast<unsigned char>(c) < 0x20) {
                break;
            } else if (c == '(') {
                ++parens;
            } else if (c == ')') {
                if (parens == 0) {
                    break;
                }
                --parens;
            }
        }
        raw = text.substr(start, i - start);
    }
    const std::size_t after_target = i;
    while (i < text.size() && is_space(text[i])) {
        ++i;
    }
    if (i < text.size() && i > after_target &&
        (text[i] == '"' || text[i] == '\'' || text[i] == '(')) {
        const char close_mark = text[i] == '(' ? ')' : text[i];
        std::size_t j = i + 1;
        while (j < text.size() && text[j] != close_mark) {
            j += text[j] == '\\' ? 2 : 1;
        }
        if (j >= text.size()) {
            return std::nullopt;
        }
        i = j + 1;
        while (i < text.size() && is_space(text[i])) {
            ++i;
        }
    }
    if (i >= text.size() || text[i] != ')') {
        return std::nullopt;
    }
    return Destination{replace_all(unescape(raw), "%20", " "), i + 1};
}

} // namespace

std::vector<SummaryLink> find_summary_links(std::string_view text) {
    std::vector<SummaryLink> links;
    if (text.find('[') == std::string_view::npos) {
        return links;
    }
    const auto closes = closing_brackets(text);
    for (std::size_t i = 0; i < text.size();) {
        if (const auto after = skip_literal(text, i); after != i) {
            i = after;
            continue;
        }
        const char c = text[i];
        if (c != '[') {
            ++i;
            continue;
        }
        const auto close = closes[i];
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != '(') {
            ++i;
            continue;
        }
        const auto tail = destination(text, close + 1);
        if (!tail) {
            ++i;
            continue;
        }
        links.push_back({i, summary_inline_text(text.substr(i + 1, close - i - 1)), tail->target});
        i = tail->end;
    }
    return links;
}

std::string summary_inline_text(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() &&
            std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
            out += text[++i];
        } else if (c == '`') {
            const auto end = skip_code_span(text, i);
            std::size_t run = 0;
            while (i + run < text.size() && text[i + run] == '`') {
                ++run;
            }
            if (end == i + run) { // not closed: the backticks are text
                out.append(text.substr(i, run));
            } else {
                std::string_view code = text.substr(i + run, end - i - 2 * run);
                if (code.size() >= 2 && code.front() == ' ' && code.back() == ' ') {
                    code = code.substr(1, code.size() - 2);
                }
                out.append(code);
            }
            i = end - 1;
        } else if (c != '*') {
            out += c;
        }
    }
    return out;
}

} // namespace gpuguide
