#pragma once
/// gg-chart's builder (chart.cpp: axes, data-file charts, the directive; chart_measured.cpp:
/// measured series and the roofline): not a public interface.
#include "charts/chart.hpp"
#include "directives/catalogue.hpp"
#include "directives/internal.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::directives {

/// Builds one chart's ChartSpec from its directive body, with the notes and the missing-figures
/// line that go under it.
struct ChartBuilder {
    using json = nlohmann::json;

    const Body& body;
    const Context& context;
    charts::ChartSpec spec;
    ProvenanceNotes notes;
    bool measured = false;
    bool any_unmeasured = false;
    MissingFigures missing;  // why the values that did not come are missing
    std::string extra_notes; // what the dashed roofs are (datasheet, or peaks derived from clocks)
    std::optional<std::string> host_; // the chart's `this`, named once for the whole chart

    // The host word `this` stands for in this chart (Store::unit_host): a GPU-less build draws
    // the reference's figures, its CPU's too, so that one chart compares one machine.
    const std::string& chart_host();

    std::string host_of(const YAML::Node& node);

    charts::Axis axis(const char* key);

    // An axis field of a data-file chart, checked against the file's columns.
    std::string field(const char* key);

    const DataFile& data();

    // A measured number through the store, in the axis' unit when the axis names one (a CPU's
    // GFLOP/s and a GPU's TFLOP/s on one bar chart); nullopt (and a note) when not measured.
    std::optional<double> measured_number(const YAML::Node& near, const std::string& host,
                                          const std::string& reference,
                                          const std::string& axis_unit = "");

    // Converts a metric's number to the axis unit; a unit that cannot be converted fails the
    // build rather than drawing bars 1000x off.
    std::optional<double> in_axis_unit(const YAML::Node& near, const json& metric,
                                       std::optional<double> number, const std::string& axis_unit);

    // A theoretical peak: drawn when the document has it (the probe may not know the chip).
    std::optional<double> optional_number(const std::string& host, const std::string& reference);

    std::string record_text(const json& record, const std::string& name);

    // A record's number on an axis; nullopt when the record leaves it out or has null (not
    // known). Text or a list there fails: the chart would otherwise lose the record unsaid.
    std::optional<double> plotted(const json& record, const std::string& name, const char* axis);

    std::vector<const json*> records();

    // Points of a data-file chart grouped into series by `group` (one series when absent).
    void data_series(const std::string& x_field, const std::string& y_field, bool x_is_label);

    // `highlight: this` marks the record whose name matches this machine's GPU.
    std::string highlighted_gpu();

    static std::string lower(std::string text);

    static bool same_gpu(const std::string& record_name, const std::string& gpu_name);

    // A line's `x:`/`y:` names a member of the points; a misspelt one would draw nothing, unsaid.
    void check_members(const YAML::Node& node, const json& points, const std::string& member,
                       const char* key);

    void measured_series(bool line);

    void roofline();

    static std::optional<double> datasheet_number(const CatalogueGpu& gpu,
                                                  const std::string& field);

    // Dashed roofs from clocks: which clock they assume.
    std::string derived_note(const std::string& host);
};

/// Whether the spec has anything to draw.
bool has_points(const charts::ChartSpec& spec);

} // namespace gpuguide::directives
