// Evaluating an estimate for one host, and the inline `estimate:` span.
#include "directives/estimate.hpp"

#include "directives/catalogue.hpp"
#include "load/error.hpp"
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"
#include "measure/number_text.hpp"
#include "numbers/format.hpp"
#include "numbers/number.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace gpuguide::directives {
namespace {

using formula::FormulaError;

std::string shown_formula(const std::string& text) {
    return "`" + text + "`";
}

// `fail` reports and throws; should a caller's FailAt return, this still does not.
[[noreturn]] void raise(const FailAt& fail, const std::string& message) {
    fail(message);
    throw std::logic_error("FailAt returned: " + message);
}

std::string formula_problem(const std::string& text, const FormulaError& error) {
    return "bad formula " + shown_formula(text) + ": " + error.what() + " (column " +
           std::to_string(error.column()) + ")";
}

// Evaluates one formula with the store behind it; constants are evaluated on first use.
class Evaluator {
  public:
    Evaluator(const Constants& constants, const std::string& host, const Context& context,
              const FailAt& fail, Estimated& out)
        : constants_(constants), host_(host), context_(context), fail_(fail), out_(out) {}

    formula::Quantity run(const formula::Formula& parsed) {
        const formula::Resolver resolver{[this](const std::string& name) { return constant(name); },
                                         [this](const std::string& key, const formula::Unit& unit) {
                                             return figure(key, unit);
                                         }};
        try {
            return formula::evaluate(parsed, resolver);
        } catch (const FormulaError& error) {
            std::string message = formula_problem(parsed.text, error);
            if (std::string_view(error.what()).starts_with("unknown name")) {
                std::string known;
                for (const auto& [name, text] : constants_) {
                    known += (known.empty() ? "" : ", ") + name;
                }
                message +=
                    known.empty() ? "; no constants are defined here" : "; constants: " + known;
            }
            fail(message);
        }
    }

  private:
    const Constants& constants_;
    const std::string& host_;
    const Context& context_;
    const FailAt& fail_;
    Estimated& out_;
    std::string prefix_;               // "constant `x`: " while evaluating constant x
    std::set<std::string> evaluating_; // constants being evaluated: a cycle is an error
    std::map<std::string, formula::Quantity> done_;

    [[noreturn]] void fail(const std::string& message) const { raise(fail_, prefix_ + message); }

    std::optional<formula::Quantity> constant(const std::string& name) {
        const auto found = constants_.find(name);
        if (found == constants_.end()) {
            return std::nullopt;
        }
        if (const auto cached = done_.find(name); cached != done_.end()) {
            return cached->second;
        }
        if (!evaluating_.insert(name).second) {
            fail("constant `" + name + "` is defined through itself");
        }
        const std::string outer = prefix_;
        prefix_ += "constant `" + name + "`: ";
        formula::Formula parsed;
        try {
            parsed = formula::parse(found->second);
        } catch (const FormulaError& error) {
            fail(formula_problem(found->second, error));
        }
        const auto quantity = run(parsed);
        prefix_ = outer;
        evaluating_.erase(name);
        done_[name] = quantity;
        return quantity;
    }

    std::optional<double> figure(const std::string& key, const formula::Unit& unit) {
        if (key.starts_with("datasheet:")) {
            return datasheet_figure(key.substr(10), unit);
        }
        out_.uses_measurement = true;
        const auto path = split_probe_path(key);
        const nlohmann::json* value = nullptr;
        measure::ProbeResult result;
        try {
            result = context_.store.probe(host_, path.probe);
            value = context_.store.value(result, path.pointer);
            out_.sources.push_back(result);
            if (value == nullptr) {
                if (out_.reason.empty()) {
                    out_.reason = probe_reason_text(context_, result.reason());
                }
                return std::nullopt;
            }
        } catch (const measure::LookupError& error) {
            fail(std::string(error.what()) + " (in {" + key + "})");
        }
        const auto number = measure::numeric(*value);
        if (!number) {
            if (out_.reason.empty()) {
                out_.reason = context_.ui.text("reason_no_value");
            }
            return std::nullopt;
        }
        const double in_unit = *number * scale_of(*value, key, unit) / unit.scale;
        note_input(figure_words(key, context_), measure::format_value(*value, context_.ui).text,
                   in_unit, measure::unit_of(*value), unit, input_kind(result));
        return in_unit;
    }

