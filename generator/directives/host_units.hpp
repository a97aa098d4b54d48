#pragma once
/// One host per unit of prose: every paragraph (list item, table cell, heading) whose inline
/// `value:`, `estimate:` and `phrase:` spans ask host `this` names one machine for all of them
/// (Store::unit_host). Where this build has no figures of its own for one of them, every `this`
/// in the paragraph becomes the reference host's name, so that a sentence setting a CPU figure
/// beside a GPU figure, or calling the GPU "the reference GPU", speaks of one machine.
#include "directives/internal.hpp"

#include <string>
#include <string_view>

namespace gpuguide::directives {

/// Rewrites, in place, the host of every span in a paragraph whose `this` stands for another
/// host. Runs before the `when-measured:` groups and the inline values are resolved.
void resolve_host_units(markdown::Document& document, const Context& context);

/// True for a `phrase:[HOST:]PART` code span (PART: machine, gpu or cpu).
bool is_host_phrase(std::string_view literal);

/// The words a `phrase:` span stands for ("this machine's GPU", "参考 GPU（...）"), as inline HTML
/// text; InputError "file:line: phrase: problem" for an unknown part or host.
std::string host_phrase_text(std::string_view literal, const Context& context, int line);

} // namespace gpuguide::directives
