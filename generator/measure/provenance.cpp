// Where a measured figure comes from, said next to it in the page's language.
#include "markdown/markdown.hpp"
#include "measure/store.hpp"

namespace gpuguide::measure {
namespace {

struct Words {
    const char* this_machine; // followed by the host: "measured on this machine, HOST"
    const char* this_end;
    const char* reference; // "reference measurement from HOST (GPU), not this machine"
    const char* not_this;
    const char* placeholder;
    const char* driver;
    const char* skipped;
    const char* fleet; // "fleet measurement from HOST (GPU)"
};

constexpr Words kEnglish{"measured on this machine, ",
                         "",
                         "reference measurement from ",
                         ", not this machine",
                         "not yet measured",
                         "driver",
                         "not measured",
                         "fleet measurement from "};
constexpr Words kChinese{"本机测量（", "）",   "参考测量，来自 ", "，并非本机",
                         "尚未测量",   "驱动", "未测量",          "集群节点测量，来自 "};

const Words& words(std::string_view lang) {
    return lang == "zh" ? kChinese : kEnglish;
}

std::string text_at(const nlohmann::json& json, const char* pointer) {
    const nlohmann::json::json_pointer path(pointer);
    if (json.contains(path) && json.at(path).is_string()) {
        return json.at(path).get<std::string>();
    }
    return "";
}

bool is_placeholder(const ProbeResult& result) {
    return result.document == nullptr || result.document->placeholder() ||
           result.reason() == "not yet measured";
}

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

} // namespace

std::string provenance_kind(const ProbeResult& result) {
    if (is_placeholder(result)) {
        return "placeholder";
    }
    switch (result.document->origin) {
    case Origin::Measured:
        return "measured";
    case Origin::Fleet:
        return "fleet";
    case Origin::Reference:
        break;
    }
    return "reference";
}

std::string provenance_text(const ProbeResult& result, std::string_view lang) {
    const Words& w = words(lang);
    if (is_placeholder(result)) {
        return w.placeholder;
    }
    const auto& json = result.document->json;
    const bool own = result.document->origin == Origin::Measured;
    const std::string date =
        own ? measured_on(result) : text_at(json, "/provenance/date").substr(0, 10);
    const std::string gpu = text_at(json, "/provenance/gpus/0/name");
    const bool gpu_probe = result.key.starts_with("gpu.");
    const std::string machine = gpu_probe ? gpu : text_at(json, "/provenance/cpu");
    std::string text;
    if (own) {
        text = std::string(w.this_machine) + result.document->host + w.this_end;
    } else {
        const bool fleet = result.document->origin == Origin::Fleet;
        text = std::string(fleet ? w.fleet : w.reference) + result.document->host;
        if (!machine.empty()) {
            text += lang == "zh" ? "（" + machine + "）" : " (" + machine + ")";
        }
        text += fleet ? "" : w.not_this;
    }
    std::vector<std::string> details;
    if (!machine.empty() && own) {
        details.push_back(machine);
    }
    if (gpu_probe) {
        if (auto driver = text_at(json, "/provenance/driver"); !driver.empty()) {
            details.push_back(std::string(w.driver) + " " + driver);
        }
        auto cuda = text_at(json, "/provenance/cuda_runtime");
        if (cuda.empty()) {
            cuda = text_at(json, "/provenance/cuda_driver");
        }
        if (!cuda.empty()) {
            details.push_back("CUDA " + cuda);
        }
    }
    if (!date.empty()) {
        details.push_back(date);
    }
    // The whole run's duration: one note per document, however many probes a table uses.
    const nlohmann::json::json_pointer duration_path("/provenance/duration_s");
    if (json.contains(duration_path) && json.at(duration_path).is_number()) {
        details.push_back(format_number(json.at(duration_path).get<double>()) + " s");
    }
    for (const auto& detail : details) {
        text += " · " + detail;
    }
    if (!result.ok()) {
        text += std::string(" · ") + w.skipped + ": " + result.reason();
    }
    return markdown::without_control_characters(text); // host and GPU names come from elsewhere
}

std::string provenance_html(const ProbeResult& result, std::string_view lang) {
    // A <p>, not an <aside>: several unnamed complementary landmarks on a page fail axe.
    return "<p class=\"provenance provenance-" + provenance_kind(result) + "\">" +
           markdown::escape_html(provenance_text(result, lang)) + "</p>\n";
}

} // namespace gpuguide::measure
