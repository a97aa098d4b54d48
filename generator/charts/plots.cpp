// Bar and line charts, and the point filtering every chart kind shares.
#include "charts/layout.hpp"
#include "charts/plot.hpp"
#include "charts/text.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace gpuguide::charts::detail {
namespace {

constexpr double max_magnitude = 1e100; // beyond this, pixel arithmetic loses all meaning
constexpr double bar_thickness = 16;
constexpr double bar_group_gap = 10;
constexpr std::size_t max_line_markers = 24;

bool drawable(double value, bool log) {
    return std::isfinite(value) && std::fabs(value) <= max_magnitude && (!log || value > 0);
}

std::string category_of(const Point& point) {
    return point.label.empty() ? format_value(point.x) : point.label;
}

} // namespace

std::string series_name(const Series& series, std::size_t index) {
    if (!series.name.empty())
        return series.name;
    // Appended, not `"#" + std::to_string(...)`: GCC 12 at -O3 warns about that operator+'s
    // inlined memcpy (-Wrestrict, a false positive).
    std::string name = "#";
    name += std::to_string(index + 1);
    return name;
}

void draw_no_data(SvgWriter& svg, const Frame& frame, const Strings& strings) {
    svg.text((frame.left + frame.right) / 2, (frame.top + frame.bottom) / 2, strings.no_data,
             R"(text-anchor="middle" font-size="12")");
}

PreparedPoints prepare_points(const ChartSpec& spec, bool use_x) {
    PreparedPoints prepared;
    for (const auto& series : spec.series) {
        auto& kept = prepared.kept.emplace_back();
        for (const auto& point : series.points) {
            const bool x_ok = !use_x || drawable(point.x, spec.x.log);
            const bool y_ok = drawable(point.y, spec.y.log);
            if (x_ok && y_ok) {
                kept.push_back(&point);
                prepared.x.add(point.x);
                prepared.y.add(point.y);
            } else if ((use_x && !drawable(point.x, false)) || !drawable(point.y, false)) {
                ++prepared.dropped_invalid;
            } else {
                ++prepared.dropped_nonpositive;
            }
        }
    }
    return prepared;
}

void add_filter_notes(const ChartSpec& spec, const PreparedPoints& points, bool use_x,
                      const Strings& strings, std::vector<std::string>& notes) {
    if (use_x && spec.x.log) {
        notes.push_back(substitute(strings.log_scale, {axis_title(spec.x)}));
    }
    if (spec.y.log) {
        notes.push_back(substitute(strings.log_scale, {axis_title(spec.y)}));
    }
    if (points.dropped_nonpositive > 0) {
        notes.push_back(
            substitute(strings.dropped_log, {std::to_string(points.dropped_nonpositive)}));
    }
    if (points.dropped_invalid > 0) {
        notes.push_back(
            substitute(strings.dropped_invalid, {std::to_string(points.dropped_invalid)}));
    }
}

DataTable xy_table(const ChartSpec& spec, const Strings& strings) {
    DataTable table;
    const bool labelled = std::any_of(spec.series.begin(), spec.series.end(), [](const Series& s) {
        return std::any_of(s.points.begin(), s.points.end(),
                           [](const Point& p) { return !p.label.empty(); });
    });
    const bool grouped = spec.series.size() > 1;
    if (labelled) {
        table.headers.push_back(std::string(strings.label));
    }
    if (grouped) {
        table.headers.push_back(std::string(strings.series));
    }
    table.headers.push_back(axis_title(spec.x));
    table.headers.push_back(axis_title(spec.y));
    for (std::size_t s = 0; s < spec.series.size(); ++s) {
        for (const auto& point : spec.series[s].points) {
            std::vector<std::string> row;
            if (labelled) {
                row.push_back(point.label);
            }
            if (grouped) {
                row.push_back(series_name(spec.series[s], s));
            }
            row.push_back(format_value(point.x));
            row.push_back(format_value(point.y));
            table.rows.push_back(std::move(row));
            table.highlighted.push_back(point.highlight);
        }
    }
    return table;
}

