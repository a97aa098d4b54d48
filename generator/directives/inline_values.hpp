#pragma once
/// Inline `value:`, `data:` and `estimate:` code spans.
#include "directives/internal.hpp"
#include "measure/figure.hpp"

#include <string>
#include <string_view>

namespace gpuguide::directives {

/// What comes before and after an element's text (theme::Markup::wrapper).
using Wrapper = std::pair<std::string, std::string>;

/// True for code spans the generator replaces ("value:...", "data:..." or "estimate:...").
bool is_inline_value(std::string_view literal);

/// An inline value as an element around plain text: the text stays a text node of the AST, so
/// the search index sees it and cmark escapes it.
struct InlineHtml {
    Wrapper wrapper; ///< the theme's inline-value partial before and after the text
    std::string text;
    bool measured = false;
    bool missing = false; ///< a `value:` or `estimate:` with no figure (a probe not measured,
                          ///< a null field)
    std::string reason;   ///< why it is missing (the probe's skip reason), "" when not
};

/// The inline-value partial around a figure of `kind` whose provenance is `title`.
Wrapper measured_wrapper(measure::FigureKind kind, const std::string& title,
                         const Context& context);

/// The inline-value partial around a figure that is missing, `reason` saying why.
Wrapper missing_wrapper(const std::string& reason, const Context& context);

/// The inline HTML for a span; InputError "file:line: value: problem" when it cannot be found.
InlineHtml inline_value(std::string_view literal, const Context& context, int line);

} // namespace gpuguide::directives
