#pragma once
/// Prose that reads well when a measured figure is missing (docs/src/design/values.md "Inline
/// values").
#include "directives/directives.hpp"

namespace gpuguide::directives {

/// Resolves every `when-measured:` … [`otherwise:` …] `end:` group of inline code-span markers:
/// keeps the text before `otherwise:` when every `value:` in it has a figure, else the text after
/// it (or nothing), and drops the markers and a paragraph left empty. Markers pair only with
/// siblings (same paragraph, outside emphasis and links). Every `value:` in either branch is
/// resolved, so a bad reference fails whichever branch shows. Throws InputError
/// "file:line: when-measured: problem".
void resolve_conditionals(markdown::Document& document, const Context& context);

} // namespace gpuguide::directives
