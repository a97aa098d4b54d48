#include "numbers/format.hpp"

#include <algorithm>
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