namespace {

// Bar categories in order of first appearance; the bars of one category form a group.
struct Categories {
    std::vector<std::string> names;
    std::map<std::string, std::size_t> index;
};

Categories categories_of(const ChartSpec& spec) {
    Categories out;
    for (const auto& series : spec.series) {
        for (const auto& point : series.points) {
            if (out.index.emplace(category_of(point), out.names.size()).second) {
                out.names.push_back(category_of(point));
            }
        }
    }
    return out;
}

// The bars of every series, each with its value printed after it (before it when negative).
void draw_bars(SvgWriter& svg, const Frame& frame, const ScaledAxis& axis, const ChartSpec& spec,
               const PreparedPoints& prepared, const Categories& categories, double band) {
    const double baseline = axis.scale.map(spec.y.log ? axis.scale.d0 : 0.0);
    for (std::size_t s = 0; s < prepared.kept.size(); ++s) {
        svg.open_group("class=\"series " + series_class(s) + "\" fill=\"" + series_colour(s) + '"');
        for (const Point* point : prepared.kept[s]) {
            const double group_top =
                frame.top + categories.index.at(category_of(*point)) * band + bar_group_gap / 2;
            const double top = group_top + s * bar_thickness;
            const double end = axis.scale.map(point->y);
            svg.rect(std::min(baseline, end), top + 1, std::fabs(end - baseline), bar_thickness - 2,
                     point->highlight ? R"(stroke="currentColor" stroke-width="2")" : "");
            const bool negative = end < baseline;
            svg.text(
                negative ? end - 4 : end + 4, top + bar_thickness / 2 + 4, format_value(point->y),
                negative ? R"(fill="currentColor" text-anchor="end")" : R"(fill="currentColor")");
        }
        svg.close_group();
    }
    svg.open_group(R"(class="categories" text-anchor="end")");
    for (std::size_t c = 0; c < categories.names.size(); ++c) {
        svg.text(frame.left - 6, frame.top + c * band + band / 2 + 4,
                 fit_text(categories.names[c], 200, tick_font));
    }
    svg.close_group();
}

// The text alternative: a row per category, a column per series.
DataTable bar_table(const ChartSpec& spec, const Categories& categories,
                    const std::string& value_title, const Strings& strings) {
    DataTable table;
    table.headers.push_back(spec.x.label.empty() ? strings.label : axis_title(spec.x));
    if (spec.series.size() == 1) {
        table.headers.push_back(value_title.empty() ? strings.value : value_title);
    } else {
        for (std::size_t s = 0; s < spec.series.size(); ++s) {
            table.headers.push_back(series_name(spec.series[s], s));
        }
    }
    for (const auto& category : categories.names) {
        std::vector<std::string> row{category};
        bool highlighted = false;
        for (const auto& series : spec.series) {
            const auto match =
                std::find_if(series.points.begin(), series.points.end(),
                             [&](const Point& p) { return category_of(p) == category; });
            row.push_back(match == series.points.end() ? "—" : format_value(match->y));
            highlighted = highlighted || (match != series.points.end() && match->highlight);
        }
        table.rows.push_back(std::move(row));
        table.highlighted.push_back(highlighted);
    }
    return table;
}

} // namespace

