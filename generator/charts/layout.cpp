#include "charts/layout.hpp"

#include "charts/text.hpp"

#include <algorithm>

namespace gpuguide::charts::detail {
namespace {

constexpr double swatch = 10;
constexpr double legend_row = 18;
constexpr double legend_gap = 16;
constexpr char grid_major[] = R"(stroke="currentColor" stroke-opacity="0.15")";
constexpr char grid_minor[] = R"(stroke="currentColor" stroke-opacity="0.07")";
constexpr char axis_line[] = R"(stroke="currentColor" stroke-opacity="0.6")";

double item_width(const LegendItem& item) {
    return (item.line ? 2 * swatch : swatch) + 6 + text_width(item.name, tick_font) + legend_gap;
}

} // namespace

double legend_height(const std::vector<LegendItem>& items, double width) {
    if (items.empty()) {
        return 0;
    }
    int rows = 1;
    double used = 0;
    for (const auto& item : items) {
        const double needed = std::min(item_width(item), width);
        if (used > 0 && used + needed > width) {
            ++rows;
            used = 0;
        }
        used += needed;
    }
    return rows * legend_row + 4;
}

void draw_legend(SvgWriter& svg, const std::vector<LegendItem>& items, double x, double y,
                 double width) {
    if (items.empty()) {
        return;
    }
    svg.open_group(R"(class="legend")");
    double used = 0;
    double row_y = y;
    for (const auto& item : items) {
        const double needed = std::min(item_width(item), width);
        if (used > 0 && used + needed > width) {
            row_y += legend_row;
            used = 0;
        }
        const double left = x + used;
        const double middle = row_y + legend_row / 2;
        const std::string colour = item.neutral ? "currentColor" : series_colour(item.colour);
        double text_x = left + swatch + 6;
        if (item.line) {
            svg.line(left, middle, left + 2 * swatch, middle,
                     "stroke=\"" + colour + "\" stroke-width=\"2\"" +
                         (item.dashed ? R"( stroke-dasharray="5 3")" : ""));
            text_x += swatch;
        } else {
            svg.rect(left, middle - swatch / 2, swatch, swatch, "fill=\"" + colour + '"');
        }
        const double text_room = width - (text_x - x) - legend_gap;
        svg.text(text_x, middle + 4, fit_text(item.name, std::max(text_room, 20.0), tick_font));
        used += needed;
    }
    svg.close_group();
}

double tick_label_width(const std::vector<Tick>& ticks) {
    double widest = 0;
    for (const auto& tick : ticks) {
        widest = std::max(widest, text_width(tick.label, tick_font));
    }
    return widest;
}

void draw_x_axis(SvgWriter& svg, const Frame& frame, const ScaledAxis& axis,
                 std::string_view title) {
    svg.open_group(R"(class="axis axis-x" text-anchor="middle")");
    for (const auto& tick : axis.ticks) {
        const double x = axis.scale.map(tick.value);
        svg.line(x, frame.top, x, frame.bottom, tick.major ? grid_major : grid_minor);
        if (!tick.label.empty()) {
            svg.text(x, frame.bottom + 15, tick.label);
        }
    }
    svg.line(frame.left, frame.bottom, frame.right, frame.bottom, axis_line);
    if (!title.empty()) {
        const std::string fitted = fit_text(title, frame.right - frame.left, title_font);
        svg.text((frame.left + frame.right) / 2, frame.bottom + 34, fitted, R"(font-size="12")");
    }
    svg.close_group();
}

void draw_y_axis(SvgWriter& svg, const Frame& frame, const ScaledAxis& axis,
                 std::string_view title) {
    svg.open_group(R"(class="axis axis-y" text-anchor="end")");
    for (const auto& tick : axis.ticks) {
        const double y = axis.scale.map(tick.value);
        svg.line(frame.left, y, frame.right, y, tick.major ? grid_major : grid_minor);
        if (!tick.label.empty()) {
            svg.text(frame.left - 6, y + 4, tick.label);
        }
    }
    svg.line(frame.left, frame.top, frame.left, frame.bottom, axis_line);
    if (!title.empty()) {
        const std::string fitted = fit_text(title, frame.bottom - frame.top, title_font);
        svg.rotated_text(14, (frame.top + frame.bottom) / 2, -90, fitted,
                         R"(font-size="12" text-anchor="middle")");
    }
    svg.close_group();
}

XYLayout layout_xy(const Axis& x, const Axis& y, Extent xs, Extent ys, double legend_h,
                   double height) {
    XYLayout layout;
    layout.frame.top = 12 + legend_h;
    layout.frame.bottom = height - 46;
    layout.y = make_axis(y, ys, layout.frame.bottom, layout.frame.top, 5);
    layout.frame.left = 28 + std::max(24.0, tick_label_width(layout.y.ticks));
    layout.frame.right = chart_width - 20;
    layout.x = make_axis(x, xs, layout.frame.left, layout.frame.right, 6);
    return layout;
}

void draw_xy_axes(SvgWriter& svg, const XYLayout& layout, const Axis& x, const Axis& y) {
    draw_y_axis(svg, layout.frame, layout.y, axis_title(y));
    draw_x_axis(svg, layout.frame, layout.x, axis_title(x));
}

} // namespace gpuguide::charts::detail
