// The one line that stands in for figures nobody measured yet, and datasheet figures beside it.
#include "directives/internal.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <map>

namespace gpuguide::directives {
namespace {

// Used when a book's templates/strings.json predates these keys (custom templates keep working).
const std::map<std::string, std::string> kEnglishDefaults{
    {"figures_missing", "{0}: no measured figures yet ({1}). A build on a host with an NVIDIA GPU "
                        "fills them in."},
    {"figures_failed", "{0}: no measured figures ({1})."},
    {"figures_of", "{0} for {1}"},
    {"chart_no_data", "no data to plot."},
    {"missing_no_gpu", "this build has no GPU measurements"},
    {"missing_not_yet", "the reference host has not been measured yet"},
    {"missing_and", " and "},
    {"missing_separator", "; "},
    {"datasheet", "{0} datasheet"},
    {"datasheet_title", "datasheet figure from the catalogue, not a measurement"},
    {"datasheet_note", "{0}: datasheet figures from the catalogue ({1}, as of {2}), not "
                       "measurements."},
    {"estimate_mark", " (estimate)"},
    {"estimate_missing", "no estimate"},
    {"estimate_title", "Estimate, not a measurement: {0}. From: {1}"},
    {"estimate_note", "Estimates, not measurements, computed at build time from measured figures: "
                      "{0}."},
};

// A skip that only means "nothing measured here yet", as opposed to a probe's own reason.
bool not_yet(const measure::ProbeResult& result) {
    return result.document == nullptr || result.document->placeholder() ||
           result.reason() == "not yet measured";
}

} // namespace

std::string ui_text(const Context& context, const std::string& key) {
    for (const auto* strings : {&context.strings, &context.english_strings}) {
        const auto found = strings->find(key);
        if (found != strings->end() && found->is_string()) {
            return found->get<std::string>();
        }
    }
    const auto fallback = kEnglishDefaults.find(key);
    return fallback == kEnglishDefaults.end() ? key : fallback->second;
}

std::string probe_reason_text(const Context& context, const std::string& reason) {
    // The probes' reasons are English data ("one GPU"); strings.json may translate the short,
    // fixed ones. Any other reason (an error message, say) is shown as the probe wrote it.
    const auto table = context.strings.find("probe_reasons");
    if (table != context.strings.end() && table->is_object()) {
        const auto found = table->find(reason);
        if (found != table->end() && found->is_string()) {
            return found->get<std::string>();
        }
    }
    return reason;
}

std::string fill(std::string pattern, const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string slot = "{"; // built in steps: GCC 12 warns falsely on "{" + string (-Wrestrict)
        slot += std::to_string(i);
        slot += '}';
        if (const auto at = pattern.find(slot); at != std::string::npos) {
            pattern.replace(at, slot.size(), args[i]);
        }
    }
    return pattern;
}

std::string join_words(const std::vector<std::string>& words, const std::string& separator,
                       const std::string& last_separator) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i > 0) {
            text += i + 1 == words.size() ? last_separator : separator;
        }
        text += words[i];
    }
    return text;
}

void MissingFigures::add(const measure::ProbeResult& result) {
    no_gpu_here = no_gpu_here || result.fell_back;
    if (not_yet(result)) {
        not_yet_measured = true;
    } else if (!result.ok() && std::find(other_reasons.begin(), other_reasons.end(),
                                         result.reason()) == other_reasons.end()) {
        other_reasons.push_back(result.reason());
    }
}

std::string MissingFigures::html(const std::string& what, const Context& context) const {
    std::vector<std::string> why;
    if (no_gpu_here) {
        why.push_back(ui_text(context, "missing_no_gpu"));
    }
    if (not_yet_measured) {
        why.push_back(ui_text(context, "missing_not_yet"));
    }
    for (const auto& reason : other_reasons) {
        why.push_back(probe_reason_text(context, reason));
    }
    const auto separator = ui_text(context, "missing_separator");
    // A GPU host fills the figures in only when nothing else (a probe's own failure) is at fault.
    const auto pattern = other_reasons.empty() ? "figures_missing" : "figures_failed";
    const auto line =
        fill(ui_text(context, pattern), {what, join_words(why, separator, separator)});
    return "<p class=\"figures-missing\">" + markdown::escape_html(line) + "</p>\n";
}

std::string MissingFigures::table_html(const std::string& title,
                                       const std::vector<std::string>& hosts,
                                       const Context& context) const {
    if (hosts.empty()) {
        return "";
    }
    const auto who = join_words(hosts, ", ", ui_text(context, "missing_and"));
    return html(title.empty() ? who : fill(ui_text(context, "figures_of"), {title, who}), context);
}

} // namespace gpuguide::directives
