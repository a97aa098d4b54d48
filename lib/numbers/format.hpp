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

/// `value` with exactly `decimals` digits after the point ("2.50" for 2.5 and 2), as printf's
/// "%.*f" writes it in the "C" locale, but by std::to_chars where the library has it: glibc's
/// printf takes a multi-precision path for every double, a tenth of a 20,000-node fleet build.
std::string fixed(double value, int decimals);

/// `value` with `digits` significant digits as printf's "%.*g" writes it ("2.93e+06", "0.5"),
/// by std::to_chars where the library has it.
std::string general(double value, int digits);

/// fixed() without trailing zeros or a bare point ("2.5", "3"), and "0" for "-0".
std::string fixed_trimmed(double value, int decimals);

/// The fewest whole-part digits that get grouped: 10000 becomes "10,000", 2026 (a year, a
/// four-digit count) stays as it is, as in most style guides for English and Chinese text.
inline constexpr std::size_t kGroupFrom = 5;

/// `text`, a plain decimal number ("1000000", "-12345.6", "0.5"), with the digits of its whole
/// part grouped in threes by `separator` when there are kGroupFrom or more of them:
/// "1,000,000", "-12,345.6". Anything else (e-notation such as "1e+300", "—", an empty
/// separator) comes back unchanged.
std::string group_digits(std::string_view text, std::string_view separator);

} // namespace gpuguide::numbers
