// What a figure is, and how prose and labels name the host it came from.
#include "measure/figure.hpp"

#include "markdown/markdown.hpp"

namespace gpuguide::measure {

namespace {

// The keys of strings.json for one part of a host, by kind: "phrase_gpu_reference".
std::string key_for(std::string_view prefix, HostPart part, FigureKind kind) {
    std::string key(prefix);
    key += part == HostPart::Gpu ? "_gpu" : part == HostPart::Cpu ? "_cpu" : "";
    return key.append("_").append(kind_name(kind)); // measured, reference or fleet
}

// The arguments every host phrase and label may use: {0} host, {1} GPU, {2} CPU.
std::vector<std::string> host_arguments(const HostDocument* document) {
    if (document == nullptr) {
        return {"", "", ""};
    }
    return {markdown::without_control_characters(document->host),
            machine_name(*document, HostPart::Gpu), machine_name(*document, HostPart::Cpu)};
}

// The kind that decides a host's words: a placeholder reference is still the reference host, and
// no document is this build before anything was measured.
FigureKind wording_kind(const HostDocument* document) {
    return document == nullptr ? FigureKind::Measured : document->origin;
}

// "/devices/0/peak/bf16_tensor" -> "/devices/0"; "" for a pointer that is not a device's peak.
std::string device_of_peak(std::string_view pointer) {
    constexpr std::string_view kDevices = "/devices/";
    if (!pointer.starts_with(kDevices)) {
        return "";
    }
    const auto slash = pointer.find('/', kDevices.size());
    if (slash == std::string_view::npos || !pointer.substr(slash).starts_with("/peak/")) {
        return "";
    }
    return std::string(pointer.substr(0, slash));
}

std::string metric_text(const nlohmann::json& device, const char* member,
                        const ui::Strings& strings) {
    const auto found = device.find(member);
    return found == device.end() ? "—" : format_value(*found, strings).text;
}

} // namespace

std::string_view kind_name(FigureKind kind) {
    switch (kind) {
    case FigureKind::Measured:
        return "measured";
    case FigureKind::Reference:
        return "reference";
    case FigureKind::Fleet:
        return "fleet";
    case FigureKind::Placeholder:
        return "placeholder";
    case FigureKind::Datasheet:
        return "datasheet";
    case FigureKind::DerivedPeak:
        return "derived-peak";
    case FigureKind::Estimate:
        return "estimate";
    }
    return "measured";
}

FigureKind figure_kind(const ProbeResult& result, std::string_view pointer) {
    const auto kind =
        is_placeholder(result) ? FigureKind::Placeholder : wording_kind(result.document);
    if (kind != FigureKind::Placeholder && result.key == "gpu.specs" &&
        !device_of_peak(pointer).empty()) {
        return FigureKind::DerivedPeak;
    }
    return kind;
}

std::string machine_name(const HostDocument& document, HostPart part) {
    const auto& json = document.json;
    const std::string name = part == HostPart::Gpu   ? text_at(json, "/provenance/gpus/0/name")
                             : part == HostPart::Cpu ? text_at(json, "/provenance/cpu")
                                                     : "";
    return markdown::without_control_characters(name); // names come from the measured host
}

std::string host_phrase(const HostDocument* document, HostPart part, const ui::Strings& strings) {
    return strings.fill(key_for("phrase", part, wording_kind(document)), host_arguments(document));
}

std::string host_label(const HostDocument* document, HostPart part, const ui::Strings& strings) {
    return strings.fill(key_for("host", part, wording_kind(document)), host_arguments(document));
}

std::string derived_peak_text(const ProbeResult& result, std::string_view pointer,
                              const ui::Strings& strings) {
    const std::string device_pointer = device_of_peak(pointer);
    if (result.key != "gpu.specs" || device_pointer.empty() || !result.ok()) {
        return "";
    }
    const auto& answer = result.entry->at("result");
    const nlohmann::json::json_pointer path(device_pointer);
    if (!answer.contains(path)) {
        return "";
    }
    const auto& device = answer.at(path);
    const auto peak = pointer.substr(pointer.rfind('/') + 1);
    if (peak == "memory_bandwidth") {
        return strings.fill("derived_peak_memory",
                            {metric_text(device, "clock_mem_max", strings),
                             metric_text(device, "memory_bus_width", strings)});
    }
    if (peak == "pcie_bandwidth") {
        const auto pcie = device.value("pcie", nlohmann::json::object());
        return strings.fill(
            "derived_peak_link",
            {format_value(pcie.value("gen_max", nlohmann::json()), strings).text,
             format_value(pcie.value("width_max", nlohmann::json()), strings).text});
    }
    return strings.fill("derived_peak_compute", {metric_text(device, "clock_sm_max", strings)});
}

} // namespace gpuguide::measure
