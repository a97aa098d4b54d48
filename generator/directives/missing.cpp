// The one line that stands in for figures nobody measured yet, and datasheet figures beside it.
#include "directives/internal.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>

namespace gpuguide::directives {

std::string probe_reason_text(const Context& context, const std::string& reason) {
    // The probes' reasons are English data ("one GPU"); strings.json may translate the short,
    // fixed ones. Any other reason (an error message, say) is shown as the probe wrote it.
    return context.ui.entry("probe_reasons", reason).value_or(reason);
}

void MissingFigures::add(const measure::ProbeResult& result) {
    no_gpu_here = no_gpu_here || result.fell_back;
    // A placeholder document's skip only means "nothing measured here yet" (its reason text is
    // not read: a probe's own reason never switches this on).
    if (measure::is_placeholder(result)) {
        not_yet_measured = true;
    } else if (!result.ok() && std::find(other_reasons.begin(), other_reasons.end(),
                                         result.reason()) == other_reasons.end()) {
        other_reasons.push_back(result.reason());
    }
}

std::string missing_line(const std::string& text, const Context& context) {
    return context.markup.partial("figures-missing", {{"text", text}});
}

std::string MissingFigures::html(const std::string& what, const Context& context) const {
    return missing_line(text(what, context), context);
}

std::string MissingFigures::text(const std::string& what, const Context& context) const {
    std::vector<std::string> why;
    if (no_gpu_here) {
        why.push_back(context.ui.text("missing_no_gpu"));
    }
    if (not_yet_measured) {
        why.push_back(context.ui.text("missing_not_yet"));
    }
    for (const auto& reason : other_reasons) {
        why.push_back(probe_reason_text(context, reason));
    }
    const auto separator = context.ui.text("missing_separator");
    // A GPU host fills the figures in only when nothing else (a probe's own failure) is at fault.
    const auto pattern = other_reasons.empty() ? "figures_missing" : "figures_failed";
    return ui::fill(context.ui.text(pattern), {what, ui::join_words(why, separator, separator)});
}

std::string MissingFigures::table_text(const std::string& title,
                                       const std::vector<std::string>& hosts,
                                       const std::vector<std::string>& phrases,
                                       const Context& context) const {
    if (hosts.empty()) {
        return "";
    }
    const auto and_word = context.ui.text("missing_and");
    const auto who = ui::join_words(hosts, ", ", and_word);
    if (title.empty()) { // the hosts open the sentence: their labels, capitalised
        return text(who, context);
    }
    const auto in_prose = phrases.empty() ? who : ui::join_words(phrases, ", ", and_word);
    return text(ui::fill(context.ui.text("figures_of"), {title, who, in_prose}), context);
}

} // namespace gpuguide::directives
