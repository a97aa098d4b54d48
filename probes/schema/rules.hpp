// The measurement schema's rules, written once for any JSON tree: validate_document runs them on
// nlohmann::json (schema.cpp), and `gpuguide fleet` on simdjson's DOM (generator/fleet/
// simd_document.cpp), which reads a 100 KB document about fifteen times faster. One text of the
// rules keeps the two verdicts, and their messages, the same.
//
// A tree is seen through a small value type V (see NlohmannValue in schema.cpp):
//   is_object() is_array() is_string() is_null() is_boolean() is_number()
//   is_integer()   an integer literal (nlohmann: number_integer or number_unsigned)
//   is_unsigned()  a non-negative integer literal
//   is_float()     a number with a fraction or exponent
//   number()       the value as a double
//   integer()      a negative integer's value (is_integer and not is_unsigned)
//   integer_text() an integer's decimal digits ("-3", "18446744073709551615")
//   text()         a string's bytes;         boolean()
//   find(key)      std::optional<V>: the member (the last one of that name, as nlohmann keeps)
//   each_member(f) f(std::string_view key, V) for every member, in any order
//   each_element(f) f(std::size_t index, V) for every element
//   type_name()    nlohmann's word for the type ("object", "number", ...)
#pragma once

#include "numbers/number.hpp"
#include "schema/schema.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace gpuguide::probes::schema::rules {

struct Checker {
    std::vector<ValidationError>& errors;
    void add(const std::string& pointer, std::string message) {
        errors.push_back({pointer, std::move(message)});
    }
};

inline std::string pointer_token(std::string_view name) {
    std::string out;
    for (char c : name)
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
}

