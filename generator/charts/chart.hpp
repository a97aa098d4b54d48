// SVG charts built at build time: plain data in, a self-contained HTML <figure> out.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::charts {

/// The four chart kinds of the `gg-chart` directive.
enum class Kind { Bar, Line, Scatter, Roofline };

/// One axis: its label (plain text), scale type, optional fixed ends and unit.
/// The unit is appended to the label as "label (unit)" unless the label already names it.
struct Axis {
    std::string label;
    bool log = false;
    std::optional<double> min, max;
    std::string unit;
};

/// One data point. Bar charts use `label` as the category and `y` as the value; scatter plots
/// label points with it; `highlight` marks this machine's GPU (drawn larger, ringed and labelled).
struct Point {
    double x = 0, y = 0;
    std::string label;
    bool highlight = false;
};

/// A named run of points: a bar group, a line, or a scatter group (one colour each).
struct Series {
    std::string name;
    std::vector<Point> points;
    bool dashed = false;
};

/// A horizontal compute roof in TFLOP/s; `theoretical` roofs (spec-sheet peaks) are drawn dashed.
struct Roof {
    std::string name;
    double value = 0;
    bool theoretical = false;
};

/// Roofline inputs: the measured memory bandwidth (GB/s) gives the slanted memory roof, each
/// compute roof a horizontal ceiling; an optional theoretical bandwidth gives a dashed memory roof.
struct Roofline {
    double memory_bandwidth_gbs = 0;
    std::vector<Roof> compute_tflops;
    std::optional<double> theoretical_bandwidth_gbs;
};

/// Everything a chart needs. `id` must be unique within the page: the SVG's title and
/// description ids are derived from it.
struct ChartSpec {
    Kind kind = Kind::Bar;
    std::string id, title, description;
    Axis x, y;
    std::vector<Series> series; ///< bar: usually one series, labels from Point::label
    std::optional<Roofline> roofline;
};

/// A complete <figure> with the SVG, its <title>/<desc>, caption and a <details> data table.
/// Every string is escaped here; callers pass plain text. `lang` is "en" or "zh" (anything
/// else falls back to English) and picks the language of generated words ("Data", "theoretical").
/// The output is deterministic byte for byte and never contains NaN or infinities.
std::string render_figure(const ChartSpec& spec, std::string_view lang);

} // namespace gpuguide::charts
