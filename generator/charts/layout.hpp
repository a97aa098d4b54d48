// Shared chart furniture: the plot box, axes with gridlines and tick labels, and the legend.
#pragma once

#include "charts/scale.hpp"
#include "charts/svg_writer.hpp"

#include <string>
#include <vector>

namespace gpuguide::charts::detail {

/// Every chart is this wide (viewBox units); heights vary by kind.
inline constexpr double chart_width = 640;
inline constexpr double tick_font = 11;
inline constexpr double title_font = 12;

/// The plot box inside the SVG: data is drawn between left..right and top..bottom.
struct Frame {
    double left = 0, top = 0, right = 0, bottom = 0;
};

/// One legend entry; `line` draws a line swatch (dashed if `dashed`), otherwise a square.
struct LegendItem {
    std::string name;
    std::size_t colour = 0;
    bool line = false;
    bool dashed = false;
    bool neutral = false; ///< drawn in the text colour rather than a series colour
};

/// Height the legend needs when wrapped into `width` (0 for no items).
double legend_height(const std::vector<LegendItem>& items, double width);

/// Draws the legend from (x, y) in rows no wider than `width`.
void draw_legend(SvgWriter& svg, const std::vector<LegendItem>& items, double x, double y,
                 double width);

/// Width the y tick labels need.
double tick_label_width(const std::vector<Tick>& ticks);

/// Vertical gridlines, tick labels below the box and the axis title under them.
void draw_x_axis(SvgWriter& svg, const Frame& frame, const ScaledAxis& axis,
                 std::string_view title);

/// Horizontal gridlines, tick labels left of the box and the rotated axis title.
void draw_y_axis(SvgWriter& svg, const Frame& frame, const ScaledAxis& axis,
                 std::string_view title);

/// Two numeric axes laid out below a legend of `legend_h` pixels in an SVG `height` tall.
struct XYLayout {
    Frame frame;
    ScaledAxis x, y;
};
XYLayout layout_xy(const Axis& x, const Axis& y, Extent xs, Extent ys, double legend_h,
                   double height);

/// Draws both axes of `layout` with their titles.
void draw_xy_axes(SvgWriter& svg, const XYLayout& layout, const Axis& x, const Axis& y);

} // namespace gpuguide::charts::detail
