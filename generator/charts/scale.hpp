// Scales (data value -> pixel) and tick generation for linear and logarithmic axes.
#pragma once

#include "charts/chart.hpp"

#include <limits>
#include <string>
#include <vector>

namespace gpuguide::charts::detail {

/// The smallest and largest of the values added (empty until the first finite value).
struct Extent {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    void add(double value);
    [[nodiscard]] bool empty() const { return lo > hi; }
};

/// Maps a domain [d0, d1] (data units) onto pixels [r0, r1], linearly or by log10.
struct Scale {
    bool log = false;
    double d0 = 0, d1 = 1;
    double r0 = 0, r1 = 1;
    /// Pixel position of `value`, clamped to the range so stray values cannot leave the plot.
    [[nodiscard]] double map(double value) const;
    /// Whether `value` lies within the domain (values outside are not drawn).
    [[nodiscard]] bool contains(double value) const;
};

/// One tick: major ticks get a gridline; ticks with an empty label are unlabelled minor ticks.
struct Tick {
    double value = 0;
    bool major = true;
    std::string label;
};

/// A 1-2-5 step giving about `target` intervals over `span` (1, 2, 5, 10, 20, …).
double nice_step(double span, int target);

/// Ticks at every multiple of `step` within [lo, hi]; SI labels ("1k") once the step reaches
/// 1000, otherwise as many decimals as the step needs (so years stay "2010").
std::vector<Tick> linear_ticks(double lo, double hi, double step);

/// Decade ticks within [lo, hi] (every n-th decade on long ranges, at most about eight),
/// plus 2 and 5 minor ticks when the range spans three decades or less (labelled up to two).
std::vector<Tick> log_ticks(double lo, double hi);

/// A scale and its ticks for `axis` over the data extent: linear domains are widened to whole
/// steps, log domains to whole decades; the axis's own min/max win when they are usable.
/// `include_zero` keeps 0 in a linear domain (bars grow from zero).
struct ScaledAxis {
    Scale scale;
    std::vector<Tick> ticks;
};
ScaledAxis make_axis(const Axis& axis, Extent data, double r0, double r1, int target_ticks,
                     bool include_zero = false);

/// "label (unit)", or just the label when it already names the unit or there is none.
std::string axis_title(const Axis& axis);

} // namespace gpuguide::charts::detail
