#pragma once
/// ASCII character classes for the parsers of directive options, formulas and units: unlike
/// <cctype>'s, they ignore the locale and take a plain `char` (a UTF-8 byte above 0x7F is never
/// a digit or a letter here).

namespace gpuguide::text {

/// '0' to '9'.
constexpr bool is_ascii_digit(char c) {
    return c >= '0' && c <= '9';
}

/// 'a' to 'z' and 'A' to 'Z'.
constexpr bool is_ascii_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

} // namespace gpuguide::text
