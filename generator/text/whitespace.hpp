// Whitespace folding shared by the plain text of sections and the search index.
#pragma once

#include <string>
#include <string_view>

namespace gpuguide::text {

/// The words of `text` (split at space, tab, newline, CR and form feed) joined by single spaces.
std::string collapse_whitespace(std::string_view text);

/// Whether collapse_whitespace(text) == text: no whitespace but single spaces between words.
bool is_collapsed(std::string_view text);

} // namespace gpuguide::text
