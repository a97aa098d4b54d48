#include "text/whitespace.hpp"

namespace gpuguide::text {
namespace {

bool is_space(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f';
}

} // namespace

std::string collapse_whitespace(std::string_view text) {
    // Word by word rather than byte by byte: all of a book's text passes through here.
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (true) {
        while (i < text.size() && is_space(text[i])) {
            ++i;
        }
        if (i == text.size()) {
            return out;
        }
        const std::size_t start = i;
        while (i < text.size() && !is_space(text[i])) {
            ++i;
        }
        if (!out.empty()) {
            out += ' ';
        }
        out.append(text.data() + start, i - start);
    }
}

bool is_collapsed(std::string_view text) {
    if (!text.empty() && (text.front() == ' ' || text.back() == ' ')) {
        return false;
    }
    bool after_space = false;
    for (const char c : text) {
        if (c == ' ') {
            if (after_space) {
                return false;
            }
            after_space = true;
        } else if (c == '\n' || c == '\t' || c == '\r' || c == '\f') {
            return false;
        } else {
            after_space = false;
        }
    }
    return true;
}

} // namespace gpuguide::text
