// A minimal SVG element writer: every number goes through format_coord, every text through
// escape_markup, so no chart kind can emit NaN, locale-dependent numbers or unescaped text.
#pragma once

#include <string>
#include <string_view>

namespace gpuguide::charts::detail {

/// Fill or stroke colour of the series with index `index`: a CSS custom property of the theme
/// (`var(--chart-1, fallback)` …, eight colours, then repeating), so light/dark themes apply.
std::string series_colour(std::size_t index);

/// Class of the series with index `index` ("series-1" …), a styling hook for the theme.
std::string series_class(std::size_t index);

/// Builds SVG path data ("M1 2L3 4").
class PathData {
  public:
    void move_to(double x, double y);
    void line_to(double x, double y);
    [[nodiscard]] const std::string& str() const { return data_; }
    [[nodiscard]] bool empty() const { return data_.empty(); }

  private:
    std::string data_;
};

/// Appends SVG elements to a string. `attrs` arguments are attribute text built by the chart
/// code itself (never user text); user text goes through the escaping `text` functions.
class SvgWriter {
  public:
    void line(double x1, double y1, double x2, double y2, std::string_view attrs);
    void rect(double x, double y, double width, double height, std::string_view attrs);
    void circle(double cx, double cy, double r, std::string_view attrs);
    void path(const PathData& data, std::string_view attrs);
    /// A <text> element with escaped content.
    void text(double x, double y, std::string_view content, std::string_view attrs = {});
    /// A <text> rotated by `degrees` around its anchor point.
    void rotated_text(double x, double y, double degrees, std::string_view content,
                      std::string_view attrs = {});
    void open_group(std::string_view attrs);
    void close_group();
    /// Raw markup produced by another SvgWriter or by trusted chart code.
    void append(std::string_view markup) { out_ += markup; }
    [[nodiscard]] const std::string& str() const { return out_; }

  private:
    void attributes(std::string_view attrs);
    std::string out_;
};

} // namespace gpuguide::charts::detail
