// SVG charts built at build time: plain data in, a self-contained HTML <figure> out.
#pragma once

#include "theme/markup.hpp"

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
    /// What the dashed roofs are ("datasheet (H200 SXM 141GB)", "derived from clocks"); empty:
    /// Strings::theoretical.
    std::string dashed_label;
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

/// The words a chart writes itself, in the page's language (the caller fills them from the
/// theme's interface strings: `chart_*` keys). Patterns use {0}, {1}, ….
struct Strings {
    std::string data;             ///< <summary> of the data table
    std::string series;           ///< table header of the series column
    std::string label;            ///< table header of the label column when no axis names it
    std::string value;            ///< table header of a value column
    std::string measured;         ///< a measured roof
    std::string theoretical;      ///< a spec-sheet roof
    std::string roof;             ///< roofline table: roof name
    std::string ridge_point;      ///< roofline table: ridge point column
    std::string memory_roof;      ///< name of the memory bandwidth roof
    std::string intensity_axis;   ///< default roofline x axis title
    std::string performance_axis; ///< default roofline y axis title
    std::string bar_summary;      ///< {0} value axis, {1} bar count
    std::string line_summary;     ///< {0} y axis, {1} x axis, {2} series count
    std::string scatter_summary;  ///< {0} y axis, {1} x axis, {2} point count
    std::string roofline_summary; ///< {0} memory roof text, {1} compute roofs list
    std::string roof_with_ridge;  ///< {0} roof name, {1} value, {2} ridge point
    std::string log_scale;        ///< {0} axis title
    std::string dropped_log;      ///< {0} count of zero or negative values
    std::string dropped_invalid;  ///< {0} count of missing or non-numeric values
    std::string outside_range;    ///< {0} count of points outside the axis range
    std::string highlighted;      ///< {0} label, {1} x, {2} y
    std::string unlabelled;       ///< note when only highlighted points carry labels
    std::string no_data;
    std::string list_separator;
    std::string sentence_gap; ///< between two sentences: " ", or "" in Chinese
};

/// A complete figure: the SVG with its <title>/<desc>, in the theme's chart-figure partial with
/// the caption and the data table (`markup`). Every string is escaped; callers pass plain text;
/// `strings` are the generated words ("Data", "measured") in the page's language. The output is
/// deterministic byte for byte and never contains NaN or infinities.
std::string render_figure(const ChartSpec& spec, const Strings& strings,
                          const theme::Markup& markup);

} // namespace gpuguide::charts
