#include "charts/text.hpp"

#include "numbers/format.hpp"
#include "text/utf8.hpp"
#include "text/width.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace gpuguide::charts::detail {
namespace {

/// Width in em of a decoded character (`length` 0: an invalid byte, drawn as U+FFFD).
double char_ems(std::size_t length, char32_t c) {
    return (length != 0 && gpuguide::text::is_east_asian_wide(c)) ? 1.0 : 0.6;
}

int floor_log10(double magnitude) {
    return static_cast<int>(std::floor(std::log10(magnitude)));
}

/// `value` scaled by an SI prefix and printed with `significant` digits.
std::string with_si_prefix(double value, int significant) {
    struct Prefix {
        int exponent;
        const char* symbol;
    };
    static constexpr std::array<Prefix, 9> prefixes{{{18, "E"},
                                                     {15, "P"},
                                                     {12, "T"},
                                                     {9, "G"},
                                                     {6, "M"},
                                                     {3, "k"},
                                                     {0, ""},
                                                     {-6, "µ"},
                                                     {-9, "n"}}};
    const double magnitude = std::fabs(value);
    for (const auto& prefix : prefixes) {
        const double unit = std::pow(10.0, prefix.exponent);
        if (magnitude >= unit * (1 - 1e-9) || prefix.exponent == -9) {
            const double scaled = value / unit;
            const int digits = std::clamp(significant - 1 - floor_log10(std::fabs(scaled)), 0, 12);
            return numbers::fixed_trimmed(scaled, digits) + prefix.symbol;
        }
    }
    return "0";
}

} // namespace

std::string sanitize_id(std::string_view id) {
    std::string out;
    for (const char c : id) {
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool digit = c >= '0' && c <= '9';
        if (letter || ((digit || c == '-' || c == '_') && !out.empty())) {
            out += c;
        }
    }
    return out.empty() ? "chart" : out;
}

std::string format_coord(double value) {
    if (!std::isfinite(value)) {
        return "0";
    }
    return numbers::fixed_trimmed(value, 1);
}

std::string format_fixed(double value, int decimals) {
    if (!std::isfinite(value)) {
        return "0";
    }
    return numbers::fixed_trimmed(value, std::clamp(decimals, 0, 15));
}

std::string format_si(double value) {
    if (!std::isfinite(value) || std::fabs(value) < 1e-12) {
        return "0";
    }
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e-3 && magnitude < 1e3) {
        return format_fixed(value, 2 - floor_log10(magnitude));
    }
    return with_si_prefix(value, 3);
}

std::string format_value(double value) {
    if (!std::isfinite(value)) {
        return "—";
    }
    const double magnitude = std::fabs(value);
    if (magnitude < 1e-12) {
        return "0";
    }
    // Four significant digits, at least one decimal below 10 000 ("3352.3 GB/s"); from there an
    // SI prefix, as the axis ticks write it: a CPU-vs-GPU chart in GFLOP/s reads "717.5k", not
    // "717452.2".
    if (magnitude >= 1e-3 && magnitude < 1e4) {
        return format_fixed(value, std::max(1, 3 - floor_log10(magnitude)));
    }
    return with_si_prefix(value, 4);
}

double text_width(std::string_view text, double font_size) {
    double ems = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        char32_t c = 0;
        const std::size_t length = text::decode_utf8(text, pos, c);
        ems += char_ems(length, c);
        pos += std::max<std::size_t>(length, 1);
    }
    return ems * font_size;
}

std::string fit_text(std::string_view text, double max_width, double font_size) {
    if (text_width(text, font_size) <= max_width) {
        return std::string(text);
    }
    // One pass, adding code point widths, so hostile megabyte labels stay linear.
    const double budget = max_width - text_width("…", font_size);
    double used = 0;
    std::size_t end = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        char32_t c = 0;
        const std::size_t decoded = text::decode_utf8(text, pos, c);
        const std::size_t length = std::max<std::size_t>(decoded, 1);
        used += char_ems(decoded, c) * font_size;
        if (used > budget) {
            break;
        }
        pos += length;
        end = pos;
    }
    return std::string(text.substr(0, end)) + "…";
}

std::string substitute(std::string_view pattern, std::initializer_list<std::string_view> args) {
    std::string out;
    for (std::size_t pos = 0; pos < pattern.size(); ++pos) {
        const bool placeholder = pattern[pos] == '{' && pos + 2 < pattern.size() &&
                                 pattern[pos + 2] == '}' && pattern[pos + 1] >= '0' &&
                                 pattern[pos + 1] <= '9';
        const auto index = placeholder ? static_cast<std::size_t>(pattern[pos + 1] - '0') : 0;
        if (placeholder && index < args.size()) {
            out.append(*(args.begin() + index));
            pos += 2;
        } else {
            out += pattern[pos];
        }
    }
    return out;
}

} // namespace gpuguide::charts::detail
