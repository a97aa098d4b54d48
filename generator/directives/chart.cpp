// gg-chart: a ChartSpec from data files or measurements, drawn by gpuguide_charts.
#include "charts/chart.hpp"

#include "directives/catalogue.hpp"
#include "directives/chart_strings.hpp"
#include "directives/internal.hpp"
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuguide::directives {
namespace {

using nlohmann::json;

struct ChartBuilder {
    const Body& body;
    const Context& context;
    charts::ChartSpec spec;
    ProvenanceNotes notes;
    bool measured = false;
    bool any_unmeasured = false;
    MissingFigures missing; // why the values that did not come are missing
    std::string extra_notes; // what the dashed roofs are (datasheet, or peaks derived from clocks)
    std::optional<std::string> host_; // the chart's `this`, named once for the whole chart

    // The host word `this` stands for in this chart (Store::unit_host): a GPU-less build draws
    // the reference's figures, its CPU's too, so that one chart compares one machine.
    const std::string& chart_host() {
        if (!host_) {
            const auto& root = body.root();
            std::set<std::string> keys;
            if (body.text(root, "type") == "roofline") {
                keys = {"gpu.stream", "gpu.gemm", "gpu.specs"};
            }
            if (root["series"] && root["series"].IsSequence()) {
                for (const auto& node : root["series"]) {
                    const auto host = node["host"] ? node["host"].Scalar() : "this";
                    for (const char* key : {"value", "points"}) {
                        if (host == "this" && node[key] && node[key].IsScalar()) {
                            keys.insert(split_probe_path(node[key].Scalar()).probe);
                        }
                    }
                }
            }
            const std::string word = body.text_or(root, "host", "this");
            host_ = word == "this" ? context.store.unit_host(word, keys) : word;
            // Asked of this machine, answered by the reference: this build has no GPU figures.
            missing.no_gpu_here = missing.no_gpu_here || *host_ != word;
        }
        return *host_;
    }

    std::string host_of(const YAML::Node& node) {
        const std::string word = node["host"] ? body.text(node, "host") : "this";
        return word == "this" ? chart_host() : word;
    }

    charts::Axis axis(const char* key) {
        charts::Axis axis;
        const auto node = body.root()[key];
        if (!node) {
            return axis;
        }
        body.allow_only(node, {"field", "label", "log", "min", "max", "unit"});
        axis.label = body.text_or(node, "label", body.text_or(node, "field", ""));
        axis.log = body.flag(node, "log");
        // Fixed ends: finite, in order, and above 0 on a log axis (log 0 has no place on it).
        constexpr numbers::Rule kLinearEnd{};
        constexpr numbers::Rule kLogEnd{.min = 0, .above_min = true};
        const auto& end_rule = axis.log ? kLogEnd : kLinearEnd;
        const std::string whose = axis.log ? " of a log axis" : "";
        axis.min = body.number(node, "min", end_rule, whose);
        axis.max = body.number(node, "max", end_rule, whose);
        if (axis.min && axis.max && !(*axis.min < *axis.max)) {
            body.fail(node["max"], "`max` (" + node["max"].Scalar() +
                                       ") must be greater than `min` (" + node["min"].Scalar() +
                                       ")");
        }
        axis.unit = body.text_or(node, "unit", "");
        return axis;
    }

    // An axis field of a data-file chart, checked against the file's columns.
    std::string field(const char* key) {
        const auto node = body.root()[key];
        if (!node) {
            body.fail("missing `" + std::string(key) + "` (e.g. " + key + ": {field: year})");
        }
        std::string name = body.text(node, "field");
        check_column(body, node["field"], data(), name);
        return name;
    }

    const DataFile& data() {
        return data_file(body, body.root()["data"], context, body.text(body.root(), "data"));
    }

    // A measured number through the store, in the axis' unit when the axis names one (a CPU's
    // GFLOP/s and a GPU's TFLOP/s on one bar chart); nullopt (and a note) when not measured.
    std::optional<double> measured_number(const YAML::Node& near, const std::string& host,
                                          const std::string& reference,
                                          const std::string& axis_unit = "") {
        const auto found = lookup(body, near, context, host, split_probe_path(reference));
        notes.add(found.result, context.ui);
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
    std::optional<double> in_axis_unit(const YAML::Node& near, const json& metric,
                                       std::optional<double> number, const std::string& axis_unit) {
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
    std::optional<double> optional_number(const std::string& host, const std::string& reference) {
        const auto path = split_probe_path(reference);
        try {
            const auto result = context.store.probe(host, path.probe);
            const auto* value = context.store.value(result, path.pointer);
            return value ? measure::numeric(*value) : std::nullopt;
        } catch (const measure::LookupError&) {
            return std::nullopt;
        }
    }

    std::string record_text(const json& record, const std::string& name) {
        const auto found = record.find(name);
        if (found == record.end() || found->is_null()) {
            return "";
        }
        const auto& value = localized(*found, context.lang);
        return value.is_string() ? value.get<std::string>() : value.dump();
    }

    // A record's number on an axis; nullopt when the record leaves it out or has null (not
    // known). Text or a list there fails: the chart would otherwise lose the record unsaid.
    std::optional<double> plotted(const json& record, const std::string& name, const char* axis) {
        const auto found = record.find(name);
        if (found == record.end() || found->is_null()) {
            return std::nullopt;
        }
        if (!found->is_number()) {
            const auto data_path = data().path.generic_string();
            auto shown = found->dump(-1, ' ', true); // ASCII: safe to shorten
            if (shown.size() > 60) {
                shown = shown.substr(0, 57) + "...";
            }
            body.fail(body.root()[axis], "record \"" + record_text(record, data().key_field) +
                                             "\" of " + data_path + " has `" + name +
                                             "`: " + shown + "; a chart needs a number there " +
                                             "(or null when it is not known)");
        }
        return found->get<double>(); // JSON numbers are finite: the parser refuses 1e400
    }

    std::vector<const json*> records() {
        std::vector<const json*> list;
        for (const auto& record : data().json.at("records")) {
            list.push_back(&record);
        }
        return list;
    }

    // Points of a data-file chart grouped into series by `group` (one series when absent).
    void data_series(const std::string& x_field, const std::string& y_field, bool x_is_label) {
        const std::string group = body.text_or(body.root(), "group", "");
        const std::string label = body.text_or(body.root(), "label", "name");
        for (const char* key : {"group", "label"}) {
            if (body.root()[key]) {
                check_column(body, body.root()[key], data(), body.text(body.root(), key));
            }
        }
        const std::string highlight_name = highlighted_gpu();
        std::map<std::string, charts::Series> by_group; // sorted: deterministic colours
        for (const json* record : records()) {
            const auto y = plotted(*record, y_field, "y");
            if (!y) {
                continue;
            }
            charts::Point point;
            point.y = *y;
            point.label = record_text(*record, label);
            if (!x_is_label) {
                const auto x = plotted(*record, x_field, "x");
                if (!x) {
                    continue;
                }
                point.x = *x;
            }
            point.highlight = !highlight_name.empty() && same_gpu(point.label, highlight_name);
            const std::string key = group.empty() ? "" : record_text(*record, group);
            by_group[key].name = key;
            by_group[key].points.push_back(std::move(point));
        }
        for (auto& [name, series] : by_group) {
            if (!x_is_label) {
                std::stable_sort(series.points.begin(), series.points.end(),
                                 [](const auto& a, const auto& b) { return a.x < b.x; });
            }
            spec.series.push_back(std::move(series));
        }
    }

    // `highlight: this` marks the record whose name matches this machine's GPU.
    std::string highlighted_gpu() {
        const std::string host = body.text_or(body.root(), "highlight", "");
        if (host.empty()) {
            return "";
        }
        const auto found =
            lookup(body, body.root()["highlight"], context, host, {"gpu.specs", "/devices/0/name"});
        return found.value && found.value->is_string() ? found.value->get<std::string>() : "";
    }

    static std::string lower(std::string text) {
        std::transform(text.begin(), text.end(), text.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return text;
    }
    static bool same_gpu(const std::string& record_name, const std::string& gpu_name) {
        const auto a = lower(record_name), b = lower(gpu_name);
        return !a.empty() && (b.find(a) != std::string::npos || a.find(b) != std::string::npos);
    }

    // A line's `x:`/`y:` names a member of the points; a misspelt one would draw nothing, unsaid.
    void check_members(const YAML::Node& node, const json& points, const std::string& member,
                       const char* key) {
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

    void measured_series(bool line) {
        const std::string host = chart_host();
        for (const auto& node : body.list(body.root(), "series")) {
            charts::Series series;
            if (line) {
                body.allow_only(node, {"label", "points", "x", "y", "dashed"});
                series.name = body.text(node, "label");
                series.dashed = body.flag(node, "dashed");
                const auto found = lookup(body, node["points"], context, host,
                                          split_probe_path(body.text(node, "points")));
                notes.add(found.result, context.ui);
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

    void roofline() {
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
        roof.dashed_label = gpu ? context.ui.fill("chart_datasheet", {gpu->name})
                                : context.ui.text("chart_derived");
        for (const auto& precision : body.words(body.root(), "precisions", {"fp32"})) {
            if (!peaks.contains(precision)) {
                body.fail(body.root()["precisions"],
                          "unknown precision \"" + precision +
                              "\" (known: bf16, fp16, fp32, fp64, fp8, int8, tf32)");
            }
            if (auto best = measured_number(
                    near, host, "gpu.gemm/devices/0/precisions/" + precision + "/best")) {
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
            extra_notes = gpu ? "<p class=\"provenance provenance-datasheet\">" +
                                    markdown::escape_html(datasheet_title(*gpu, context)) + "</p>\n"
                              : derived_note(host);
        }
    }

    static std::optional<double> datasheet_number(const CatalogueGpu& gpu, const std::string& field) {
        const auto metric = datasheet_metric(gpu, field);
        return metric ? measure::numeric(*metric) : std::nullopt;
    }

    // Dashed roofs from clocks: which clock they assume.
    std::string derived_note(const std::string& host) {
        try {
            const auto result = context.store.probe(host, "gpu.specs");
            const auto text = measure::derived_peak_text(result, "/devices/0/peak/fp32", context.ui);
            return text.empty() ? ""
                                : "<p class=\"provenance provenance-derived-peak\">" +
                                      markdown::escape_html(
                                          context.ui.fill("derived_peak_note", {text})) +
                                      "</p>\n";
        } catch (const measure::LookupError&) {
            return "";
        }
    }
};

bool has_points(const charts::ChartSpec& spec) {
    return spec.roofline.has_value() ||
           std::any_of(spec.series.begin(), spec.series.end(),
                       [](const auto& s) { return !s.points.empty(); });
}

} // namespace

BlockHtml chart(const Body& body, const Context& context, int chart_number) {
    const auto& root = body.root();
    body.allow_only(root, {"type", "title", "description", "x", "y", "data", "label", "group",
                           "highlight", "series", "host", "precisions"});
    ChartBuilder builder{body, context, {}, {}, false, false, {}, {}, std::nullopt};
    auto& spec = builder.spec;
    const std::string type = body.text(root, "type");
    // Prefixed by the page so that ids stay unique in print.html, which holds every page.
    spec.id = context.id_prefix + "-chart-" + std::to_string(chart_number);
    spec.title = body.text(root, "title");
    spec.description = body.text_or(root, "description", spec.title);
    spec.x = builder.axis("x");
    spec.y = builder.axis("y");
    if (type == "bar") {
        spec.kind = charts::Kind::Bar;
        if (root["series"]) {
            builder.measured_series(false);
        } else {
            builder.data_series("", builder.field("y"), true);
        }
    } else if (type == "line") {
        spec.kind = charts::Kind::Line;
        if (root["series"]) {
            builder.measured_series(true);
        } else {
            builder.data_series(builder.field("x"), builder.field("y"), false);
        }
    } else if (type == "scatter") {
        spec.kind = charts::Kind::Scatter;
        builder.data_series(builder.field("x"), builder.field("y"), false);
    } else if (type == "roofline") {
        spec.kind = charts::Kind::Roofline;
        builder.roofline();
    } else {
        body.fail(root["type"],
                  "unknown chart type \"" + type + "\" (known: bar, line, scatter, roofline)");
    }
    if (!has_points(spec)) {
        // Nothing to draw: one line saying what the chart would show, why, and how to fill it,
        // instead of empty axes (a data-file chart without points says "no data").
        const std::string line =
            builder.any_unmeasured
                ? builder.missing.html(spec.title, context)
                : "<p class=\"figures-missing\">" +
                      markdown::escape_html(spec.title + ": " + context.ui.text("chart_no_data")) +
                      "</p>\n";
        return {"<figure class=\"chart chart-unmeasured\" id=\"" + spec.id + "\">" + line +
                    "</figure>\n",
                false};
    }
    return {charts::render_figure(spec, chart_strings(context.ui)) + builder.notes.html() +
                builder.extra_notes,
            builder.measured};
}

charts::Strings chart_strings(const ui::Strings& strings) {
    charts::Strings out;
    const auto text = [&](const char* key) { return strings.text(key); };
    out.data = text("chart_data");
    out.series = text("chart_series");
    out.label = text("chart_label");
    out.value = text("chart_value");
    out.measured = text("chart_measured");
    out.theoretical = text("chart_theoretical");
    out.roof = text("chart_roof");
    out.ridge_point = text("chart_ridge_point");
    out.memory_roof = text("chart_memory_roof");
    out.intensity_axis = text("chart_intensity_axis");
    out.performance_axis = text("chart_performance_axis");
    out.bar_summary = text("chart_bar_summary");
    out.line_summary = text("chart_line_summary");
    out.scatter_summary = text("chart_scatter_summary");
    out.roofline_summary = text("chart_roofline_summary");
    out.roof_with_ridge = text("chart_roof_with_ridge");
    out.log_scale = text("chart_log_scale");
    out.dropped_log = text("chart_dropped_log");
    out.dropped_invalid = text("chart_dropped_invalid");
    out.outside_range = text("chart_outside_range");
    out.highlighted = text("chart_highlighted");
    out.unlabelled = text("chart_unlabelled");
    out.no_data = text("chart_empty");
    out.list_separator = text("list_separator");
    out.sentence_gap = text("sentence_gap");
    return out;
}

} // namespace gpuguide::directives
