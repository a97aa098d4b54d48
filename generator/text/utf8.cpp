#include "text/utf8.hpp"

#include <array>
#include <cstdint>
#include <cstring>

namespace gpuguide::text {

std::size_t decode_utf8(std::string_view text, std::size_t pos, char32_t& code_point) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[pos + i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    char32_t value = 0;
    if (lead < 0x80) {
        code_point = lead;
        return 1;
    } else if ((lead & 0xE0) == 0xC0) {
        length = 2;
        value = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3;
        value = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4;
        value = lead & 0x07;
    } else {
        return 0;
    }
    if (pos + length > text.size()) {
        return 0;
    }
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(i) & 0xC0) != 0x80) {
            return 0;
        }
        value = (value << 6) | (byte(i) & 0x3F);
    }
    // Reject overlong forms, surrogates and values past U+10FFFF: XML parsers refuse them.
    static constexpr std::array<char32_t, 5> min_for_length{0, 0, 0x80, 0x800, 0x10000};
    if (value < min_for_length[length] || value > 0x10FFFF ||
        (value >= 0xD800 && value <= 0xDFFF)) {
        return 0;
    }
    code_point = value;
    return length;
}

std::size_t first_invalid_utf8(std::string_view text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const auto continues = [bytes](std::size_t i) { return (bytes[i] & 0xC0) == 0x80; };
    for (std::size_t i = 0; i < text.size();) {
        // Eight ASCII bytes at a time: every page and data file passes through here.
        std::uint64_t word;
        if (i + 8 <= text.size() && (std::memcpy(&word, bytes + i, 8), true) &&
            (word & 0x8080808080808080ULL) == 0) {
            i += 8;
            continue;
        }
        const unsigned char lead = bytes[i];
        if (lead < 0x80) {
            ++i;
            continue;
        }
        // Most of a Chinese page: a three-byte sequence whose lead allows any continuation bytes
        // (E0 could be overlong and ED a surrogate: decode_utf8 checks those).
        if (lead >= 0xE1 && lead <= 0xEF && lead != 0xED && i + 2 < text.size() &&
            continues(i + 1) && continues(i + 2)) {
            i += 3;
            continue;
        }
        char32_t code_point = 0;
        const std::size_t length = decode_utf8(text, i, code_point);
        if (length == 0) {
            return i;
        }
        i += length;
    }
    return std::string_view::npos;
}

} // namespace gpuguide::text
