// Where a measured figure comes from, said next to it in the page's language.
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"

namespace gpuguide::measure {
namespace {

// The date this figure was measured: the probe entry's `measured_at` (the runner sets it, from a
// fresh run and from the cache alike), else the document's date. Whether this build ran the
// probe is the build log's business, not the page's: both give the same bytes.
std::string measured_on(const ProbeResult& result) {
    if (result.entry != nullptr) {
        const auto at = result.entry->find("measured_at");
        if (at != result.entry->end() && at->is_string()) {
            return at->get<std::string>().substr(0, 10);
        }
    }
    return text_at(result.document->json, "/provenance/date").substr(0, 10);
}

// "measured on this machine, HOST", "reference measurement from HOST (GPU), not this machine",
// "fleet measurement from HOST (GPU)": who measured it. The machine named is the GPU for a GPU
// probe, the CPU for a CPU probe.
std::string source_words(const ProbeResult& result, const ui::Strings& strings) {
    const auto kind = figure_kind(result);
    const bool gpu_probe = result.key.starts_with("gpu.");
    const std::string machine =
        machine_name(*result.document, gpu_probe ? HostPart::Gpu : HostPart::Cpu);
    const std::string host = result.document->host;
    if (kind == FigureKind::Measured) {
        return strings.fill("provenance_measured", {host});
    }
    const auto in_brackets = machine.empty() ? "" : strings.fill("parenthesis", {machine});
    return strings.fill(kind == FigureKind::Fleet ? "provenance_fleet" : "provenance_reference",
                        {host, in_brackets});
}

} // namespace

bool is_placeholder(const ProbeResult& result) {
    return result.document == nullptr || result.document->placeholder();
}

std::string provenance_text(const ProbeResult& result, const ui::Strings& strings) {
    if (is_placeholder(result)) {
        return strings.text("provenance_placeholder");
    }
    const auto& json = result.document->json;
    const bool own = result.document->origin == Origin::Measured;
    const bool gpu_probe = result.key.starts_with("gpu.");
    std::vector<std::string> details;
    if (own) { // a reference or fleet note names the machine in its first words already
        if (auto machine =
                machine_name(*result.document, gpu_probe ? HostPart::Gpu : HostPart::Cpu);
            !machine.empty()) {
            details.push_back(std::move(machine));
        }
    }
    if (gpu_probe) {
        if (auto driver = text_at(json, "/provenance/driver"); !driver.empty()) {
            details.push_back(strings.fill("provenance_driver", {driver}));
        }
        auto cuda = text_at(json, "/provenance/cuda_runtime");
        if (cuda.empty()) {
            cuda = text_at(json, "/provenance/cuda_driver");
        }
        if (!cuda.empty()) {
            details.push_back("CUDA " + cuda);
        }
    }
    const std::string date =
        own ? measured_on(result) : text_at(json, "/provenance/date").substr(0, 10);
    if (!date.empty()) {
        details.push_back(date);
    }
    // The whole run's duration: one note per document, however many probes a table uses.
    const nlohmann::json::json_pointer duration_path("/provenance/duration_s");
    if (json.contains(duration_path) && json.at(duration_path).is_number()) {
        details.push_back(format_number(json.at(duration_path).get<double>()) + " s");
    }
    std::string text = source_words(result, strings);
    const auto separator = strings.text("provenance_separator");
    for (const auto& detail : details) {
        text += separator + detail;
    }
    if (!result.ok()) {
        // The probes' short fixed reasons ("one GPU") are translated where strings.json has them.
        const auto reason = result.reason();
        text += separator + strings.fill("provenance_skipped",
                                         {strings.entry("probe_reasons", reason).value_or(reason)});
    }
    return markdown::without_control_characters(text); // host and GPU names come from elsewhere
}

std::string provenance_line(std::string_view kind, const std::string& text,
                            const theme::Markup& markup) {
    return markup.partial("provenance", {{"kind", kind}, {"text", text}});
}

std::string provenance_html(const ProbeResult& result, const ui::Strings& strings,
                            const theme::Markup& markup) {
    return provenance_line(kind_name(figure_kind(result)), provenance_text(result, strings),
                           markup);
}

} // namespace gpuguide::measure