    // `{datasheet:FIELD}`: the catalogue's figure for the GPU of this host.
    std::optional<double> datasheet_figure(const std::string& field, const formula::Unit& unit) {
        out_.uses_datasheet = true;
        const measure::HostDocument* document = nullptr;
        try {
            document = context_.store.document(host_);
        } catch (const measure::LookupError& error) {
            fail(error.what());
        }
        const auto gpu = catalogue_gpu(context_, document);
        if (!gpu) {
            if (out_.reason.empty()) {
                out_.reason = no_catalogue_reason(context_, document);
            }
            return std::nullopt;
        }
        check_field(*gpu->data, field);
        const auto metric = datasheet_metric(*gpu, field);
        if (!metric) {
            if (out_.reason.empty()) {
                out_.reason = context_.ui.fill("datasheet_no_field", {gpu->name, field});
            }
            return std::nullopt;
        }
        const double in_unit =
            *measure::numeric(*metric) * scale_of(*metric, "datasheet:" + field, unit) / unit.scale;
        note_input(column_header(*gpu->data, field, context_.lang),
                   measure::format_value(*metric, context_.ui).text, in_unit,
                   measure::unit_of(*metric), unit,
                   context_.ui.fill("input_datasheet", {gpu->name}));
        return in_unit;
    }

    void check_field(const DataFile& data, const std::string& field) const {
        const auto& columns = data.json.value("columns", nlohmann::json::object());
        if (!columns.contains(field)) {
            std::string known;
            for (const auto& item : columns.items()) {
                if (item.value().contains("unit")) {
                    known += (known.empty() ? "" : ", ") + item.key();
                }
            }
            fail("{datasheet:" + field + "}: no column \"" + field + "\" in " +
                 data.path.generic_string() + " (known: " + known + ")");
        }
    }

    // How many of the formula's base units one of the figure's own units is: the figure's unit
    // must measure the quantity the formula reads it as.
    double scale_of(const nlohmann::json& value, const std::string& key,
                    const formula::Unit& unit) const {
        const std::string measured_unit = measure::unit_of(value);
        if (measured_unit.empty()) {
            return unit.scale;
        }
        formula::Unit measured;
        try {
            measured = formula::parse_unit(measured_unit);
        } catch (const FormulaError&) {
            fail("{" + key + "} is measured in \"" + measured_unit +
                 "\", a unit estimates cannot read");
        }
        if (measured.dimension != unit.dimension) {
            fail("{" + key + "} is measured in " + measured_unit + ", not in [" + unit.text +
                 "] (unit mismatch: " + formula::dimension_text(measured.dimension) + " against " +
                 formula::dimension_text(unit.dimension) + ")");
        }
        return measured.scale;
    }

    // "GPU memory: 139.8 GiB = 150 GB (reference measurement, reference-h200)": the figure in its
    // own unit and, where the formula reads it in another (GiB as GB), in that one too.
    void note_input(const std::string& words, const std::string& shown, double in_unit,
                    const std::string& own_unit, const formula::Unit& unit,
                    const std::string& kind) {
        std::string value = shown;
        if (!own_unit.empty() && own_unit != unit.text) {
            value = context_.ui.fill(
                "input_converted", {shown, estimate_text(in_unit, unit, kRecordDigits, context_)});
        } else if (unit.text.ends_with("iB")) {
            // Memory in binary units meets model sizes in decimal ones: say what it is in GB.
            auto decimal = formula::parse_unit(unit.text.substr(0, unit.text.size() - 2) + "B");
            value = context_.ui.fill("input_converted",
                                     {shown, estimate_text(in_unit * unit.scale / decimal.scale,
                                                           decimal, kRecordDigits, context_)});
        }
        const auto text = context_.ui.fill("input", {words, value, kind});
        if (std::find(out_.inputs.begin(), out_.inputs.end(), text) == out_.inputs.end()) {
            out_.inputs.push_back(text);
        }
    }

    std::string input_kind(const measure::ProbeResult& result) const {
        switch (measure::figure_kind(result)) {
        case measure::FigureKind::Measured:
            return context_.ui.text("input_measured");
        case measure::FigureKind::Fleet:
            return context_.ui.fill("input_fleet", {result.document->host});
        case measure::FigureKind::Placeholder:
            return context_.ui.text("input_placeholder");
        default:
            return context_.ui.fill("input_reference", {result.document->host});
        }
    }
};

// The unit of an inline estimate and the significant figures asked after it: "tokens/s digits=3"
// -> {"tokens/s", 3}; a unit alone keeps kEstimateDigits.
std::pair<std::string, int> unit_and_digits(const std::string& text, const FailAt& fail) {
    constexpr std::string_view kKey = "digits=";
    const auto at = text.rfind(kKey);
    if (at == std::string::npos) {
        return {text, kEstimateDigits};
    }
    const auto value = text.substr(at + kKey.size());
    const auto reading =
        numbers::read(value, numbers::Rule{.whole = true, .min = 1, .max = kMostDigits});
    if (!reading.value) {
        raise(fail, "`digits` (significant figures) " + reading.problem);
    }
    auto unit = text.substr(0, at);
    unit.erase(unit.find_last_not_of(' ') + 1);
    return {unit, static_cast<int>(*reading.value)};
}

} // namespace

