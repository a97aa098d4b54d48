// The public entry point: a chart kind's SVG with its text alternatives, in the theme's figure.
#include "charts/chart.hpp"
#include "charts/layout.hpp"
#include "charts/plot.hpp"
#include "charts/text.hpp"

namespace gpuguide::charts {
namespace {

using detail::escape_markup;

detail::PlotOutput plot(const ChartSpec& spec, const Strings& strings) {
    switch (spec.kind) {
    case Kind::Bar:
        return detail::plot_bar(spec, strings);
    case Kind::Line:
        return detail::plot_line(spec, strings);
    case Kind::Scatter:
        return detail::plot_scatter(spec, strings);
    case Kind::Roofline:
        return detail::plot_roofline(spec, strings);
    }
    return detail::plot_bar(spec, strings);
}

// The chart-TYPE class of a chart of this type.
const char* chart_class(Kind kind) {
    switch (kind) {
    case Kind::Bar:
        return "bar";
    case Kind::Line:
        return "line";
    case Kind::Scatter:
        return "scatter";
    case Kind::Roofline:
        return "roofline";
    }
    return "bar";
}

/// The data table as the chart-figure partial gets it; the first cell of each row heads it.
nlohmann::json table_view(const detail::DataTable& table) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        nlohmann::json cells = nlohmann::json::array();
        for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
            cells.push_back({{"text", table.rows[r][c]}, {"row_header", c == 0}});
        }
        const bool highlighted = r < table.highlighted.size() && table.highlighted[r];
        rows.push_back({{"cells", std::move(cells)}, {"highlighted", highlighted}});
    }
    return {{"headers", table.headers}, {"rows", std::move(rows)}};
}

} // namespace

std::string render_figure(const ChartSpec& spec, const Strings& strings,
                          const theme::Markup& markup) {
    const detail::PlotOutput output = plot(spec, strings);
    const std::string id = detail::sanitize_id(spec.id);
    const std::string title = spec.title.empty() ? output.notes.front() : spec.title;

    // Chinese sentences end in full-width punctuation and need no space between them.
    const std::string& sentence_gap = strings.sentence_gap;
    std::string description = spec.description;
    for (const auto& note : output.notes) {
        description += (description.empty() ? "" : sentence_gap) + note;
    }

    const std::string height = detail::format_coord(output.height);
    const std::string width = detail::format_coord(detail::chart_width);
    // The <svg> element is the chart's own; the figure around it is the theme's.
    std::string svg;
    svg.reserve(output.body.size() + 1024);
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"" + id +
           "-title " + id + "-desc\" viewBox=\"0 0 " + width + ' ' + height + "\" width=\"" +
           width + "\" height=\"" + height +
           "\" font-family=\"system-ui, sans-serif\" font-size=\"11\" fill=\"currentColor\">\n";
    svg += "<title id=\"" + id + "-title\">" + escape_markup(title) + "</title>\n";
    svg += "<desc id=\"" + id + "-desc\">" + escape_markup(description) + "</desc>\n";
    svg += output.body;
    svg += "\n</svg>";
    return markup.partial("chart-figure", {{"id", id},
                                           {"type", chart_class(spec.kind)},
                                           {"title", title},
                                           {"svg_html", std::move(svg)},
                                           {"data", strings.data},
                                           {"table", table_view(output.table)}});
}

} // namespace gpuguide::charts