/// "cpu.name" or "gpu.name", the name of lower-case letters, digits and underscores.
inline bool is_probe_key(std::string_view key) {
    if (key.size() < 5 || (!key.starts_with("cpu.") && !key.starts_with("gpu.")))
        return false;
    for (std::size_t i = 4; i < key.size(); ++i) {
        char c = key[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

template <class V> bool is_string_or_null(const V& value) {
    return value.is_string() || value.is_null();
}

/// Whether `object` has a member `key` whose value passes `test` (false when absent).
template <class V, class Test> bool member_is(const V& object, const char* key, Test test) {
    const auto member = object.find(key);
    return member && test(*member);
}

/// The string at `object[key]`, or "" when absent or not a string (never throws).
template <class V> std::string text_at(const V& object, const char* key) {
    const auto member = object.find(key);
    return member && member->is_string() ? std::string(member->text()) : std::string();
}

/// Where a value sits: a chain of member names and element indices below a fixed pointer, made
/// into a JSON pointer's text only for an error (building the text of every pointer on the way
/// was a third of the time a large valid document took to check).
struct Where {
    const Where* parent = nullptr;
    std::string_view name;                 ///< a member's name; the fixed text at the root
    std::size_t index = std::string::npos; ///< an element's index (not a member)

    Where member(std::string_view key) const { return {this, key}; }
    Where element(std::size_t i) const { return {this, {}, i}; }
    std::string text() const {
        if (parent == nullptr)
            return std::string(name);
        return parent->text() + "/" +
               (index != std::string::npos ? std::to_string(index) : pointer_token(name));
    }
};

/// 0 up to the unit's absurd limit (absurd_limit): the rule a metric's numbers keep.
inline numbers::Rule rule_for(std::string_view unit) {
    return {.min = 0, .max = absurd_limit(unit).value_or(std::numeric_limits<double>::infinity())};
}

template <class V>
void check_number(Checker& check, const V& value, const Where& at, std::string_view unit,
                  const numbers::Rule& rule) {
    if (value.is_null())
        return;
    if (!value.is_number()) {
        check.add(at.text(), "expected a number or null, found " + std::string(value.type_name()));
        return;
    }
    const double x = value.number();
    if (!std::isfinite(x)) { // only in documents built in memory: JSON text cannot hold them
        check.add(at.text(), "NaN or infinite value (write null for a missing number)");
        return;
    }
    // The generator's number reader decides and words the rule.
    if (const auto reading = numbers::check(x, rule); !reading.value) {
        const std::string shown =
            numbers::shortest(x) + (unit.empty() ? "" : " ") + std::string(unit);
        check.add(at.text(), (x < 0 ? "negative value " : "absurd value ") + shown + " (must be " +
                                 numbers::describe(rule) + ")");
    }
}

template <class V>
void check_number(Checker& check, const V& value, const std::string& at, std::string_view unit) {
    check_number(check, value, Where{nullptr, at}, unit, rule_for(unit));
}

/// A metric's members, found in one pass over them (of two with one name, the last).
template <class V> struct MetricFields {
    std::optional<V> unit, value, median, min, max, cv, n;
    explicit MetricFields(const V& metric) {
        metric.each_member([this](std::string_view name, const V& member) {
            if (auto* slot = slot_for(name)) {
                *slot = member;
            }
        });
    }

  private:
    // By length first: a large document has tens of thousands of metrics, and comparing each
    // member's name with all seven was a twentieth of reading a fleet's documents.
    std::optional<V>* slot_for(std::string_view name) {
        switch (name.size()) {
        case 1:
            return name[0] == 'n' ? &n : nullptr;
        case 2:
            return name == "cv" ? &cv : nullptr;
        case 3:
            return name == "min" ? &min : name == "max" ? &max : nullptr;
        case 4:
            return name == "unit" ? &unit : nullptr;
        case 5:
            return name == "value" ? &value : nullptr;
        case 6:
            return name == "median" ? &median : nullptr;
        default:
            return nullptr;
        }
    }
};

template <class V> void check_metric(Checker& check, const V& metric, const Where& at) {
    const MetricFields<V> fields(metric);
    if (!fields.unit->is_string()) { // a metric has a unit (check_result)
        check.add(at.member("unit").text(), "a metric's unit is a string");
        return;
    }
    const std::string_view unit = fields.unit->text();
    const auto rule = rule_for(unit);
    if (fields.value) {
        check_number(check, *fields.value, at.member("value"), unit, rule);
        return;
    }
    const std::pair<const char*, const std::optional<V>*> required[] = {{"median", &fields.median},
                                                                        {"min", &fields.min},
                                                                        {"max", &fields.max},
                                                                        {"cv", &fields.cv},
                                                                        {"n", &fields.n}};
    for (const auto& [field, member] : required) {
        if (!*member) {
            check.add(at.text(),
                      std::string("a metric has \"value\" or all of median, min, max, cv, n; \"") +
                          field + "\" is missing");
            return;
        }
    }
    for (const auto& [field, member] : {required[0], required[1], required[2]})
        check_number(check, **member, at.member(field), unit, rule);
    check_number(check, *fields.cv, at.member("cv"), "", rule_for(""));
    const auto& n = *fields.n;
    // JSON keeps integers as int64 or uint64: compared as they are, never narrowed.
    if (!n.is_null() && !n.is_unsigned() && !(n.is_integer() && n.integer() >= 0))
        check.add(at.member("n").text(), "n is a count: a non-negative integer");
    const auto &lo = *fields.min, &mid = *fields.median, &hi = *fields.max;
    if (lo.is_number() && mid.is_number() && hi.is_number() &&
        !(lo.number() <= mid.number() && mid.number() <= hi.number()))
        check.add(at.text(), "expected min <= median <= max");
}

/// Walks a probe result: every object with a "unit" is a metric; every float must be finite.
template <class V> void check_result(Checker& check, const V& value, const Where& at) {
    if (value.is_object()) {
        bool unit = false, reading = false; // "unit", and "value" or "median"
        value.each_member([&](std::string_view name, const V&) {
            unit = unit || name == "unit";
            reading = reading || name == "value" || name == "median";
        });
        if (unit && reading) {
            check_metric(check, value, at);
            return;
        }
        value.each_member([&](std::string_view name, const V& child) {
            check_result(check, child, at.member(name));
        });
    } else if (value.is_array()) {
        value.each_element(
            [&](std::size_t i, const V& child) { check_result(check, child, at.element(i)); });
    } else if (value.is_float() && !std::isfinite(value.number())) {
        check.add(at.text(), "NaN or infinite value (write null for a missing number)");
    }
}

/// provenance.bundle: which of the probe bundle's builds ran and why (core/bundle.hpp).
template <class V> void check_bundle(Checker& check, const V& bundle) {
    if (!bundle.is_object()) {
        check.add("/provenance/bundle", "bundle is an object {\"build\", \"reason\"}");
        return;
    }
    const std::string build = text_at(bundle, "build");
    const bool named = build.size() > 4 && build.rfind("cuda", 0) == 0 &&
                       build.find_first_not_of("0123456789", 4) == std::string::npos;
    if (!named)
        check.add("/provenance/bundle/build", "expected a build name such as \"cuda12\"");
    if (!member_is(bundle, "reason", [](const V& v) { return v.is_string(); }))
        check.add("/provenance/bundle/reason", "expected a string");
}

template <class V> void check_provenance(Checker& check, const std::optional<V>& provenance) {
    if (!provenance || !provenance->is_object()) {
        check.add("/provenance", "provenance is an object");
        return;
    }
    for (const char* field : {"host", "date", "probe_version", "compiler", "command", "driver",
                              "cuda_driver", "cuda_runtime", "cublas", "cpu"}) {
        const auto value = provenance->find(field);
        if (!value)
            check.add("/provenance", std::string("missing \"") + field + "\"");
        else if (!is_string_or_null(*value))
            check.add("/provenance/" + std::string(field), "expected a string or null");
    }
    if (const auto duration = provenance->find("duration_s"))
        check_number(check, *duration, "/provenance/duration_s", "s");
    if (const auto bundle = provenance->find("bundle"))
        check_bundle(check, *bundle);
    const auto gpus = provenance->find("gpus"); // absent: no GPUs
    if (!gpus)
        return;
    if (!gpus->is_array()) {
        check.add("/provenance/gpus", "expected an array");
        return;
    }
    gpus->each_element([&](std::size_t i, const V& gpu) {
        if (!gpu.is_object() || !member_is(gpu, "name", [](const V& v) { return v.is_string(); }))
            check.add("/provenance/gpus/" + std::to_string(i),
                      "each GPU is an object with a \"name\" string");
    });
}

template <class V>
void check_probe(Checker& check, std::string_view key, const V& probe, bool placeholder) {
    std::string at = "/probes/" + pointer_token(key);
    if (!is_probe_key(key))
        check.add(at,
                  "probe key \"" + std::string(key) + "\" is not of the form cpu.name or gpu.name");
    if (!probe.is_object()) {
        check.add(at, "a probe entry is an object");
        return;
    }
    std::string status = text_at(probe, "status");
    if (status != kStatusOk && status != kStatusSkipped && status != kStatusFailed) {
        check.add(at + "/status", "status is \"ok\", \"skipped\" or \"failed\"");
        return;
    }
    const auto reason = probe.find("reason");
    const bool reason_null = !reason || reason->is_null();
    if (status != kStatusOk && !(reason && reason->is_string() && !reason->text().empty()))
        check.add(at + "/reason", "a " + status + " probe needs a reason (a non-empty string)");
    if (status == kStatusOk && !reason_null && !reason->is_string())
        check.add(at + "/reason", "expected a string or null");
    if (const auto duration = probe.find("duration_s"))
        check_number(check, *duration, at + "/duration_s", "s");
    const auto result = probe.find("result");
    const bool result_object = result && result->is_object();
    if (status == kStatusOk && !result_object)
        check.add(at + "/result", "an ok probe has an object result");
    if (status == kStatusSkipped && result && !result->is_null())
        check.add(at + "/result", "a skipped probe has a null result");
    if (const auto use_reference = probe.find(std::string(kUseReference).c_str());
        use_reference && !(use_reference->is_boolean() && status == kStatusSkipped))
        check.add(at + "/" + std::string(kUseReference),
                  "use_reference is a boolean, and only a skipped probe has it");
    if (placeholder && key.starts_with("gpu.") && status != kStatusSkipped)
        check.add(at + "/status", "a placeholder document has every GPU probe skipped");
    if (result_object) {
        const std::string result_at = at + "/result";
        check_result(check, *result, Where{nullptr, result_at});
    }
}

/// Every rule on a whole document (schema.hpp's validate_document).
template <class V> std::vector<ValidationError> validate(const V& document) {
    std::vector<ValidationError> errors;
    Checker check{errors};
    if (!document.is_object()) {
        check.add("", "a measurement document is a JSON object");
        return errors;
    }
    if (text_at(document, "schema") != kSchemaName)
        check.add("/schema", "expected \"" + std::string(kSchemaName) + "\"");
    const auto version = document.find("schema_version");
    if (!version || !version->is_integer())
        check.add("/schema_version", "expected an integer");
    else if (version->integer_text() != std::to_string(kSchemaVersion))
        // compared as integers: 4294967297 is not 1
        check.add("/schema_version", "this build reads schema version " +
                                         std::to_string(kSchemaVersion) + ", the document has " +
                                         version->integer_text());
    const auto placeholder = document.find("placeholder");
    if (placeholder && !placeholder->is_boolean())
        check.add("/placeholder", "expected true or false");
    check_provenance(check, document.find("provenance"));
    const auto probes = document.find("probes");
    if (!probes || !probes->is_object()) {
        check.add("/probes", "expected an object of probe entries");
        return errors;
    }
    const bool is_placeholder = placeholder && placeholder->is_boolean() && placeholder->boolean();
    probes->each_member([&](std::string_view key, const V& probe) {
        check_probe(check, key, probe, is_placeholder);
    });
    return errors;
}

} // namespace gpuguide::probes::schema::rules
