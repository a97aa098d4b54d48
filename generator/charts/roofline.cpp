// Roofline charts: log-log, a slanted memory roof from bandwidth, flat compute roofs.
#include "charts/layout.hpp"
#include "charts/plot.hpp"
#include "charts/roofline_math.hpp"
#include "charts/text.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

namespace gpuguide::charts::detail {
namespace {

constexpr double label_spacing = 12;
constexpr double roof_label_font = 10;

bool usable(double value) {
    return std::isfinite(value) && value > 0 && value <= 1e100;
}

double decade_floor(double value) {
    return std::pow(10.0, std::floor(std::log10(value)));
}
double decade_ceil(double value) {
    return std::pow(10.0, std::ceil(std::log10(value)));
}

struct RoofLine {
    std::string label;
    double value = 0, ridge = 0; ///< ridge 0: no memory roof to meet
    bool theoretical = false;
    std::size_t colour = 0;
};

/// Text of a compute roof: "FP32 66.9 TFLOP/s", with "· datasheet (…)" for the dashed ones.
std::string roof_text(const RoofLine& roof, const Strings& strings) {
    std::string text = roof.label + ' ' + format_value(roof.value) + " TFLOP/s";
    return roof.theoretical ? text + " · " + std::string(strings.theoretical) : text;
}

std::string bandwidth_text(double gbs, bool theoretical, const Strings& strings) {
    std::string text = format_value(gbs) + " GB/s";
    return theoretical ? text + " · " + std::string(strings.theoretical) : text;
}

/// Draws a memory roof from the bottom of the plot up to the roof it meets at `ridge_tflops`,
/// with its bandwidth written along the line (above it, or below when `label_below`).
void draw_memory_roof(SvgWriter& svg, const XYLayout& layout, double gbs, double top_tflops,
                      bool dashed, const std::string& label, bool label_below) {
    const Scale& xs = layout.x.scale;
    const Scale& ys = layout.y.scale;
    const double x_start = std::max(xs.d0, intensity_at(ys.d0, gbs));
    const double x_end = std::min({xs.d1, intensity_at(top_tflops, gbs), intensity_at(ys.d1, gbs)});
    if (!(x_end > x_start)) {
        return;
    }
    const double x0 = xs.map(x_start), y0 = ys.map(attainable_tflops(x_start, gbs));
    const double x1 = xs.map(x_end), y1 = ys.map(attainable_tflops(x_end, gbs));
    PathData line;
    line.move_to(x0, y0);
    line.line_to(x1, y1);
    svg.path(line,
             std::string(
                 R"(class="roof memory-roof" fill="none" stroke="currentColor" stroke-width="2")") +
                 (dashed ? R"( stroke-dasharray="6 4")" : ""));
    const double angle = std::atan2(y1 - y0, x1 - x0);
    const double along = label_below ? 0.3 : 0.15;
    const double offset = label_below ? -12 : 6; // perpendicular distance, up-left positive
    const double x = x0 + (x1 - x0) * along + std::sin(angle) * offset;
    const double y = y0 + (y1 - y0) * along - std::cos(angle) * offset;
    svg.rotated_text(x, y, angle * 180 / std::numbers::pi, label, R"(class="roof-label")");
}

/// A roof's label: baseline at y, ending at x when `right` (text-anchor end), else starting there.
struct RoofLabel {
    double x, y;
    bool right;
    std::string text;
    double left() const { return right ? x - text_width(text, roof_label_font) : x; }
    double right_end() const { return right ? x : x + text_width(text, roof_label_font); }
};

/// A horizontal compute roof as drawn, from its ridge (x0) to the frame's right edge (x1), at y.
struct RoofSegment {
    double x0, x1, y;
};

// How far a label's glyphs reach above and below its baseline, in pixels at roof_label_font.
constexpr double label_ascent = 9, label_descent = 3;

/// Moves labels up, lowest first, until no two share a line's height where they also share a
/// stretch of x, and none is crossed by a roof line. Real GPUs put several roofs close together
/// (FP8, BF16 and TF32, each measured and theoretical): a label written over another, or struck
/// through by a neighbour's roof (an H200's BF16 roof ran through its TF32 peak's label), is
/// unreadable. Each label only moves up, past the labels below it and the lines, so the loop ends.
void separate(std::vector<RoofLabel>& labels, const std::vector<RoofSegment>& lines) {
    std::stable_sort(labels.begin(), labels.end(),
                     [](const RoofLabel& a, const RoofLabel& b) { return a.y > b.y; });
    for (std::size_t i = 0; i < labels.size(); ++i) {
        for (bool moved = true; moved;) {
            moved = false;
            for (std::size_t j = 0; j < i; ++j) {
                const bool share_x = labels[i].left() < labels[j].right_end() + 4 &&
                                     labels[j].left() < labels[i].right_end() + 4;
                if (share_x && std::abs(labels[i].y - labels[j].y) < label_spacing) {
                    labels[i].y = labels[j].y - label_spacing;
                    moved = true;
                }
            }
            for (const auto& line : lines) {
                const bool share_x = labels[i].left() < line.x1 && line.x0 < labels[i].right_end();
                if (share_x && line.y > labels[i].y - label_ascent &&
                    line.y < labels[i].y + label_descent) {
                    labels[i].y = line.y - label_descent;
                    moved = true;
                }
            }
        }
    }
}

} // namespace

namespace {

// The roofs to draw: measured and dashed (datasheet or derived) compute roofs with their colour
// (one per precision) and ridge point, the memory roofs, and how many inputs could not be used.
struct RoofModel {
    std::vector<RoofLine> roofs;
    std::size_t dropped = 0;
    double memory_gbs = 0, dashed_memory_gbs = 0;
    bool have_memory = false, have_dashed_memory = false;
    Extent ridges, values;
};

RoofModel model_of(const Roofline& input) {
    RoofModel model;
    model.memory_gbs = input.memory_bandwidth_gbs;
    model.have_memory = usable(model.memory_gbs);
    model.dashed_memory_gbs = input.theoretical_bandwidth_gbs.value_or(0);
    model.have_dashed_memory = model.have_memory && usable(model.dashed_memory_gbs);
    std::map<std::string, std::size_t> colour_of_name;
    for (const auto& roof : input.compute_tflops) {
        if (!usable(roof.value)) {
            ++model.dropped;
            continue;
        }
        const auto colour = colour_of_name.emplace(roof.name, colour_of_name.size()).first->second;
        const double gbs = roof.theoretical && model.have_dashed_memory ? model.dashed_memory_gbs
                                                                        : model.memory_gbs;
        model.roofs.push_back({roof.name, roof.value,
                               model.have_memory ? ridge_point(roof.value, gbs) : 0,
                               roof.theoretical, colour});
        if (model.roofs.back().ridge > 0) {
            model.ridges.add(model.roofs.back().ridge);
        }
        model.values.add(roof.value);
    }
    return model;
}

// Domains: two decades either side of the ridge points; performance from a little above the
// highest roof down to where the memory roof enters (at most five decades).
std::pair<Extent, Extent> domains(const RoofModel& model) {
    Extent xs{0.1, 1000};
    if (!model.ridges.empty()) {
        xs = {decade_floor(model.ridges.lo / 10), decade_ceil(model.ridges.hi * 10)};
    }
    Extent ys{1, 1000};
    if (!model.values.empty()) {
        const double hi = decade_ceil(model.values.hi * 1.25);
        double lo = model.values.lo / 2;
        if (model.have_memory) {
            lo = std::min(lo, attainable_tflops(xs.lo, model.memory_gbs));
        }
        lo = std::max(decade_floor(lo), hi / 1e5);
        ys = {std::min(lo, decade_floor(model.values.lo / 2)), hi};
    }
    return {xs, ys};
}

// The compute roofs with their ridge points, and their labels kept apart from each other and
// from the lines. Measured roofs are labelled under their right end, dashed ones above the line
// next to their ridge, so a measured roof and its dashed peak never share a spot.
void draw_compute_roofs(SvgWriter& svg, const XYLayout& layout, const RoofModel& model,
                        const Strings& strings) {
    std::vector<RoofLabel> labels;
    std::vector<RoofSegment> lines;
    for (const auto& roof : model.roofs) {
        const double start =
            roof.ridge > 0 ? std::max(roof.ridge, layout.x.scale.d0) : layout.x.scale.d0;
        const double x0 = layout.x.scale.map(start);
        const double y = layout.y.scale.map(roof.value);
        const std::string colour = series_colour(roof.colour);
        lines.push_back({x0, layout.frame.right, y});
        svg.line(x0, y, layout.frame.right, y,
                 "class=\"roof compute-roof " + series_class(roof.colour) + "\" stroke=\"" +
                     colour + "\" stroke-width=\"2\"" +
                     (roof.theoretical ? R"( stroke-dasharray="6 4")" : ""));
        if (roof.ridge > 0 && layout.x.scale.contains(roof.ridge)) {
            svg.circle(x0, y, 3.5, "class=\"ridge\" fill=\"" + colour + '"');
        }
        const std::string text = roof_text(roof, strings);
        const double left_of_end = layout.frame.right - 4 - text_width(text, roof_label_font);
        labels.push_back({roof.theoretical ? std::min(x0 + 6, left_of_end) : layout.frame.right - 4,
                          roof.theoretical ? y - 5 : y + 13, !roof.theoretical, text});
    }
    separate(labels, lines);
    svg.open_group(R"(class="roof-labels" font-size="10")");
    for (const auto& label : labels) {
        svg.text(label.x, label.y, label.text, label.right ? R"(text-anchor="end")" : "");
    }
    svg.close_group();
}

// The sentences of the chart's description: its roofs, and what could not be drawn.
std::vector<std::string> describe(const RoofModel& model, const Strings& strings) {
    std::string memory_text =
        model.have_memory ? bandwidth_text(model.memory_gbs, false, strings) : "—";
    if (model.have_dashed_memory) {
        memory_text +=
            strings.list_separator + bandwidth_text(model.dashed_memory_gbs, true, strings);
    }
    std::string roof_list;
    for (const auto& roof : model.roofs) {
        const std::string name =
            roof.theoretical ? roof.label + " · " + strings.theoretical : roof.label;
        roof_list +=
            (roof_list.empty() ? "" : strings.list_separator) +
            substitute(strings.roof_with_ridge, {name, format_value(roof.value),
                                                 roof.ridge > 0 ? format_value(roof.ridge) : "—"});
    }
    std::vector<std::string> notes{
        substitute(strings.roofline_summary, {memory_text, roof_list.empty() ? "—" : roof_list})};
    if (model.dropped > 0) {
        notes.push_back(substitute(strings.dropped_invalid, {std::to_string(model.dropped)}));
    }
    return notes;
}

// The text alternative: every roof given, drawn or not, with its ridge point.
DataTable roof_table(const Roofline& input, const RoofModel& model, const Strings& strings) {
    DataTable table;
    table.headers = {strings.roof, strings.value, strings.ridge_point};
    if (model.have_memory) {
        table.rows.push_back(
            {strings.memory_roof, bandwidth_text(model.memory_gbs, false, strings), "—"});
    }
    if (model.have_dashed_memory) {
        table.rows.push_back({strings.memory_roof + " · " + strings.theoretical,
                              bandwidth_text(model.dashed_memory_gbs, false, strings), "—"});
    }
    for (const auto& roof : input.compute_tflops) {
        const auto drawn =
            std::find_if(model.roofs.begin(), model.roofs.end(), [&](const RoofLine& r) {
                return r.label == roof.name && r.theoretical == roof.theoretical &&
                       r.value == roof.value;
            });
        table.rows.push_back(
            {roof.theoretical ? roof.name + " · " + strings.theoretical : roof.name,
             format_value(roof.value) + " TFLOP/s",
             drawn != model.roofs.end() && drawn->ridge > 0 ? format_value(drawn->ridge) : "—"});
    }
    table.highlighted.assign(table.rows.size(), false);
    return table;
}

} // namespace

PlotOutput plot_roofline(const ChartSpec& spec, const Strings& base_strings) {
    PlotOutput out;
    out.height = 400;
    const Roofline input = spec.roofline.value_or(Roofline{});
    Strings strings = base_strings; // the dashed roofs say what they are: datasheet, or derived
    if (!input.dashed_label.empty()) {
        strings.theoretical = input.dashed_label;
    }
    const RoofModel model = model_of(input);
    const auto [xs, ys] = domains(model);
    Axis x_axis = spec.x, y_axis = spec.y;
    x_axis.log = y_axis.log = true;
    x_axis.label = x_axis.label.empty() ? strings.intensity_axis : x_axis.label;
    y_axis.label = y_axis.label.empty() ? strings.performance_axis : y_axis.label;
    std::vector<LegendItem> legend;
    if (model.have_dashed_memory || std::any_of(model.roofs.begin(), model.roofs.end(),
                                                [](const RoofLine& r) { return r.theoretical; })) {
        legend.push_back({strings.measured, 0, true, false, true});
        legend.push_back({strings.theoretical, 0, true, true, true});
    }
    const double legend_h = legend_height(legend, chart_width - 40);
    const XYLayout layout = layout_xy(x_axis, y_axis, xs, ys, legend_h, out.height);

    SvgWriter svg;
    draw_legend(svg, legend, layout.frame.left, 6, layout.frame.right - layout.frame.left);
    draw_xy_axes(svg, layout, x_axis, y_axis);
    const auto highest = [&](bool dashed) { // where a memory roof meets its compute roofs
        double top = 0;
        for (const auto& roof : model.roofs) {
            top = roof.theoretical == dashed ? std::max(top, roof.value) : top;
        }
        return top > 0 ? top : (model.values.empty() ? layout.y.scale.d1 : model.values.hi);
    };
    if (model.have_memory) {
        draw_memory_roof(svg, layout, model.memory_gbs, highest(false), false,
                         bandwidth_text(model.memory_gbs, false, strings), true);
    }
    if (model.have_dashed_memory) {
        draw_memory_roof(svg, layout, model.dashed_memory_gbs, highest(true), true,
                         bandwidth_text(model.dashed_memory_gbs, true, strings), false);
    }
    draw_compute_roofs(svg, layout, model, strings);
    if (model.roofs.empty() && !model.have_memory) {
        draw_no_data(svg, layout.frame, strings);
    }
    out.body = svg.str();
    out.notes = describe(model, strings);
    out.table = roof_table(input, model, strings);
    return out;
}

} // namespace gpuguide::charts::detail