PlotOutput plot_bar(const ChartSpec& spec, const Strings& strings) {
    PlotOutput out;
    const PreparedPoints prepared = prepare_points(spec, false);
    const Categories categories = categories_of(spec);
    const std::size_t groups = std::max<std::size_t>(spec.series.size(), 1);
    std::vector<LegendItem> legend;
    if (spec.series.size() > 1) {
        for (std::size_t s = 0; s < spec.series.size(); ++s) {
            legend.push_back({series_name(spec.series[s], s), s});
        }
    }
    double label_width = 0;
    for (const auto& category : categories.names) {
        label_width = std::max(label_width, text_width(category, tick_font));
    }
    Frame frame;
    frame.left = 12 + std::clamp(label_width, 24.0, 200.0);
    frame.right = chart_width - 56; // room for the value printed after each bar
    frame.top = 12 + legend_height(legend, frame.right - frame.left);
    const double band = groups * bar_thickness + bar_group_gap;
    frame.bottom = frame.top + std::max<std::size_t>(categories.names.size(), 1) * band;
    out.height = frame.bottom + 46;

    const ScaledAxis axis = make_axis(spec.y, prepared.y, frame.left, frame.right, 6, true);
    SvgWriter svg;
    draw_legend(svg, legend, frame.left, 6, frame.right - frame.left);
    draw_x_axis(svg, frame, axis, axis_title(spec.y));
    draw_bars(svg, frame, axis, spec, prepared, categories, band);
    std::size_t bars = 0;
    for (const auto& kept : prepared.kept) {
        bars += kept.size();
    }
    if (bars == 0) {
        draw_no_data(svg, frame, strings);
    }
    out.body = svg.str();

    const std::string value_title = axis_title(spec.y).empty() ? spec.title : axis_title(spec.y);
    out.notes.push_back(substitute(strings.bar_summary, {value_title, std::to_string(bars)}));
    add_filter_notes(spec, prepared, false, strings, out.notes);
    out.table = bar_table(spec, categories, value_title, strings);
    return out;
}

PlotOutput plot_line(const ChartSpec& spec, const Strings& strings) {
    PlotOutput out;
    out.height = 360;
    const PreparedPoints prepared = prepare_points(spec, true);
    std::vector<LegendItem> legend;
    if (spec.series.size() > 1) {
        for (std::size_t s = 0; s < spec.series.size(); ++s) {
            legend.push_back({series_name(spec.series[s], s), s, true, spec.series[s].dashed});
        }
    }
    const double legend_h = legend_height(legend, chart_width - 40);
    const XYLayout layout = layout_xy(spec.x, spec.y, prepared.x, prepared.y, legend_h, out.height);
    SvgWriter svg;
    draw_legend(svg, legend, layout.frame.left, 6, layout.frame.right - layout.frame.left);
    draw_xy_axes(svg, layout, spec.x, spec.y);
    bool any = false;
    for (std::size_t s = 0; s < prepared.kept.size(); ++s) {
        // A line joins points left to right, whatever order the data file lists them in.
        auto kept = prepared.kept[s];
        std::stable_sort(kept.begin(), kept.end(),
                         [](const Point* a, const Point* b) { return a->x < b->x; });
        any = any || !kept.empty();
        const std::string colour = series_colour(s);
        svg.open_group("class=\"series " + series_class(s) + '"');
        PathData line;
        for (const Point* point : kept) {
            const double x = layout.x.scale.map(point->x);
            const double y = layout.y.scale.map(point->y);
            line.empty() ? line.move_to(x, y) : line.line_to(x, y);
        }
        svg.path(line, "fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2\"" +
                           (spec.series[s].dashed ? R"( stroke-dasharray="6 4")" : ""));
        if (kept.size() <= max_line_markers) {
            for (const Point* point : kept) {
                svg.circle(layout.x.scale.map(point->x), layout.y.scale.map(point->y),
                           point->highlight ? 5 : 2.5, "fill=\"" + colour + '"');
            }
        }
        svg.close_group();
    }
    if (!any) {
        draw_no_data(svg, layout.frame, strings);
    }
    out.body = svg.str();

    out.notes.push_back(substitute(strings.line_summary, {axis_title(spec.y), axis_title(spec.x),
                                                          std::to_string(spec.series.size())}));
    add_filter_notes(spec, prepared, true, strings, out.notes);

    out.table = xy_table(spec, strings);
    return out;
}

} // namespace gpuguide::charts::detail
