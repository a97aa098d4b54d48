#include "numbers/number.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

#if !defined(__cpp_lib_to_chars)
// GCC 10's libstdc++ (Debian 11, where the probe bundle is built: scripts/probe-bundle.sh) has no
// floating-point from_chars or to_chars; strtod and snprintf stand in. Nothing in the project
// sets a locale, so both use the "C" locale's '.' as the decimal point.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#endif

namespace gpuguide::numbers {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

std::size_t skip_digits(std::string_view text, std::size_t i) {
    while (i < text.size() && is_digit(text[i])) {
        ++i;
    }
    return i;
}

// True when `text` (unsigned, in YAML's number grammar) is [0-9]+(.[0-9]*)? or .[0-9]+, then an
// optional exponent [eE][-+]?[0-9]+, and nothing else.
bool is_decimal(std::string_view text) {
    const std::size_t integer_end = skip_digits(text, 0);
    std::size_t i = integer_end;
    bool digits = integer_end > 0;
    if (i < text.size() && text[i] == '.') {
        const std::size_t fraction_end = skip_digits(text, i + 1);
        digits = digits || fraction_end > i + 1;
        i = fraction_end;
    }
    if (!digits) {
        return false;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
            ++i;
        }
        const std::size_t exponent_end = skip_digits(text, i);
        if (exponent_end == i) {
            return false;
        }
        i = exponent_end;
    }
    return i == text.size();
}

// from_chars says only "out of range" for 1e400 and 1e-400 alike. The decimal exponent of the
// first significant digit tells which: positive means too large.
bool overflows(std::string_view text) {
    const auto e = text.find_first_of("eE");
    const auto mantissa = text.substr(0, e);
    long long exponent = 0;
    if (e != std::string_view::npos) {
        auto digits = text.substr(e + 1);
        const bool negative = digits.starts_with('-');
        digits.remove_prefix(digits.starts_with('-') || digits.starts_with('+') ? 1 : 0);
        for (const char c : digits) { // saturates: only the sign of the sum matters below
            exponent = std::min(exponent * 10 + (c - '0'), 1'000'000'000LL);
        }
        exponent = negative ? -exponent : exponent;
    }
    const auto point = std::min(mantissa.find('.'), mantissa.size());
    const auto first = mantissa.find_first_of("123456789");
    if (first == std::string_view::npos) {
        return false; // zero is never out of range; kept for safety
    }
    const long long lead = first < point ? static_cast<long long>(point - first) - 1
                                         : -static_cast<long long>(first - point);
    return lead + exponent > 0;
}

} // namespace

std::string describe(const Rule& rule) {
    std::string text = rule.whole            ? "a whole number"
                       : rule.allow_infinite ? "a number (.inf and -.inf allowed)"
                                             : "a finite number";
    const bool has_min = rule.min > -kInfinity, has_max = rule.max < kInfinity;
    if (has_min && has_max) {
        text += rule.above_min
                    ? " greater than " + shortest(rule.min) + " and at most " + shortest(rule.max)
                    : " from " + shortest(rule.min) + " to " + shortest(rule.max);
    } else if (has_min) {
        text += (rule.above_min ? " greater than " : " of at least ") + shortest(rule.min);
    } else if (has_max) {
        text += " of at most " + shortest(rule.max);
    }
    if (rule.allow_nan) {
        text += ", or .nan";
    }
    return text;
}

std::optional<double> parse(std::string_view text) {
    std::string_view body = text;
    const bool negative = body.starts_with('-');
    if (negative || body.starts_with('+')) {
        body.remove_prefix(1);
    }
    if (body == ".inf" || body == ".Inf" || body == ".INF") {
        return negative ? -kInfinity : kInfinity;
    }
    if (text == ".nan" || text == ".NaN" || text == ".NAN") {
        return std::numeric_limits<double>::quiet_NaN();
    }
    // from_chars alone would also take "nan", "inf" and "infinity", which YAML reads as words.
    if (!is_decimal(body)) {
        return std::nullopt;
    }
    double value = 0;
#if defined(__cpp_lib_to_chars)
    const auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), value);
    const bool out_of_range = error == std::errc::result_out_of_range;
    const bool read_whole = error == std::errc() && end == body.data() + body.size();
#else
    const std::string copy(body);
    char* end = nullptr;
    errno = 0;
    value = std::strtod(copy.c_str(), &end);
    const bool out_of_range = errno == ERANGE && (std::isinf(value) || value == 0);
    const bool read_whole = end == copy.c_str() + copy.size();
#endif
    if (out_of_range) {
        value = overflows(body) ? kInfinity : 0.0;
    } else if (!read_whole) {
        return std::nullopt;
    }
    return negative ? -value : value;
}

Reading check(double value, const Rule& rule, std::string_view shown) {
    bool ok = true;
    if (std::isnan(value)) {
        ok = rule.allow_nan;
    } else if (std::isinf(value) && !rule.allow_infinite) {
        ok = false;
    } else {
        ok = value >= rule.min && value <= rule.max && !(rule.above_min && value == rule.min) &&
             !(rule.whole && value != std::floor(value));
    }
    if (ok) {
        return {value, ""};
    }
    return {std::nullopt, "must be " + describe(rule) + ", not " +
                              (shown.empty() ? shortest(value) : std::string(shown))};
}

Reading read(std::string_view text, const Rule& rule) {
    if (const auto value = parse(text)) {
        return check(*value, rule, text);
    }
    return {std::nullopt, "must be " + describe(rule) + ", not \"" + std::string(text) + "\""};
}

std::string shortest(double value) {
    if (std::isnan(value)) {
        return ".nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? ".inf" : "-.inf";
    }
    char buffer[32];
    // Whole numbers that fit in 15 digits print in full: "100000", not "1e+05".
    const bool plain = value == std::floor(value) && std::fabs(value) < 1e15;
#if defined(__cpp_lib_to_chars)
    const auto result =
        plain ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
              : std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
#else
    if (plain) {
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    for (int digits = 1; digits <= 17; ++digits) { // the fewest digits that read back the same
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
        if (std::strtod(buffer, nullptr) == value) {
            break;
        }
    }
    return buffer;
#endif
}

} // namespace gpuguide::numbers
