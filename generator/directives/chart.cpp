// gg-chart: a ChartSpec from data files or measurements, drawn by gpuguide_charts.
#include "directives/chart_builder.hpp"
#include "directives/chart_strings.hpp"
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuguide::directives {

using nlohmann::json;

charts::Axis ChartBuilder::axis(const char* key) {
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
        body.fail(node["max"], "`max` (" + node["max"].Scalar() + ") must be greater than `min` (" +
                                   node["min"].Scalar() + ")");
    }
    axis.unit = body.text_or(node, "unit", "");
    return axis;
}

// An axis field of a data-file chart, checked against the file's columns.
std::string ChartBuilder::field(const char* key) {
    const auto node = body.root()[key];
    if (!node) {
        body.fail("missing `" + std::string(key) + "` (e.g. " + key + ": {field: year})");
    }
    std::string name = body.text(node, "field");
    check_column(body, node["field"], data(), name);
    return name;
}

const DataFile& ChartBuilder::data() {
    return data_file(body, body.root()["data"], context, body.text(body.root(), "data"));
}

std::string ChartBuilder::record_text(const json& record, const std::string& name) {
    const auto found = record.find(name);
    if (found == record.end() || found->is_null()) {
        return "";
    }
    const auto& value = localized(*found, context.lang);
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// A record's number on an axis; nullopt when the record leaves it out or has null (not
// known). Text or a list there fails: the chart would otherwise lose the record unsaid.
std::optional<double> ChartBuilder::plotted(const json& record, const std::string& name,
                                            const char* axis) {
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
                                         "\" of " + data_path + " has `" + name + "`: " + shown +
                                         "; a chart needs a number there " +
                                         "(or null when it is not known)");
    }
    return found->get<double>(); // JSON numbers are finite: the parser refuses 1e400
}

std::vector<const json*> ChartBuilder::records() {
    std::vector<const json*> list;
    for (const auto& record : data().json.at("records")) {
        list.push_back(&record);
    }
    return list;
}

// Points of a data-file chart grouped into series by `group` (one series when absent).
void ChartBuilder::data_series(const std::string& x_field, const std::string& y_field,
                               bool x_is_label) {
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
std::string ChartBuilder::highlighted_gpu() {
    const std::string host = body.text_or(body.root(), "highlight", "");
    if (host.empty()) {
        return "";
    }
    const auto found =
        lookup(body, body.root()["highlight"], context, host, {"gpu.specs", "/devices/0/name"});
    return found.value && found.value->is_string() ? found.value->get<std::string>() : "";
}

std::string ChartBuilder::lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool ChartBuilder::same_gpu(const std::string& record_name, const std::string& gpu_name) {
    const auto a = lower(record_name), b = lower(gpu_name);
    return !a.empty() && (b.find(a) != std::string::npos || a.find(b) != std::string::npos);
}

bool has_points(const charts::ChartSpec& spec) {
    return spec.roofline.has_value() ||
           std::any_of(spec.series.begin(), spec.series.end(),
                       [](const auto& s) { return !s.points.empty(); });
}

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
                : missing_line(context.ui.fill("chart_no_data", {spec.title}), context);
        return {context.markup.partial("chart-unmeasured", {{"id", spec.id}, {"line_html", line}}),
                false};
    }
    return {charts::render_figure(spec, chart_strings(context.ui), context.markup) +
                builder.notes.html() + builder.extra_notes,
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
