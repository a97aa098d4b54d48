#pragma once
/// Writing a number for readers: how many significant figures a derived figure keeps, and the
/// digit groups that make "1,000,000 tokens" readable. The generator's figure formatting
/// (measure::format_number) and its estimates use these; the separator comes from the page
/// language's interface strings (`digit_group_separator`).
#include <string>
#include <string_view>

namespace gpuguide::numbers {

/// `value` rounded to `digits` significant figures (at least 1): round_significant(13.63, 2) is
/// 14, round_significant(1'310'000, 2) is 1'300'000, round_significant(0.01234, 2) is 0.012.
/// Zero, infinities and NaN come back unchanged.
double round_significant(double value, int digits);

/// The fewest whole-part digits that get grouped: 10000 becomes "10,000", 2026 (a year, a
/// four-digit count) stays as it is, as in most style guides for English and Chinese text.
inline constexpr std::size_t kGroupFrom = 5;

/// `text`, a plain decimal number ("1000000", "-12345.6", "0.5"), with the digits of its whole
/// part grouped in threes by `separator` when there are kGroupFrom or more of them:
/// "1,000,000", "-12,345.6". Anything else (e-notation such as "1e+300", "—", an empty
/// separator) comes back unchanged.
std::string group_digits(std::string_view text, std::string_view separator);

} // namespace gpuguide::numbers
