#pragma once
/// Inline `value:`, `data:` and `estimate:` code spans.
#include "directives/internal.hpp"

#include <string>
#include <string_view>

namespace gpuguide::directives {

/// True for code spans the generator replaces ("value:...", "data:..." or "estimate:...").
bool is_inline_value(std::string_view literal);

/// An inline value as an element around plain text: the text stays a text node of the AST, so
/// the search index sees it and cmark escapes it.
struct InlineHtml {
    std::string open, text, close;
    bool measured = false;
    bool missing = false; ///< a `value:` or `estimate:` with no figure (a probe not measured,
                          ///< a null field)
    std::string reason;   ///< why it is missing (the probe's skip reason), "" when not
};

/// The inline HTML for a span; InputError "file:line: value: problem" when it cannot be found.
InlineHtml inline_value(std::string_view literal, const Context& context, int line);

} // namespace gpuguide::directives
