#pragma once
/// Inline `value:` and `data:` code spans.
#include <string>
#include <string_view>

#include "directives/internal.hpp"

namespace gpuguide::directives {

/// True for code spans the generator replaces ("value:..." or "data:...").
bool is_inline_value(std::string_view literal);

/// The inline HTML for a span; InputError "file:line: value: problem" when it cannot be found.
BlockHtml inline_value(std::string_view literal, const Context& context, int line);

} // namespace gpuguide::directives
