// gg-chart's measured figures: series read from measurement documents, one host named for the
// whole chart, and the roofline with its datasheet (or clock-derived) roofs.
#include "directives/chart_builder.hpp"
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuguide::directives {

using nlohmann::json;

// The host word `this` stands for in this chart (Store::unit_host): a GPU-less build draws
// the reference's figures, its CPU's too, so that one chart compares one machine.
const std::string& ChartBuilder::chart_host() {
    if (!host_) {
        const auto& root = body.root();
        std::set<std::string> keys;
        if (body.text(root, "type") == "roofline") {
            keys = {"gpu.stream", "gpu.gemm", "gpu.specs"};
        }
        if (root["series"] && root["series"].IsSequence()) {
            for (const auto& node : root["series"]) {
                if (!node.IsMap()) {
                    continue; // reported where the series is read, with its line
                }
                const auto host = node["host"] ? node["host"].Scalar() : kThisHost;
                for (const char* key : {"value", "points"}) {
                    if (measure::is_host_word(host, measure::HostWord::This) && node[key] &&
                        node[key].IsScalar()) {
                        keys.insert(split_probe_path(node[key].Scalar()).probe);
                    }
                }
            }
        }
        const std::string word = body.text_or(root, "host", kThisHost);
        host_ = measure::is_host_word(word, measure::HostWord::This)
                    ? context.store.unit_host(word, keys)
                    : word;
        // Asked of this machine, answered by the reference: this build has no GPU figures.
        missing.no_gpu_here = missing.no_gpu_here || *host_ != word;
    }
    return *host_;
}

std::string ChartBuilder::host_of(const YAML::Node& node) {
    const std::string word = node["host"] ? body.text(node, "host") : kThisHost;
    return measure::is_host_word(word, measure::HostWord::This) ? chart_host() : word;
}

// A measured number through the store, in the axis' unit when the axis names one (a CPU's
// GFLOP/s and a GPU's TFLOP/s on one bar chart); nullopt (and a note) when not measured.
std::optional<double> ChartBuilder::measured_number(const YAML::Node& near, const std::string& host,
                                                    const std::string& reference,
                                                    const std::string& axis_unit) {
    const auto found = lookup(body, near, context, host, split_probe_path(reference));
    notes.add(found.result, context);
    measured = true;
    if (found.value == nullptr) {
        any_unmeasured = true;
        missing.add(found.result);
        return std::nullopt;
    }
    return in_axis_unit(near, *found.value, measure::numeric(*found.value), axis_unit);
}

// Converts a metric's number to the axis unit; a unit that cannot be converted fails the
// build rather than drawing bars 1000x off.
std::optional<double> ChartBuilder::in_axis_unit(const YAML::Node& near, const json& metric,
                                                 std::optional<double> number,
                                                 const std::string& axis_unit) {
    if (!number || axis_unit.empty()) {
        return number;
    }
    const auto unit = measure::unit_of(metric);
    const auto converted = measure::convert_unit(*number, unit, axis_unit);
    if (!converted) {
        body.fail(near, "a value in " + unit + " cannot be drawn on an axis in " + axis_unit +
                            " (give the axis a unit of the same kind, or none)");
    }
    return converted;
}

// A theoretical peak: drawn when the document has it (the probe may not know the chip).
std::optional<double> ChartBuilder::optional_number(const std::string& host,
                                                    const std::string& reference) {
    const auto path = split_probe_path(reference);
    try {
        const auto result = context.store.probe(host, path.probe);
        const auto* value = context.store.value(result, path.pointer);
        return value ? measure::numeric(*value) : std::nullopt;
    } catch (const measure::LookupError&) {
        return std::nullopt;
    }
}

// A line's `x:`/`y:` names a member of the points; a misspelt one would draw nothing, unsaid.
void ChartBuilder::check_members(const YAML::Node& node, const json& points,
                                 const std::string& member, const char* key) {
    const auto has_it = [&](const json& point) { return point.contains(member); };
    if (points.empty() || std::any_of(points.begin(), points.end(), has_it)) {
        return;
    }
    std::string known;
    if (points.front().is_object()) {
        for (const auto& item : points.front().items()) {
            known += (known.empty() ? "" : ", ") + item.key();
        }
    }
    body.fail(node[key], "no member \"" + member + "\" in the points of " +
                             body.text(node, "points") + " (members: " + known + ")");
}

void ChartBuilder::measured_series(bool line) {
    const std::string host = chart_host();
    for (const auto& node : body.list(body.root(), "series")) {
        charts::Series series;
        if (line) {
            body.allow_only(node, {"label", "points", "x", "y", "dashed"});
            series.name = body.text(node, "label");
            series.dashed = body.flag(node, "dashed");
            const auto found = lookup(body, node["points"], context, host,
                                      split_probe_path(body.text(node, "points")));
            notes.add(found.result, context);
            measured = true;
            if (found.value == nullptr) {
                any_unmeasured = true;
                missing.add(found.result);
                continue;
            }
            if (!found.value->is_array()) {
                body.fail(node["points"], "`points` must point to an array");
            }
            const auto x = body.text(node, "x"), y = body.text(node, "y");
            check_members(node, *found.value, x, "x");
            check_members(node, *found.value, y, "y");
            for (const auto& element : *found.value) {
                const auto px = element.contains(x)
                                    ? in_axis_unit(node["points"], element[x],
                                                   measure::numeric(element[x]), spec.x.unit)
                                    : std::nullopt;
                const auto py = element.contains(y)
                                    ? in_axis_unit(node["points"], element[y],
                                                   measure::numeric(element[y]), spec.y.unit)
                                    : std::nullopt;
                if (px && py) {
                    series.points.push_back({*px, *py, "", false});
                }
            }
        } else {
            body.allow_only(node, {"label", "value", "host"});
            const auto value = measured_number(node["value"], host_of(node),
                                               body.text(node, "value"), spec.y.unit);
            if (value) {
                series.points.push_back({0, *value, body.text(node, "label"), false});
            }
        }
        if (line) {
            spec.series.push_back(std::move(series));
        } else {
            if (spec.series.empty()) {
                spec.series.emplace_back();
            }
            for (auto& point : series.points) {
                spec.series.front().points.push_back(std::move(point));
            }
        }
    }
}

void ChartBuilder::roofline() {
    const std::string host = chart_host();
    // precision -> (catalogue column, gpu.specs peak): the dashed roofs come from the GPU's
    // datasheet where the catalogue knows the GPU, else from peaks derived from its clocks.
    static const std::map<std::string, std::pair<std::string, std::string>> peaks{
        {"fp64", {"fp64_tflops", "fp64"}},
        {"fp32", {"fp32_tflops", "fp32"}},
        {"tf32", {"tf32_tensor_tflops", "tf32_tensor"}},
        {"fp16", {"fp16_tensor_tflops", "fp16_tensor"}},
        {"bf16", {"bf16_tensor_tflops", "bf16_tensor"}},
        {"fp8", {"fp8_tensor_tflops", "fp8_tensor"}},
        {"int8", {"int8_tensor_tops", "int8_tensor"}}};
    const auto near = body.root()["host"] ? body.root()["host"] : body.root();
    const auto bandwidth = measured_number(near, host, "gpu.stream/devices/0/triad");
    const measure::HostDocument* document = nullptr;
    try {
        document = context.store.document(host);
    } catch (const measure::LookupError& error) {
        body.fail(near, error.what());
    }
    const auto gpu = catalogue_gpu(context, document);
    charts::Roofline roof;
    roof.memory_bandwidth_gbs = bandwidth.value_or(0);
    roof.dashed_label =
        gpu ? context.ui.fill("chart_datasheet", {gpu->name}) : context.ui.text("chart_derived");
    for (const auto& precision : body.words(body.root(), "precisions", {"fp32"})) {
        if (!peaks.contains(precision)) {
            body.fail(body.root()["precisions"],
                      "unknown precision \"" + precision +
                          "\" (known: bf16, fp16, fp32, fp64, fp8, int8, tf32)");
        }
        if (auto best = measured_number(near, host,
                                        "gpu.gemm/devices/0/precisions/" + precision + "/best")) {
            roof.compute_tflops.push_back({precision, *best, false});
        }
        const auto& [field, peak] = peaks.at(precision);
        if (auto dashed = gpu ? datasheet_number(*gpu, field)
                              : optional_number(host, "gpu.specs/devices/0/peak/" + peak)) {
            roof.compute_tflops.push_back({precision, *dashed, true});
        }
    }
    roof.theoretical_bandwidth_gbs =
        gpu ? datasheet_number(*gpu, "bandwidth_gbs")
            : optional_number(host, "gpu.specs/devices/0/peak/memory_bandwidth");
    if (bandwidth && !roof.compute_tflops.empty()) {
        spec.roofline = std::move(roof);
        extra_notes =
            gpu ? measure::provenance_line(measure::kind_name(measure::FigureKind::Datasheet),
                                           datasheet_title(*gpu, context), context.markup)
                : derived_note(host);
    }
}

std::optional<double> ChartBuilder::datasheet_number(const CatalogueGpu& gpu,
                                                     const std::string& field) {
    const auto metric = datasheet_metric(gpu, field);
    return metric ? measure::numeric(*metric) : std::nullopt;
}

// Dashed roofs from clocks: which clock they assume.
std::string ChartBuilder::derived_note(const std::string& host) {
    try {
        const auto result = context.store.probe(host, "gpu.specs");
        const auto text = measure::derived_peak_text(result, "/devices/0/peak/fp32", context.ui);
        return text.empty()
                   ? ""
                   : measure::provenance_line(measure::kind_name(measure::FigureKind::DerivedPeak),
                                              context.ui.fill("derived_peak_note", {text}),
                                              context.markup);
    } catch (const measure::LookupError&) {
        return "";
    }
}

} // namespace gpuguide::directives
