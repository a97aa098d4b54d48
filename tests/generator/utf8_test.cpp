// The UTF-8 validator every page passes through at load: its fast paths (eight ASCII bytes at a
// time, common three-byte sequences at once) must find exactly the byte that decode_utf8, one
// sequence at a time, finds.
#include "gpuguide_catch.hpp"
#include "text/utf8.hpp"

#include <string>

namespace {

// The rule, one sequence at a time.
std::size_t first_invalid_by_decoding(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        char32_t code_point = 0;
        const std::size_t length = gpuguide::text::decode_utf8(text, i, code_point);
        if (length == 0) {
            return i;
        }
        i += length;
    }
    return std::string_view::npos;
}

} // namespace

TEST_CASE("first_invalid_utf8 finds what decoding finds, at every offset", "[utf8]") {
    // Every lead byte from 0x80, every second byte, and third and fourth bytes on each side of
    // the continuation range, inside ASCII and Chinese text, at offsets that cross 8-byte words.
    const unsigned char edges[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90,
                                   0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
    const std::string context = "GPU 显存 bandwidth, 带宽 and 延迟.";
    std::size_t checked = 0, invalid = 0;
    for (int lead = 0x80; lead <= 0xFF; ++lead) {
        for (int second = 0; second <= 0xFF; ++second) {
            for (const unsigned char third : edges) {
                for (const unsigned char fourth :
                     {static_cast<unsigned char>(0x41), static_cast<unsigned char>(0xBF)}) {
                    for (const std::size_t at :
                         {std::size_t{0}, std::size_t{7}, context.size() - 2}) {
                        std::string text = context;
                        const char bytes[] = {static_cast<char>(lead), static_cast<char>(second),
                                              static_cast<char>(third), static_cast<char>(fourth)};
                        text.insert(at, bytes, 4);
                        const auto expected = first_invalid_by_decoding(text);
                        const auto found = gpuguide::text::first_invalid_utf8(text);
                        if (found != expected) {
                            FAIL_CHECK("bytes " << lead << " " << second << " " << int(third) << " "
                                                << int(fourth) << " at " << at << ": " << found
                                                << " against " << expected);
                        }
                        ++checked;
                        invalid += expected != std::string_view::npos;
                    }
                }
            }
        }
    }
    // Both kinds occur: the comparison is not between two validators that accept everything.
    CHECK(invalid > 0);
    CHECK(invalid < checked);
    // And the ends: a sequence cut off by the end of the text.
    for (const std::string_view cut : {"abc\xE6", "abc\xE6\x98", "abcdefgh\xF0\x9F\x98"}) {
        CHECK(gpuguide::text::first_invalid_utf8(cut) == 3 + (cut.size() > 6 ? 5 : 0));
    }
    // A view that ends inside a character whose next byte, beyond the view, would complete it.
    const std::string whole = "abc显存";
    CHECK(gpuguide::text::first_invalid_utf8(std::string_view(whole).substr(0, 5)) == 3);
    CHECK(gpuguide::text::first_invalid_utf8("显存显存显存") == std::string_view::npos);
}
