#include "text/utf8.hpp"

#include <cstdint>
#include <cstring>

namespace gpuguide::text {

std::size_t first_invalid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        // Eight ASCII bytes at a time: every page and data file passes through here.
        std::uint64_t word;
        if (i + 8 <= text.size() && (std::memcpy(&word, text.data() + i, 8), true) &&
            (word & 0x8080808080808080ULL) == 0) {
            i += 8;
            continue;
        }
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            ++i;
            continue;
        }
        // Lengths and the allowed range of the second byte.
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (byte >= 0xC2 && byte <= 0xDF) {
            length = 2;
        } else if (byte >= 0xE0 && byte <= 0xEF) {
            length = 3;
            low = byte == 0xE0 ? 0xA0 : 0x80;
            high = byte == 0xED ? 0x9F : 0xBF;
        } else if (byte >= 0xF0 && byte <= 0xF4) {
            length = 4;
            low = byte == 0xF0 ? 0x90 : 0x80;
            high = byte == 0xF4 ? 0x8F : 0xBF;
        }
        bool valid = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            valid = k == 1 ? (next >= low && next <= high) : (next >= 0x80 && next <= 0xBF);
        }
        if (!valid) {
            return i;
        }
        i += length;
    }
    return std::string_view::npos;
}

} // namespace gpuguide::text