formula::Formula parse_formula(const std::string& text, const FailAt& fail) {
    try {
        return formula::parse(text);
    } catch (const FormulaError& error) {
        raise(fail, formula_problem(text, error));
    }
}

formula::Unit parse_target_unit(const std::string& text, const FailAt& fail) {
    try {
        return formula::parse_unit(text);
    } catch (const FormulaError& error) {
        raise(fail, "bad unit " + shown_formula(text) + ": " + error.what());
    }
}

Estimated evaluate_estimate(const formula::Formula& parsed, const formula::Unit& unit,
                            const Constants& constants, const std::string& host,
                            const Context& context, const FailAt& fail) {
    Estimated out;
    const auto quantity = Evaluator(constants, host, context, fail, out).run(parsed);
    if (quantity.dimension != unit.dimension) {
        raise(fail, "the formula " + shown_formula(parsed.text) + " gives " +
                        formula::dimension_text(quantity.dimension) + ", but its unit is " +
                        unit.text + " (" + formula::dimension_text(unit.dimension) +
                        "): unit mismatch");
    }
    if (quantity.value) {
        const double value = *quantity.value / unit.scale;
        if (std::isfinite(value)) {
            out.value = value;
        } else if (out.reason.empty()) {
            out.reason = context.ui.text("reason_divides_by_zero");
        }
    }
    return out;
}

std::string estimate_text(double value, const formula::Unit& unit, int digits,
                          const Context& context) {
    std::string text =
        measure::format_number(numbers::round_significant(value, digits), context.ui);
    if (unit.text != "1" && !unit.text.empty()) {
        text += (unit.text == "%" ? "" : "\u00A0") + unit.text;
    }
    return text;
}

std::string figure_words(const std::string& key, const Context& context) {
    if (key.starts_with("datasheet:")) { // the catalogue column's header: "BF16 tensor (dense)"
        const auto field = key.substr(10);
        const auto data = context.book.data.find(kGpuCatalogue);
        const auto header = data == context.book.data.end()
                                ? field
                                : column_header(data->second, field, context.lang);
        return context.ui.fill("figure_datasheet", {header});
    }
    const auto& strings = context.ui;
    // "gpu.stream/devices/0/triad" -> "gpu.stream/triad": names do not depend on the device.
    std::string general = key;
    if (const auto at = general.find("/devices/"); at != std::string::npos) {
        const auto next = general.find('/', at + 9);
        general.erase(at, next == std::string::npos ? std::string::npos : next - at);
    }
    return strings.entry("figure_names", general).value_or(general);
}

std::string estimate_title(const formula::Formula& parsed, const Estimated& estimated,
                           const Context& context, const std::string& extra) {
    std::string from;
    const auto separator = context.ui.text("list_separator");
    for (const auto& input : estimated.inputs) {
        from += (from.empty() ? "" : separator) + input;
    }
    const auto namer = [&](const std::string& key) { return figure_words(key, context); };
    return context.ui.fill("estimate_title",
                           {formula::pretty(parsed, namer) + extra, from.empty() ? "—" : from});
}

InlineHtml inline_estimate(const std::string& spec, const Context& context, int line) {
    const FailAt fail = [&](const std::string& message) {
        fail_at(context.file, line, "estimate: " + message);
    };
    const auto [host, rest] = split_host(spec);
    const auto arrow = rest.rfind("=>");
    if (arrow == std::string::npos) {
        raise(fail, "write `estimate:FORMULA => UNIT` (e.g. estimate:{gpu.stream/devices/0/triad} "
                    "[GB/s] / 16.1 [GB/token] => tokens/s), found `estimate:" +
                        spec + "`");
    }
    const auto trimmed = [](std::string text) {
        text.erase(0, text.find_first_not_of(' '));
        text.erase(text.find_last_not_of(' ') + 1);
        return text;
    };
    const auto parsed = parse_formula(trimmed(rest.substr(0, arrow)), fail);
    const auto [unit_text, digits] = unit_and_digits(trimmed(rest.substr(arrow + 2)), fail);
    const auto unit = parse_target_unit(unit_text, fail);
    const auto estimated = evaluate_estimate(parsed, unit, {}, host, context, fail);
    if (!estimated.reads_figures()) {
        raise(fail, "the formula reads no measured or datasheet figure ({PROBE/POINTER} [UNIT], "
                    "{datasheet:FIELD} [UNIT]); write the result as plain text");
    }
    if (!estimated.value) {
        return {missing_wrapper(estimated.reason, context), context.ui.text("estimate_missing"),
                true, true, estimated.reason};
    }
    return {context.markup.wrapper("inline-value",
                                   {{"estimate", true},
                                    {"title", estimate_title(parsed, estimated, context)},
                                    {"mark", context.ui.text("estimate_mark")}}),
            estimate_text(*estimated.value, unit, digits, context), true, false, ""};
}

} // namespace gpuguide::directives
