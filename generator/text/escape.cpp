#include "text/escape.hpp"

#include "text/utf8.hpp"

namespace gpuguide::text {

std::string escape_markup(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t pos = 0; pos < text.size();) {
        char32_t c = 0;
        const std::size_t length = decode_utf8(text, pos, c);
        if (length == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD for each invalid byte
            ++pos;
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
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || c == 0xFFFE ||
                c == 0xFFFF) {
                break; // not allowed in XML 1.0 text
            }
            out.append(text.substr(pos, length));
        }
        pos += length;
    }
    return out;
}

} // namespace gpuguide::text
