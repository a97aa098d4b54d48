// The public entry point: wraps a chart kind's SVG in a <figure> with its text alternatives.
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

/// The data table; the first cell of each row is its row header.
std::string table_html(const detail::DataTable& table) {
    std::string html = "<table>\n<thead><tr>";
    for (const auto& header : table.headers) {
        html += "<th scope=\"col\">" + escape_markup(header) + "</th>";
    }
    html += "</tr></thead>\n<tbody>\n";
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        const bool highlighted = r < table.highlighted.size() && table.highlighted[r];
        html += highlighted ? "<tr class=\"highlight\">" : "<tr>";
        for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
            const std::string cell = escape_markup(table.rows[r][c]);
            html += c == 0 ? "<th scope=\"row\">" + cell + "</th>" : "<td>" + cell + "</td>";
        }
        html += "</tr>\n";
    }
    return html + "</tbody>\n</table>";
}

} // namespace

std::string render_figure(const ChartSpec& spec, const Strings& strings) {
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
    std::string html;
    html.reserve(output.body.size() + 2048);
    // The caption comes first: html-validate wants <figcaption> as the first or last child.
    html += "<figure class=\"chart chart-" + std::string(chart_class(spec.kind)) + "\" id=\"" + id +
            "\">\n<figcaption>" + escape_markup(title) + "</figcaption>\n";
    html += "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"" + id +
            "-title " + id + "-desc\" viewBox=\"0 0 " + width + ' ' + height + "\" width=\"" +
            width + "\" height=\"" + height +
            "\" font-family=\"system-ui, sans-serif\" font-size=\"11\" fill=\"currentColor\">\n";
    html += "<title id=\"" + id + "-title\">" + escape_markup(title) + "</title>\n";
    html += "<desc id=\"" + id + "-desc\">" + escape_markup(description) + "</desc>\n";
    html += output.body;
    html += "\n</svg>\n";
    html += "<details class=\"chart-data\"><summary>" + escape_markup(strings.data) +
            "</summary>\n" + table_html(output.table) + "\n</details>\n</figure>\n";
    return html;
}

} // namespace gpuguide::charts
