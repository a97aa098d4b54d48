#include "charts/svg_writer.hpp"

#include "charts/text.hpp"

#include <array>

namespace gpuguide::charts::detail {

std::string series_colour(std::size_t index) {
    // Fallbacks (Tableau 10) keep charts legible on light and dark backgrounds when the page
    // has no theme; the theme overrides them through the custom properties.
    static constexpr std::array<const char*, 8> fallbacks{
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7"};
    const std::size_t slot = index % fallbacks.size();
    return "var(--chart-" + std::to_string(slot + 1) + ", " + fallbacks[slot] + ")";
}

std::string series_class(std::size_t index) {
    return "series-" + std::to_string(index % 8 + 1);
}

void PathData::move_to(double x, double y) {
    data_ += 'M';
    data_ += format_coord(x);
    data_ += ' ';
    data_ += format_coord(y);
}

void PathData::line_to(double x, double y) {
    data_ += 'L';
    data_ += format_coord(x);
    data_ += ' ';
    data_ += format_coord(y);
}

void SvgWriter::attributes(std::string_view attrs) {
    if (!attrs.empty()) {
        out_ += ' ';
        out_ += attrs;
    }
}

void SvgWriter::line(double x1, double y1, double x2, double y2, std::string_view attrs) {
    out_ += "<line x1=\"" + format_coord(x1) + "\" y1=\"" + format_coord(y1) + "\" x2=\"" +
            format_coord(x2) + "\" y2=\"" + format_coord(y2) + '"';
    attributes(attrs);
    out_ += "/>";
}

void SvgWriter::rect(double x, double y, double width, double height, std::string_view attrs) {
    out_ += "<rect x=\"" + format_coord(x) + "\" y=\"" + format_coord(y) + "\" width=\"" +
            format_coord(width) + "\" height=\"" + format_coord(height) + '"';
    attributes(attrs);
    out_ += "/>";
}

void SvgWriter::circle(double cx, double cy, double r, std::string_view attrs) {
    out_ += "<circle cx=\"" + format_coord(cx) + "\" cy=\"" + format_coord(cy) + "\" r=\"" +
            format_coord(r) + '"';
    attributes(attrs);
    out_ += "/>";
}

void SvgWriter::path(const PathData& data, std::string_view attrs) {
    if (data.empty()) {
        return;
    }
    out_ += "<path d=\"" + data.str() + '"';
    attributes(attrs);
    out_ += "/>";
}

void SvgWriter::text(double x, double y, std::string_view content, std::string_view attrs) {
    out_ += "<text x=\"" + format_coord(x) + "\" y=\"" + format_coord(y) + '"';
    attributes(attrs);
    out_ += '>' + escape_markup(content) + "</text>";
}

void SvgWriter::rotated_text(double x, double y, double degrees, std::string_view content,
                             std::string_view attrs) {
    const std::string rotation = "transform=\"rotate(" + format_coord(degrees) + ' ' +
                                 format_coord(x) + ' ' + format_coord(y) + ")\"";
    text(x, y, content, attrs.empty() ? rotation : std::string(attrs) + ' ' + rotation);
}

void SvgWriter::open_group(std::string_view attrs) {
    out_ += "<g";
    attributes(attrs);
    out_ += '>';
}

void SvgWriter::close_group() {
    out_ += "</g>";
}

} // namespace gpuguide::charts::detail
