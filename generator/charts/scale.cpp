#include "charts/scale.hpp"

#include "charts/text.hpp"

#include <algorithm>
#include <cmath>

namespace gpuguide::charts::detail {
namespace {

constexpr double epsilon = 1e-9;

double log10_or_floor(double value) {
    return std::log10(std::max(value, 1e-300));
}

/// Usable fixed ends from the axis: finite, positive on log axes, and in order.
void apply_overrides(const Axis& axis, double& lo, double& hi) {
    const auto usable = [&](const std::optional<double>& end) {
        return end && std::isfinite(*end) && (!axis.log || *end > 0);
    };
    const double new_lo = usable(axis.min) ? *axis.min : lo;
    const double new_hi = usable(axis.max) ? *axis.max : hi;
    if (new_lo < new_hi) {
        lo = new_lo;
        hi = new_hi;
    }
}

} // namespace

void Extent::add(double value) {
    if (std::isfinite(value)) {
        lo = std::min(lo, value);
        hi = std::max(hi, value);
    }
}

double Scale::map(double value) const {
    double fraction = 0;
    if (log) {
        const double l0 = log10_or_floor(d0);
        const double l1 = log10_or_floor(d1);
        fraction = (l1 > l0) ? (log10_or_floor(value) - l0) / (l1 - l0) : 0.5;
    } else {
        fraction = (d1 > d0) ? (value - d0) / (d1 - d0) : 0.5;
    }
    if (!std::isfinite(fraction)) {
        fraction = 0;
    }
    return r0 + std::clamp(fraction, 0.0, 1.0) * (r1 - r0);
}

bool Scale::contains(double value) const {
    const double tolerance = log ? 0 : (d1 - d0) * epsilon;
    return std::isfinite(value) && value >= d0 - tolerance && value <= d1 + tolerance &&
           (!log || value > 0);
}

double nice_step(double span, int target) {
    if (!(span > 0) || !std::isfinite(span)) {
        return 1;
    }
    const double raw = span / std::max(target, 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double normalised = raw / magnitude;
    const double factor = normalised < 1.5 ? 1 : normalised < 3 ? 2 : normalised < 7 ? 5 : 10;
    return factor * magnitude;
}

std::vector<Tick> linear_ticks(double lo, double hi, double step) {
    std::vector<Tick> ticks;
    if (!(step > 0) || !(hi >= lo)) {
        return ticks;
    }
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + epsilon)));
    const double first = std::ceil(lo / step - epsilon);
    const double last = std::floor(hi / step + epsilon);
    constexpr double max_ticks = 50; // a guard: nice steps give about five
    for (double k = first; k <= last && k - first < max_ticks; ++k) {
        double value = k * step;
        if (std::fabs(value) < step * epsilon) {
            value = 0; // no "-0"
        }
        ticks.push_back(
            {value, true, step >= 1000 ? format_si(value) : format_fixed(value, decimals)});
    }
    return ticks;
}

std::vector<Tick> log_ticks(double lo, double hi) {
    std::vector<Tick> ticks;
    if (!(lo > 0) || !(hi > lo)) {
        return ticks;
    }
    const double decades = std::log10(hi) - std::log10(lo);
    const int stride = std::max(1, static_cast<int>(std::ceil(decades / 8 - epsilon)));
    const int first = static_cast<int>(std::ceil(std::log10(lo) - epsilon));
    const int last = static_cast<int>(std::floor(std::log10(hi) + epsilon));
    for (int exponent = first; exponent <= last; ++exponent) {
        if (((exponent % stride) + stride) % stride == 0) {
            const double value = std::pow(10.0, exponent);
            ticks.push_back({value, true, format_si(value)});
        }
    }
    if (decades <= 3 + epsilon) {
        const bool labelled = decades <= 2 + epsilon;
        const int lowest = static_cast<int>(std::floor(std::log10(lo) + epsilon));
        for (int exponent = lowest; exponent <= last; ++exponent) {
            for (const double mantissa : {2.0, 5.0}) {
                const double value = mantissa * std::pow(10.0, exponent);
                if (value >= lo * (1 - epsilon) && value <= hi * (1 + epsilon)) {
                    ticks.push_back({value, false, labelled ? format_si(value) : std::string()});
                }
            }
        }
        std::sort(ticks.begin(), ticks.end(),
                  [](const Tick& a, const Tick& b) { return a.value < b.value; });
    }
    return ticks;
}

ScaledAxis make_axis(const Axis& axis, Extent data, double r0, double r1, int target_ticks,
                     bool include_zero) {
    ScaledAxis result;
    result.scale.log = axis.log;
    result.scale.r0 = r0;
    result.scale.r1 = r1;
    double lo = data.lo;
    double hi = data.hi;
    if (axis.log) {
        if (data.empty()) {
            lo = 1;
            hi = 10;
        }
        double low_decade = std::floor(std::log10(lo) + epsilon);
        double high_decade = std::ceil(std::log10(hi) - epsilon);
        if (high_decade <= low_decade) {
            --low_decade; // one value: centre it in two decades
            ++high_decade;
        }
        lo = std::pow(10.0, low_decade);
        hi = std::pow(10.0, high_decade);
        apply_overrides(axis, lo, hi);
        result.ticks = log_ticks(lo, hi);
    } else {
        if (data.empty()) {
            lo = 0;
            hi = 1;
        }
        if (include_zero) {
            lo = std::min(lo, 0.0);
            hi = std::max(hi, 0.0);
        }
        if (hi - lo <= std::fabs(hi) * epsilon) {
            const double pad = lo == 0 ? 1 : std::fabs(lo) * 0.1;
            lo = (include_zero && lo == 0) ? 0 : lo - pad;
            hi += pad;
        }
        const double step = nice_step(hi - lo, target_ticks);
        lo = std::floor(lo / step + epsilon) * step;
        hi = std::ceil(hi / step - epsilon) * step;
        apply_overrides(axis, lo, hi);
        result.ticks = linear_ticks(lo, hi, nice_step(hi - lo, target_ticks));
    }
    result.scale.d0 = lo;
    result.scale.d1 = hi;
    return result;
}

std::string axis_title(const Axis& axis) {
    if (axis.unit.empty() || axis.label.find(axis.unit) != std::string::npos) {
        return axis.label;
    }
    if (axis.label.empty()) {
        return axis.unit;
    }
    return axis.label + " (" + axis.unit + ")";
}

} // namespace gpuguide::charts::detail
