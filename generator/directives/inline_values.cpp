// `value:HOST:PROBE/POINTER` and `data:FILE/KEY/FIELD` code spans.
#include "directives/inline_values.hpp"

#include "directives/estimate.hpp"
#include "directives/host_units.hpp"
#include "load/error.hpp"
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"

namespace gpuguide::directives {
namespace {

[[noreturn]] void fail(const Context& context, int line, const std::string& kind,
                       const std::string& message) {
    fail_at(context.file, line, kind + ": " + message);
}

// `value:provenance/cublas`: a field of the measurement document's provenance (versions etc.).
InlineHtml provenance_value(const std::string& host, const std::string& pointer,
                            const Context& context, int line) {
    try {
        const auto result = context.store.probe(host, "gpu.specs");
        const auto& document = result.document->json;
        const nlohmann::json::json_pointer path("/provenance" + pointer);
        if (context.store.validating() && measure::is_host_word(host, measure::HostWord::This)) {
            return {{}, "", true, false, ""}; // this machine's provenance is known once measured
        }
        if (!document.contains(path)) {
            fail(context, line, "value",
                 "no provenance field \"" + pointer.substr(1) + "\" in " +
                     result.document->file.generic_string());
        }
        const auto& field = document.at(path);
        const auto text = measure::format_value(field, context.ui).text;
        return {measured_wrapper(measure::figure_kind(result),
                                 measure::provenance_text(result, context.ui), context),
                text, true, field.is_null(),
                field.is_null() ? context.ui.text("reason_no_value") : ""};
    } catch (const measure::LookupError& error) {
        fail(context, line, "value", error.what());
    } catch (const nlohmann::json::exception&) {
        fail(context, line, "value", "\"" + pointer + "\" is not a JSON pointer");
    }
}

InlineHtml measured_value(const std::string& spec, const Context& context, int line) {
    const auto [host, reference] = split_host(spec);
    const auto path = split_probe_path(reference);
    if (path.probe.empty() || path.pointer.empty()) {
        fail(context, line, "value",
             "write `value:PROBE/POINTER` (e.g. value:gpu.stream/devices/0/triad), "
             "found `value:" +
                 spec + "`");
    }
    if (path.probe == "provenance") {
        return provenance_value(host, path.pointer, context, line);
    }
    try {
        const auto result = context.store.probe(host, path.probe);
        const auto* value = context.store.value(result, path.pointer);
        const auto kind = measure::figure_kind(result, path.pointer);
        std::string title = measure::provenance_text(result, context.ui);
        if (kind == measure::FigureKind::DerivedPeak) { // say what the peak assumes first
            title = measure::derived_peak_text(result, path.pointer, context.ui) +
                    context.ui.text("provenance_separator") + title;
        }
        if (value == nullptr) {
            const auto reason = probe_reason_text(context, result.reason());
            return {missing_wrapper(reason, context), context.ui.text("not_measured"), true, true,
                    reason};
        }
        const auto formatted = measure::format_value(*value, context.ui);
        // A null field, or a metric whose numbers are null, formats as "—": no figure either.
        const bool missing = value->is_null() || (value->is_object() && !formatted.number);
        return {measured_wrapper(kind, title, context), formatted.text, true, missing,
                missing ? context.ui.text("reason_no_value") : ""};
    } catch (const measure::LookupError& error) {
        fail(context, line, "value", error.what());
    }
}

InlineHtml data_value(const std::string& spec, const Context& context, int line) {
    const auto first = spec.find('/');
    const auto last = spec.rfind('/');
    if (first == std::string::npos || first == last) {
        fail(context, line, "data",
             "write `data:FILE/KEY/FIELD` (e.g. data:gpus/h100-sxm/fp32_tflops), "
             "found `data:" +
                 spec + "`");
    }
    const std::string file = spec.substr(0, first);
    const std::string key = spec.substr(first + 1, last - first - 1);
    const std::string field = spec.substr(last + 1);
    const auto data = context.book.data.find(file);
    if (data == context.book.data.end()) {
        fail(context, line, "data", "no data file \"" + file + "\" in content/data/");
    }
    const auto record = data->second.records_by_key.find(key);
    if (record == data->second.records_by_key.end()) {
        fail(context, line, "data",
             "no record \"" + key + "\" in " + data->second.path.generic_string());
    }
    const auto value = record->second->find(field);
    if (value == record->second->end()) {
        fail(context, line, "data", "record \"" + key + "\" has no field \"" + field + "\"");
    }
    nlohmann::json metric = localized(*value, context.lang);
    if (metric.is_number()) {
        metric = {{"value", metric}, {"unit", column_unit(data->second, field)}};
    }
    return {context.markup.wrapper("inline-value", {{"data", true}}),
            measure::format_value(metric, context.ui).text, false, false, ""};
}

} // namespace

Wrapper measured_wrapper(measure::FigureKind kind, const std::string& title,
                         const Context& context) {
    return context.markup.wrapper(
        "inline-value", {{"figure", true}, {"kind", measure::kind_name(kind)}, {"title", title}});
}

Wrapper missing_wrapper(const std::string& reason, const Context& context) {
    return context.markup.wrapper("inline-value", {{"missing", true}, {"reason", reason}});
}

HostAndRest split_host(const std::string& spec) {
    // A host is a word before the first colon: a colon inside a formula's `{datasheet:FIELD}`,
    // or after a space, belongs to the rest.
    const auto colon = spec.find(':');
    if (colon == std::string::npos || spec.find_first_of("{ [(", 0) < colon) {
        return {kThisHost, spec};
    }
    return {spec.substr(0, colon), spec.substr(colon + 1)};
}

bool is_inline_value(std::string_view literal) {
    return literal.starts_with("value:") || literal.starts_with("data:") ||
           literal.starts_with("estimate:") || is_host_phrase(literal);
}

InlineHtml inline_value(std::string_view literal, const Context& context, int line) {
    const std::string text(literal);
    if (text.starts_with("value:")) {
        return measured_value(text.substr(6), context, line);
    }
    if (text.starts_with("estimate:")) {
        return inline_estimate(text.substr(9), context, line);
    }
    if (is_host_phrase(text)) {
        return {context.markup.wrapper("inline-value", {{"host_phrase", true}}),
                host_phrase_text(text, context, line), false, false, ""};
    }
    return data_value(text.substr(5), context, line);
}

} // namespace gpuguide::directives
