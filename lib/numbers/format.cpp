#include "numbers/format.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace gpuguide::numbers {

double round_significant(double value, int digits) {
    if (value == 0 || !std::isfinite(value)) {
        return value;
    }
    // Scale so that the kept digits are the whole part, round half away from zero (62.5 to two
    // figures is 63, as a reader rounds), and let strtod turn "63e0" back into the double nearest
    // the rounded decimal: 0.012, not the 0.012000000000000002 that 12 * 0.001 gives.
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int shift = std::clamp(digits, 1, 17) - 1 - exponent;
    const double power = std::pow(10.0, std::abs(shift));
    const double kept = std::round(shift >= 0 ? value * power : value / power);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.0fe%d", kept, -shift);
    return std::strtod(buffer, nullptr);
}

namespace {

// printf's "%.*f" ('f') or "%.*g" ('g') of `value`; std::to_chars with that precision is
// specified to write the same text as printf in the "C" locale.
std::string printed(double value, int precision, char conversion) {
    // Enough for "%.*f" of the largest double (309 digits) with up to 60 decimals.
    std::array<char, 400> buffer{};
    precision = std::clamp(precision, 0, 60);
#if defined(__cpp_lib_to_chars)
    const auto format = conversion == 'f' ? std::chars_format::fixed : std::chars_format::general;
    const auto result =
        std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, format, precision);
    return std::string(buffer.data(), result.ptr);
#else // GCC 10's libstdc++ (Debian 11) has no floating-point to_chars
    const int length = conversion == 'f'
                           ? std::snprintf(buffer.data(), buffer.size(), "%.*f", precision, value)
                           : std::snprintf(buffer.data(), buffer.size(), "%.*g", precision, value);
    const int written = std::clamp(length, 0, static_cast<int>(buffer.size()) - 1);
    return std::string(buffer.data(), static_cast<std::size_t>(written));
#endif
}

} // namespace

std::string fixed(double value, int decimals) {
    return printed(value, decimals, 'f');
}

std::string general(double value, int digits) {
    return printed(value, digits, 'g');
}

std::string fixed_trimmed(double value, int decimals) {
    std::string text = fixed(value, decimals);
    if (text.find('.') != std::string::npos) { // "2.50" -> "2.5", "3.00" -> "3"
        while (text.back() == '0') {
            text.pop_back();
        }
        if (text.back() == '.') {
            text.pop_back();
        }
    }
    return text == "-0" ? "0" : text;
}

std::string group_digits(std::string_view text, std::string_view separator) {
    const std::size_t start = text.starts_with('-') || text.starts_with('+') ? 1 : 0;
    const std::size_t end = std::min(text.find('.'), text.size());
    const auto whole = text.substr(start, end - start);
    const bool plain =
        text.find_first_not_of("0123456789.+-", start) == std::string_view::npos &&
        std::all_of(whole.begin(), whole.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (separator.empty() || !plain || whole.size() < kGroupFrom) {
        return std::string(text);
    }
    std::string out(text.substr(0, start));
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) {
            out += separator;
        }
        out += whole[i];
    }
    out += text.substr(end);
    return out;
}

} // namespace gpuguide::numbers
