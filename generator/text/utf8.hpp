// UTF-8 validation shared by the loader (which rejects bad input with its line) and the search
// index (which replaces it): one validator, so both agree on what counts as valid.
#pragma once

#include <cstddef>
#include <string_view>

namespace gpuguide::text {

/// Decodes the UTF-8 sequence at `pos` into `code_point` and returns its length, or 0 when the
/// bytes there are not valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF).
std::size_t decode_utf8(std::string_view text, std::size_t pos, char32_t& code_point);

/// Offset of the first byte that starts no valid UTF-8 sequence (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF), or std::string_view::npos when all of `text` is valid.
std::size_t first_invalid_utf8(std::string_view text);

} // namespace gpuguide::text
