// What each chart kind produces, and the point filtering they share.
#pragma once

#include "charts/chart.hpp"
#include "charts/layout.hpp"
#include "charts/scale.hpp"

#include <string>
#include <vector>

namespace gpuguide::charts::detail {

using charts::Strings;

/// The text alternative: a table of every input value (including those not drawn).
struct DataTable {
    std::vector<std::string> headers;
    std::vector<std::vector<std::string>> rows; ///< plain text; the first cell heads the row
    std::vector<bool> highlighted;              ///< one flag per row
};

/// One chart kind's share of the figure.
struct PlotOutput {
    std::string body;               ///< SVG elements after <title> and <desc>
    double height = 400;            ///< viewBox height
    std::vector<std::string> notes; ///< sentences for <desc> (summary first)
    DataTable table;
};

/// Points of one series that can be drawn, and counts of those that cannot.
struct PreparedPoints {
    std::vector<std::vector<const Point*>> kept; ///< per series, in input order
    std::size_t dropped_nonpositive = 0;         ///< on a log axis
    std::size_t dropped_invalid = 0;             ///< NaN, infinite or absurdly large
    Extent x, y;
};

/// Filters the spec's points: values must be finite (|v| <= 1e100) and positive on log axes.
/// `use_x` is false for bar charts, whose x values are not plotted.
PreparedPoints prepare_points(const ChartSpec& spec, bool use_x);

/// Appends the desc sentences about dropped values and logarithmic axes.
void add_filter_notes(const ChartSpec& spec, const PreparedPoints& points, bool use_x,
                      const Strings& strings, std::vector<std::string>& notes);

/// Name of series `index`, or "#n" when it has none.
std::string series_name(const Series& series, std::size_t index);

/// Data table of an x/y chart: [label] [series] x y, one row per input point.
DataTable xy_table(const ChartSpec& spec, const Strings& strings);

/// "No data" in the middle of the plot box.
void draw_no_data(SvgWriter& svg, const Frame& frame, const Strings& strings);

PlotOutput plot_bar(const ChartSpec& spec, const Strings& strings);
PlotOutput plot_line(const ChartSpec& spec, const Strings& strings);
PlotOutput plot_scatter(const ChartSpec& spec, const Strings& strings);
PlotOutput plot_roofline(const ChartSpec& spec, const Strings& strings);

} // namespace gpuguide::charts::detail
