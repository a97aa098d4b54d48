// Numbers and metrics as people read them.
#include "numbers/format.hpp"

#include "markdown/markdown.hpp"
#include "measure/number_text.hpp"
#include "measure/store.hpp"
#include "numbers/number.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace gpuguide::measure {
namespace {

struct Scaling {
    const char* unit;
    double threshold; // scale when the value is >= threshold (or < threshold when down)
    bool down;
    double factor;
    const char* scaled_unit;
};

// One step of scaling is enough for every unit the probes report.
constexpr std::array kScalings{
    Scaling{"GB/s", 1000, false, 1e-3, "TB/s"},
    Scaling{"MB/s", 1000, false, 1e-3, "GB/s"},
    Scaling{"GFLOP/s", 1000, false, 1e-3, "TFLOP/s"},
    Scaling{"GOP/s", 1000, false, 1e-3, "TOP/s"},
    Scaling{"µs", 1, true, 1e3, "ns"},
    Scaling{"ms", 1, true, 1e3, "µs"},
    Scaling{"ns", 10000, false, 1e-3, "µs"},
    Scaling{"MHz", 10000, false, 1e-3, "GHz"},
    Scaling{"KiB", 1024, false, 1.0 / 1024, "MiB"},
    Scaling{"MiB", 1024 * 10, false, 1.0 / 1024, "GiB"},
};

struct PrefixedUnit {
    double factor = 1; // multiplier to the base unit
    std::string_view base;
};

// Splits an SI prefix off a unit: "TFLOP/s" -> {1e12, "FLOP/s"}. Units without a known prefix are
// their own base, so "W" and "GFLOP/s/W" still compare with themselves.
PrefixedUnit split_prefix(std::string_view unit) {
    static constexpr std::array<std::pair<std::string_view, double>, 8> kPrefixes{{{"n", 1e-9},
                                                                                   {"µ", 1e-6},
                                                                                   {"m", 1e-3},
                                                                                   {"k", 1e3},
                                                                                   {"M", 1e6},
                                                                                   {"G", 1e9},
                                                                                   {"T", 1e12},
                                                                                   {"P", 1e15}}};
    // Only units whose base is a known quantity are split, so "ms"/"MHz" work but "MiB" (binary)
    // and "W" (no prefix) are left alone.
    static constexpr std::array<std::string_view, 6> kBases{"FLOP/s", "OP/s", "B/s",
                                                            "s",      "Hz",   "B"};
    for (const auto& [prefix, factor] : kPrefixes) {
        if (unit.starts_with(prefix)) {
            const auto rest = unit.substr(prefix.size());
            if (std::find(kBases.begin(), kBases.end(), rest) != kBases.end()) {
                return {factor, rest};
            }
        }
    }
    return {1, unit};
}

} // namespace

std::optional<double> convert_unit(double value, std::string_view from, std::string_view to) {
    if (from.empty() || to.empty() || from == to) {
        return value;
    }
    const auto source = split_prefix(from), target = split_prefix(to);
    if (source.base != target.base) {
        return std::nullopt;
    }
    return value * source.factor / target.factor;
}

std::string format_number(double number) {
    if (!std::isfinite(number)) {
        return "—";
    }
    const double magnitude = std::fabs(number);
    if (magnitude >= 1e15) { // "%.0f" would print 301 digits for 1e300, cut short below
        return numbers::shortest(number);
    }
    if (magnitude > 0 && magnitude < 1e-3) {
        // Three decimals would print a GEMM's relative error of 8.6e-8 as "0": two significant
        // digits in e-notation instead, without the exponent's padding ("8.6e-08" -> "8.6e-8").
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1e", number);
        std::string text = buffer;
        const auto e = text.find('e');
        std::string mantissa = text.substr(0, e), exponent = text.substr(e + 2); // skip "e-"
        if (mantissa.ends_with(".0")) {
            mantissa.resize(mantissa.size() - 2);
        }
        exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
        return mantissa + "e-" + exponent;
    }
    int decimals = 0;
    if (magnitude == std::floor(magnitude) && magnitude < 1e15) {
        decimals = 0;
    } else if (magnitude < 1) {
        decimals = 3;
    } else if (magnitude < 10) {
        decimals = 2;
    } else if (magnitude < 100) {
        decimals = 1;
    }
    return numbers::fixed_trimmed(number, decimals);
}

std::string format_number(double number, std::string_view group_separator) {
    return numbers::group_digits(format_number(number), group_separator);
}

std::string format_number(double number, const ui::Strings& strings) {
    return format_number(number, strings.text("digit_group_separator"));
}

std::optional<double> numeric(const nlohmann::json& value) {
    if (value.is_number()) {
        return value.get<double>();
    }
    if (value.is_object()) {
        for (const char* member : {"median", "value"}) {
            const auto found = value.find(member);
            if (found != value.end() && found->is_number()) {
                return found->get<double>();
            }
        }
    }
    return std::nullopt;
}

std::string unit_of(const nlohmann::json& value) {
    if (value.is_object()) {
        const auto unit = value.find("unit");
        if (unit != value.end() && unit->is_string()) {
            return unit->get<std::string>();
        }
    }
    return "";
}

Formatted format_value(const nlohmann::json& value, const ui::Strings& strings) {
    if (value.is_string()) {
        return {markdown::without_control_characters(value.get<std::string>()), std::nullopt, ""};
    }
    if (value.is_boolean()) {
        const bool yes = value.get<bool>();
        return {strings.text(yes ? "yes" : "no"), std::nullopt, ""};
    }
    auto number = numeric(value);
    if (!number) {
        return {"—", std::nullopt, unit_of(value)};
    }
    return format_quantity(*number, unit_of(value), strings);
}

Formatted format_quantity(double number, std::string unit, const ui::Strings& strings) {
    for (const auto& scaling : kScalings) {
        const double magnitude = std::fabs(number);
        if (unit == scaling.unit && (scaling.down ? (magnitude < scaling.threshold && magnitude > 0)
                                                  : magnitude >= scaling.threshold)) {
            number *= scaling.factor;
            unit = scaling.scaled_unit;
            break;
        }
    }
    std::string text = format_number(number, strings);
    if (!unit.empty() && unit != "count") {
        text += (unit == "%" ? "" : "\u00A0") + unit; // no-break space keeps "2.93 TB/s" together
    }
    return {text, number, unit};
}

} // namespace gpuguide::measure
