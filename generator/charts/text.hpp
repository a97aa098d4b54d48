// Text helpers shared by every chart kind: number formatting, label sizing (escaping comes
// from gpuguide_text).
#pragma once

#include "text/escape.hpp"

#include <string>
#include <string_view>

namespace gpuguide::charts::detail {

/// Escaping lives in gpuguide_text, shared with the pages: charts and tables escape alike.
using gpuguide::text::escape_markup;

/// An id made only of [A-Za-z0-9_-], starting with a letter ("chart" when nothing is left).
std::string sanitize_id(std::string_view id);

/// A coordinate with at most one decimal and no trailing ".0" ("12.5", "-3", "0").
std::string format_coord(double value);

/// A tick label with three significant digits and an SI prefix for large or tiny values
/// ("1k", "2.5M", "1G", "0.25", "200µ").
std::string format_si(double value);

/// A number with `decimals` fixed decimals, trailing zeros removed ("0.5", "2010").
std::string format_fixed(double value, int decimals);

/// A value for labels, the data table and descriptions: four significant digits with at least
/// one decimal below 10 000, an SI prefix from there ("3010.3", "66.9", "717.5k", "1.074G");
/// "—" if not finite.
std::string format_value(double value);

/// Approximate rendered width in pixels of `text` at `font_size`: CJK and other wide
/// characters count as one em, the rest as 0.6 em. Used to lay out labels without a font.
double text_width(std::string_view text, double font_size);

/// `text` cut to fit `max_width` pixels, with "…" appended when it was shortened.
std::string fit_text(std::string_view text, double max_width, double font_size);

/// Replaces "{0}", "{1}", … in `pattern` with the arguments (plain text, not escaped).
std::string substitute(std::string_view pattern, std::initializer_list<std::string_view> args);

} // namespace gpuguide::charts::detail
