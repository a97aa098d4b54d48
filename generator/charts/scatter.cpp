// Scatter plots: one colour per group, greedy label placement, a distinct highlighted point.
#include "charts/layout.hpp"
#include "charts/plot.hpp"
#include "charts/text.hpp"

#include <algorithm>

namespace gpuguide::charts::detail {
namespace {

/// Above this many points only highlighted points get labels; the table still has them all.
constexpr std::size_t max_labelled_points = 25;
constexpr double label_font = 10;

struct Box {
    double left, top, right, bottom;
    [[nodiscard]] bool overlaps(const Box& other) const {
        return left < other.right && other.left < right && top < other.bottom && other.top < bottom;
    }
    [[nodiscard]] bool inside(const Frame& frame) const {
        return left >= frame.left && right <= frame.right + 16 && top >= frame.top - 8 &&
               bottom <= frame.bottom;
    }
};

/// A label position next to a point: text anchor point, anchor keyword and the text's box.
struct Placement {
    double x, y;
    const char* anchor;
    Box box;
};

/// Places labels greedily (right, left, above, below the point) so they do not overlap each
/// other; a label with no free spot is left out unless `force` (the highlighted point).
class LabelPlacer {
  public:
    explicit LabelPlacer(const Frame& frame) : frame_(frame) {}

    std::optional<Placement> place(double x, double y, double radius, std::string_view text,
                                   bool force) {
        const double width = text_width(text, label_font);
        const double gap = radius + 3;
        const Placement candidates[] = {
            {x + gap, y + 3.5, "start", {x + gap, y - 7, x + gap + width, y + 4}},
            {x - gap, y + 3.5, "end", {x - gap - width, y - 7, x - gap, y + 4}},
            {x, y - gap - 2, "middle", {x - width / 2, y - gap - 11, x + width / 2, y - gap}},
            {x, y + gap + 9, "middle", {x - width / 2, y + gap, x + width / 2, y + gap + 11}},
        };
        for (const auto& candidate : candidates) {
            const bool free = std::none_of(placed_.begin(), placed_.end(),
                                           [&](const Box& b) { return b.overlaps(candidate.box); });
            if (free && candidate.box.inside(frame_)) {
                placed_.push_back(candidate.box);
                return candidate;
            }
        }
        if (force) {
            const auto& fallback = candidates[x > (frame_.left + frame_.right) / 2 ? 1 : 0];
            placed_.push_back(fallback.box);
            return fallback;
        }
        return std::nullopt;
    }

  private:
    Frame frame_;
    std::vector<Box> placed_;
};

// A point inside the axes, where it is drawn.
struct Drawn {
    const Point* point;
    std::size_t series;
    double x, y;
};

// Ordinary points first, highlighted ones (ringed) on top of them.
void draw_points(SvgWriter& svg, std::vector<Drawn>& drawn) {
    std::stable_partition(drawn.begin(), drawn.end(),
                          [](const Drawn& d) { return !d.point->highlight; });
    for (const auto& d : drawn) {
        const std::string colour = series_colour(d.series);
        const std::string cls = "class=\"point " + series_class(d.series);
        if (d.point->highlight) {
            svg.circle(
                d.x, d.y, 10,
                cls + R"( highlight-ring" fill="none" stroke="currentColor" stroke-width="1.5")");
            svg.circle(d.x, d.y, 6,
                       cls + R"( highlight" stroke="currentColor" fill=")" + colour + '"');
        } else {
            svg.circle(d.x, d.y, 4, cls + R"(" fill-opacity="0.85" fill=")" + colour + '"');
        }
    }
}

// Point labels where they fit: every point's when there are few, else only highlighted ones,
// which claim their spot first (reverse order: they sit at the end).
void draw_point_labels(SvgWriter& svg, const Frame& frame, const std::vector<Drawn>& drawn,
                       bool label_all) {
    LabelPlacer placer(frame);
    svg.open_group(R"(class="labels" font-size="10")");
    for (auto it = drawn.rbegin(); it != drawn.rend(); ++it) {
        const bool highlight = it->point->highlight;
        if (it->point->label.empty() || (!highlight && !label_all)) {
            continue;
        }
        const auto spot =
            placer.place(it->x, it->y, highlight ? 10 : 4, it->point->label, highlight);
        if (spot) {
            std::string attrs = std::string("text-anchor=\"") + spot->anchor + '"';
            svg.text(spot->x, spot->y, it->point->label,
                     highlight ? attrs + R"( font-weight="bold")" : attrs);
        }
    }
    svg.close_group();
}

} // namespace

PlotOutput plot_scatter(const ChartSpec& spec, const Strings& strings) {
    PlotOutput out;
    out.height = 400;
    const PreparedPoints prepared = prepare_points(spec, true);
    std::vector<LegendItem> legend;
    if (spec.series.size() > 1) {
        for (std::size_t s = 0; s < spec.series.size(); ++s) {
            legend.push_back({series_name(spec.series[s], s), s});
        }
    }
    const double legend_h = legend_height(legend, chart_width - 40);
    const XYLayout layout = layout_xy(spec.x, spec.y, prepared.x, prepared.y, legend_h, out.height);
    SvgWriter svg;
    draw_legend(svg, legend, layout.frame.left, 6, layout.frame.right - layout.frame.left);
    draw_xy_axes(svg, layout, spec.x, spec.y);

    std::vector<Drawn> drawn;
    std::size_t outside = 0;
    for (std::size_t s = 0; s < prepared.kept.size(); ++s) {
        for (const Point* point : prepared.kept[s]) {
            if (!layout.x.scale.contains(point->x) || !layout.y.scale.contains(point->y)) {
                ++outside;
                continue;
            }
            drawn.push_back({point, s, layout.x.scale.map(point->x), layout.y.scale.map(point->y)});
        }
    }
    draw_points(svg, drawn);
    const bool label_all = drawn.size() <= max_labelled_points;
    draw_point_labels(svg, layout.frame, drawn, label_all);
    if (drawn.empty()) {
        draw_no_data(svg, layout.frame, strings);
    }
    out.body = svg.str();

    out.notes.push_back(substitute(strings.scatter_summary, {axis_title(spec.y), axis_title(spec.x),
                                                             std::to_string(drawn.size())}));
    for (const auto& series : spec.series) {
        for (const auto& point : series.points) {
            if (point.highlight) {
                out.notes.push_back(
                    substitute(strings.highlighted,
                               {point.label, format_value(point.x), format_value(point.y)}));
            }
        }
    }
    add_filter_notes(spec, prepared, true, strings, out.notes);
    if (outside > 0) {
        out.notes.push_back(substitute(strings.outside_range, {std::to_string(outside)}));
    }
    if (!label_all) {
        out.notes.push_back(strings.unlabelled);
    }
    out.table = xy_table(spec, strings);
    return out;
}

} // namespace gpuguide::charts::detail
