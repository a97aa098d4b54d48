#include "schema/schema.hpp"

#include "numbers/number.hpp"

#include <cmath>
#include <limits>
#include <map>

namespace gpuguide::probes::schema {
namespace {

using nlohmann::json;

constexpr double kNoLimit = std::numeric_limits<double>::infinity();

struct Checker {
    std::vector<ValidationError>& errors;
    void add(const std::string& pointer, std::string message) {
        errors.push_back({pointer, std::move(message)});
    }
};

std::string pointer_token(const std::string& name) {
    std::string out;
    for (char c : name)
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
}

/// "cpu.name" or "gpu.name", the name of lower-case letters, digits and underscores.
bool is_probe_key(const std::string& key) {
    if (key.size() < 5 || (key.rfind("cpu.", 0) != 0 && key.rfind("gpu.", 0) != 0))
        return false;
    for (std::size_t i = 4; i < key.size(); ++i) {
        char c = key[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

bool is_string_or_null(const json& value) {
    return value.is_string() || value.is_null();
}

/// The string at `object[key]`, or "" when absent or not a string (never throws).
std::string text_at(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void check_number(Checker& check, const json& value, const std::string& at, std::string_view unit) {
    if (value.is_null())
        return;
    if (!value.is_number()) {
        check.add(at, "expected a number or null, found " + std::string(value.type_name()));
        return;
    }
    const double x = value.get<double>();
    if (!std::isfinite(x)) { // only in documents built in memory: JSON text cannot hold them
        check.add(at, "NaN or infinite value (write null for a missing number)");
        return;
    }
    // The generator's number reader decides and words the rule: 0 up to the unit's limit.
    const numbers::Rule rule{.min = 0, .max = absurd_limit(unit).value_or(kNoLimit)};
    if (const auto reading = numbers::check(x, rule); !reading.value) {
        const std::string shown =
            numbers::shortest(x) + (unit.empty() ? "" : " ") + std::string(unit);
        check.add(at, (x < 0 ? "negative value " : "absurd value ") + shown + " (must be " +
                          numbers::describe(rule) + ")");
    }
}

void check_metric(Checker& check, const json& metric, const std::string& at) {
    if (!metric["unit"].is_string()) {
        check.add(at + "/unit", "a metric's unit is a string");
        return;
    }
    std::string unit = metric["unit"];
    if (metric.contains("value")) {
        check_number(check, metric["value"], at + "/value", unit);
        return;
    }
    for (const char* field : {"median", "min", "max", "cv", "n"}) {
        if (!metric.contains(field)) {
            check.add(at,
                      std::string("a metric has \"value\" or all of median, min, max, cv, n; \"") +
                          field + "\" is missing");
            return;
        }
    }
    for (const char* field : {"median", "min", "max"})
        check_number(check, metric[field], at + "/" + field, unit);
    check_number(check, metric["cv"], at + "/cv", "");
    const json& n = metric["n"];
    // JSON keeps integers as int64 or uint64: compared as they are, never narrowed.
    if (!n.is_null() && !n.is_number_unsigned() && !(n.is_number_integer() && n >= 0))
        check.add(at + "/n", "n is a count: a non-negative integer");
    if (metric["min"].is_number() && metric["median"].is_number() && metric["max"].is_number()) {
        double lo = metric["min"], mid = metric["median"], hi = metric["max"];
        if (!(lo <= mid && mid <= hi))
            check.add(at, "expected min <= median <= max");
    }
}

/// Walks a probe result: every object with a "unit" is a metric; every float must be finite.
void check_result(Checker& check, const json& value, const std::string& at) {
    if (value.is_object()) {
        if (value.contains("unit") && (value.contains("value") || value.contains("median"))) {
            check_metric(check, value, at);
            return;
        }
        for (const auto& [name, child] : value.items())
            check_result(check, child, at + "/" + pointer_token(name));
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            check_result(check, value[i], at + "/" + std::to_string(i));
    } else if (value.is_number_float() && !std::isfinite(value.get<double>())) {
        check.add(at, "NaN or infinite value (write null for a missing number)");
    }
}

/// provenance.bundle: which of the probe bundle's builds ran and why (core/bundle.hpp).
void check_bundle(Checker& check, const json& bundle) {
    if (!bundle.is_object()) {
        check.add("/provenance/bundle", "bundle is an object {\"build\", \"reason\"}");
        return;
    }
    const std::string build = text_at(bundle, "build");
    const bool named = build.size() > 4 && build.rfind("cuda", 0) == 0 &&
                       build.find_first_not_of("0123456789", 4) == std::string::npos;
    if (!named)
        check.add("/provenance/bundle/build", "expected a build name such as \"cuda12\"");
    if (!bundle.value("reason", json()).is_string())
        check.add("/provenance/bundle/reason", "expected a string");
}

void check_provenance(Checker& check, const json& provenance) {
    if (!provenance.is_object()) {
        check.add("/provenance", "provenance is an object");
        return;
    }
    for (const char* field : {"host", "date", "probe_version", "compiler", "command", "driver",
                              "cuda_driver", "cuda_runtime", "cublas", "cpu"}) {
        if (!provenance.contains(field))
            check.add("/provenance", std::string("missing \"") + field + "\"");
        else if (!is_string_or_null(provenance[field]))
            check.add("/provenance/" + std::string(field), "expected a string or null");
    }
    if (provenance.contains("duration_s"))
        check_number(check, provenance["duration_s"], "/provenance/duration_s", "s");
    if (provenance.contains("bundle"))
        check_bundle(check, provenance["bundle"]);
    const json& gpus = provenance.value("gpus", json::array());
    if (!gpus.is_array()) {
        check.add("/provenance/gpus", "expected an array");
        return;
    }
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        std::string at = "/provenance/gpus/" + std::to_string(i);
        if (!gpus[i].is_object() || !gpus[i].value("name", json()).is_string())
            check.add(at, "each GPU is an object with a \"name\" string");
    }
}

void check_probe(Checker& check, const std::string& key, const json& probe, bool placeholder) {
    std::string at = "/probes/" + pointer_token(key);
    if (!is_probe_key(key))
        check.add(at, "probe key \"" + key + "\" is not of the form cpu.name or gpu.name");
    if (!probe.is_object()) {
        check.add(at, "a probe entry is an object");
        return;
    }
    std::string status = text_at(probe, "status");
    if (status != kStatusOk && status != kStatusSkipped && status != kStatusFailed) {
        check.add(at + "/status", "status is \"ok\", \"skipped\" or \"failed\"");
        return;
    }
    const json& reason = probe.value("reason", json());
    if (status != kStatusOk && !(reason.is_string() && !reason.get<std::string>().empty()))
        check.add(at + "/reason", "a " + status + " probe needs a reason (a non-empty string)");
    if (status == kStatusOk && !is_string_or_null(reason))
        check.add(at + "/reason", "expected a string or null");
    if (probe.contains("duration_s"))
        check_number(check, probe["duration_s"], at + "/duration_s", "s");
    const json& result = probe.value("result", json());
    if (status == kStatusOk && !result.is_object())
        check.add(at + "/result", "an ok probe has an object result");
    if (status == kStatusSkipped && !result.is_null())
        check.add(at + "/result", "a skipped probe has a null result");
    if (probe.contains(kUseReference) &&
        !(probe[kUseReference].is_boolean() && status == kStatusSkipped))
        check.add(at + "/" + std::string(kUseReference),
                  "use_reference is a boolean, and only a skipped probe has it");
    if (placeholder && key.rfind("gpu.", 0) == 0 && status != kStatusSkipped)
        check.add(at + "/status", "a placeholder document has every GPU probe skipped");
    if (result.is_object())
        check_result(check, result, at + "/result");
}

} // namespace

std::optional<double> absurd_limit(std::string_view unit) {
    // Far above any machine of today, so only broken timers or byte counts trip them.
    static const std::map<std::string_view, double> limits = {
        {"GB/s", 1e5},      {"TFLOP/s", 1e5}, {"TOP/s", 1e5}, {"GFLOP/s", 1e8},
        {"GFLOP/s/W", 1e6}, {"W", 1e5},       {"J", 1e9},     {"MHz", 1e5},
        {"ns", 1e9},        {"us", 1e9},      {"µs", 1e9},    {"cycles", 1e10}};
    auto it = limits.find(unit);
    if (it == limits.end())
        return std::nullopt;
    return it->second;
}

std::vector<ValidationError> validate_document(const nlohmann::json& document) {
    std::vector<ValidationError> errors;
    Checker check{errors};
    if (!document.is_object()) {
        check.add("", "a measurement document is a JSON object");
        return errors;
    }
    if (text_at(document, "schema") != kSchemaName)
        check.add("/schema", "expected \"" + std::string(kSchemaName) + "\"");
    const json& version = document.value("schema_version", json());
    if (!version.is_number_integer())
        check.add("/schema_version", "expected an integer");
    else if (version != json(kSchemaVersion)) // compared as JSON: 4294967297 is not 1
        check.add("/schema_version", "this build reads schema version " +
                                         std::to_string(kSchemaVersion) + ", the document has " +
                                         version.dump());
    const json& placeholder = document.value("placeholder", json(false));
    if (!placeholder.is_boolean())
        check.add("/placeholder", "expected true or false");
    check_provenance(check, document.value("provenance", json()));
    const json& probes = document.value("probes", json());
    if (!probes.is_object()) {
        check.add("/probes", "expected an object of probe entries");
        return errors;
    }
    for (const auto& [key, probe] : probes.items())
        check_probe(check, key, probe, placeholder.is_boolean() && placeholder.get<bool>());
    return errors;
}

std::string format_errors(const std::vector<ValidationError>& errors) {
    std::string text;
    for (const auto& error : errors)
        text += (error.pointer.empty() ? std::string("/") : error.pointer) + ": " + error.message +
                "\n";
    return text;
}

} // namespace gpuguide::probes::schema
