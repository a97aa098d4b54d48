// gg-table: rows x columns, each column a host (measured) or a data-file record (catalogue).
// Every cell says what its figure is (measure/figure.hpp): measured here, a reference host's, a
// peak derived from clocks, a datasheet figure; the view model carries the kind of each cell,
// and the table template renders the cells, the missing-figures line and the notes.
#include "directives/measured_table.hpp"

#include "directives/catalogue.hpp"
#include "measure/figure.hpp"
#include "measure/number_text.hpp"

#include <algorithm>
#include <optional>
#include <set>

namespace gpuguide::directives {
namespace {

using namespace table;

Cell measured_cell(const MeasuredValue& found, const std::string& pointer, const Context& context,
                   bool with_unit) {
    const auto kind = measure::figure_kind(found.result, pointer);
    Cell cell{plain_cell("", measure::kind_name(kind).data(),
                         measure::provenance_text(found.result, context.ui)),
              found.result, found.value != nullptr, kind == measure::FigureKind::DerivedPeak};
    auto& view = cell.view;
    if (found.value == nullptr) {
        view["text"] = context.ui.text("not_measured");
        view["title"] = probe_reason_text(context, found.result.reason());
        return cell;
    }
    if (cell.derived_peak) {
        view["title"] = measure::derived_peak_text(found.result, pointer, context.ui) +
                        context.ui.text("provenance_separator") + view["title"].get<std::string>();
    }
    const auto formatted = measure::format_value(*found.value, context.ui);
    const auto number = measure::numeric(*found.value);
    // The record form's row labels name the unit, as the record columns beside it do.
    view["text"] =
        with_unit || !number ? formatted.text : measure::format_number(*number, context.ui);
    view["numeric"] = formatted.number.has_value();
    return cell;
}

// A row's `datasheet: FIELD` without a value, in a host column: the catalogue's figure for the
// GPU that host measured.
Cell datasheet_cell(const Body& body, const YAML::Node& row, const Column& column,
                    const Context& context, bool with_unit) {
    const auto field = body.text(row, "datasheet");
    const measure::HostDocument* document = nullptr;
    try {
        document = context.store.document(column.host);
    } catch (const measure::LookupError& error) {
        body.fail(row["datasheet"], error.what());
    }
    const auto gpu = catalogue_gpu(context, document);
    if (!gpu) {
        return {plain_cell("—", "missing", no_catalogue_reason(context, document)), {}, false};
    }
    check_column(body, row["datasheet"], *gpu->data, field);
    const auto metric = datasheet_metric(*gpu, field);
    if (!metric) {
        return {
            plain_cell("—", "missing", context.ui.fill("datasheet_no_field", {gpu->name, field})),
            {},
            false};
    }
    const auto text = with_unit ? measure::format_value(*metric, context.ui).text
                                : measure::format_number(*measure::numeric(*metric), context.ui);
    return {plain_cell(text, "datasheet", datasheet_title(*gpu, context), true), {}, true};
}

// A row's `share_of: FIELD` beside its `value:`: the measured figure as a share of the catalogue's
// FIELD for the GPU its host measured ("73.1 %"), a figure of its host's kind whose title names
// both numbers, so the ratio never reads as a datasheet figure or a measurement of its own.
Cell share_cell(const Body& body, const YAML::Node& row, const MeasuredValue& found,
                const std::string& pointer, const Context& context) {
    auto cell = measured_cell(found, pointer, context, true);
    if (found.value == nullptr) {
        return cell;
    }
    const auto field = body.text(row, "share_of");
    const auto gpu = catalogue_gpu(context, found.result.document);
    if (!gpu) {
        // No result: the gap is the catalogue's, not a measurement missing (no collapse).
        return {plain_cell("—", "missing", no_catalogue_reason(context, found.result.document)),
                {},
                false};
    }
    check_column(body, row["share_of"], *gpu->data, field);
    const auto peak = datasheet_metric(*gpu, field);
    if (!peak) {
        return {
            plain_cell("—", "missing", context.ui.fill("datasheet_no_field", {gpu->name, field})),
            {},
            false};
    }
    const auto measured = measure::numeric(*found.value);
    const auto in_peak_unit = measured
                                  ? measure::convert_unit(*measured, measure::unit_of(*found.value),
                                                          measure::unit_of(*peak))
                                  : std::nullopt;
    if (!in_peak_unit) {
        body.fail(row["share_of"], "the figure at `" + pointer + "` is in " +
                                       measure::unit_of(*found.value) + ", the datasheet's " +
                                       field + " in " + measure::unit_of(*peak) +
                                       ": a share needs figures of one kind");
    }
    const double share = 100.0 * *in_peak_unit / measure::numeric(*peak).value_or(1.0);
    cell.view["text"] = measure::format_number(share, context.ui) + " %";
    cell.view["title"] =
        context.ui.fill("share_title", {measure::format_value(*found.value, context.ui).text,
                                        measure::format_value(*peak, context.ui).text, gpu->name}) +
        context.ui.text("provenance_separator") + cell.view["title"].get<std::string>();
    return cell;
}

std::vector<Column> host_form_columns(const Body& body, const Context& context) {
    std::vector<Column> columns;
    for (const auto& word :
         body.words(body.root(), body.root()["hosts"] ? "hosts" : "host", {kThisHost})) {
        for (const auto& host : context.store.expand_hosts(word)) {
            Column column; // not `{.host = host}`: GCC 12 warns of the members left out
            column.host = host;
            columns.push_back(std::move(column));
        }
    }
    return columns;
}

std::vector<Column> record_form_columns(const Body& body, const Context& context) {
    std::vector<Column> columns;
    for (const auto& node : body.list(body.root(), "columns")) {
        body.allow_only(node, {"record", "host", "device", "label"});
        Column column;
        column.labelled = static_cast<bool>(node["label"]);
        column.label = body.text_or(node, "label", "");
        if (node["record"]) {
            const auto ref = record_at(body, node["record"], context, body.text(node, "record"));
            column.record = ref.record;
            const json name_field = column.record->value("name", json(ref.key));
            const auto& name = localized(name_field, context.lang);
            if (!column.labelled) {
                column.label = name.is_string() ? name.get<std::string>() : "/" + ref.key;
            }
        } else {
            column.host = body.text(node, "host");
            column.device = body.text(node, "device");
            if (column.device != "cpu" && column.device != "gpu") {
                body.fail(node["device"], "`device` must be cpu or gpu");
            }
        }
        columns.push_back(std::move(column));
    }
    return columns;
}

// The probe a row reads in a column (host form: the row's or the table's; record form: the
// column's device's reference), or "" when the row has no figure for it.
ProbePath row_path(const Body& body, const YAML::Node& row, const Column& column,
                   const std::string& table_probe) {
    if (!column.device.empty()) {
        return row[column.device] ? split_probe_path(body.text(row, column.device)) : ProbePath{};
    }
    if (!row["value"]) {
        return {};
    }
    ProbePath path{body.text_or(row, "probe", table_probe), body.text(row, "value")};
    if (path.probe.empty()) {
        body.fail(row, "no `probe:` for this row (give the table or the row one)");
    }
    return path;
}

// The kind of a host column's figures: this machine's, the reference's or a fleet node's.
measure::FigureKind host_kind(const Context& context, const std::string& host) {
    const measure::HostDocument* document = nullptr;
    try {
        document = context.store.document(host);
    } catch (const measure::LookupError&) { // the column's lookups report it, with file:line
    }
    if (document == nullptr || document->origin == measure::Origin::Measured) {
        return measure::FigureKind::Measured;
    }
    return document->origin == measure::Origin::Fleet ? measure::FigureKind::Fleet
                                                      : measure::FigureKind::Reference;
}

// `this` names one machine for the whole table (Store::unit_host), and host columns not labelled
// by the author are labelled by the kind of their host: "This machine", "GPU of reference-h200
// (reference)".
void name_hosts(const Body& body, const Context& context, std::vector<Column>& columns,
                const std::string& table_probe) {
    std::set<std::string> keys;
    for (const auto& column : columns) {
        for (const auto& row : body.list(body.root(), "rows")) {
            if (measure::is_host_word(column.host, measure::HostWord::This)) {
                if (const auto path = row_path(body, row, column, table_probe);
                    !path.probe.empty()) {
                    keys.insert(path.probe);
                }
                if (row["datasheet"] && !row["value"] && column.device.empty()) {
                    keys.insert("gpu.specs"); // the datasheet of this host's GPU
                }
            }
        }
    }
    const auto host = context.store.unit_host(kThisHost, keys);
    for (auto& column : columns) {
        if (column.record != nullptr) {
            column.kind = "record";
            continue;
        }
        const auto part = host_part(column);
        if (measure::is_host_word(column.host, measure::HostWord::This) &&
            !measure::is_host_word(host, measure::HostWord::This)) {
            column.asked_label = column.labelled
                                     ? column.label
                                     : context.store.host_label(kThisHost, part, context.ui);
            column.host = host;
            column.stands_in = true;
        }
        if (!column.labelled) {
            column.label = context.store.host_label(column.host, part, context.ui);
        }
        column.kind = std::string(measure::kind_name(host_kind(context, column.host)));
    }
}

// `datasheet: gpus/h200` on the table: the catalogue record whose datasheet figures stand in for
// a reference column nobody has measured yet; each row names its field (`datasheet: field`).
struct StandInDatasheet {
    const DataFile* data = nullptr;
    const json* record = nullptr;
    std::string name; // the record's name in the page's language

    StandInDatasheet(const Body& body, const Context& context) {
        const auto& root = body.root();
        if (!root["datasheet"]) {
            return;
        }
        const auto ref = record_at(body, root["datasheet"], context, body.text(root, "datasheet"),
                                   " (write `datasheet: FILE/KEY`, e.g. datasheet: gpus/h100-sxm)");
        data = ref.data;
        record = ref.record;
        const json name_field = record->value("name", json(ref.key)); // outlives `label`
        const auto& label = localized(name_field, context.lang);
        name = label.is_string() ? label.get<std::string>() : ref.key;
    }

    // The row's field, formatted like the column it stands in for; "—" where there is none.
    json cell(const Body& body, const YAML::Node& row, const Context& context,
              bool with_unit) const {
        if (!row["datasheet"] || (data == nullptr && !row["value"])) {
            return plain_cell("—", "datasheet");
        }
        const auto field = body.text(row, "datasheet");
        if (data == nullptr) {
            body.fail(row["datasheet"], "a row's `datasheet:` beside a `value:` needs the table's "
                                        "`datasheet:` record (e.g. datasheet: gpus/h100-sxm)");
        }
        check_column(body, row["datasheet"], *data, field);
        const auto found = record->find(field);
        if (found == record->end() || !found->is_number()) {
            return plain_cell("—", "datasheet");
        }
        const json metric{{"value", *found}, {"unit", column_unit(*data, field)}};
        return plain_cell(with_unit ? measure::format_value(metric, context.ui).text
                                    : measure::format_number(found->get<double>(), context.ui),
                          "datasheet", context.ui.text("datasheet_title"), true);
    }

    json note(const Context& context) const {
        const json title_field = data->json.value("title", json(""));
        const auto& title = localized(title_field, context.lang);
        return {{"kind", "datasheet"},
                {"text", context.ui.fill("datasheet_note",
                                         {name, title.is_string() ? title.get<std::string>() : "",
                                          data->json.value("as_of", std::string("—"))})}};
    }
};

// Every cell of the table, rows x columns.
Grid fill_grid(const Body& body, const Context& context, const std::vector<Column>& columns,
               const std::string& table_probe, bool record_form) {
    Grid grid;
    for (const auto& row : body.list(body.root(), "rows")) {
        std::vector<Cell> cells;
        for (const auto& column : columns) {
            if (column.record != nullptr) {
                const std::string field = body.text_or(row, "field", "");
                const auto found = column.record->find(field);
                cells.push_back(
                    field.empty() || found == column.record->end() || found->is_null()
                        ? Cell{plain_cell("—", "missing"), {}, false}
                        : Cell{plain_cell(measure::format_value(localized(*found, context.lang),
                                                                context.ui)
                                              .text,
                                          "record", "", found->is_number()),
                               {},
                               false});
                continue;
            }
            const auto path = row_path(body, row, column, table_probe);
            if (path.probe.empty()) {
                cells.push_back(row["datasheet"] && !record_form
                                    ? datasheet_cell(body, row, column, context, true)
                                    : Cell{plain_cell("—", "missing"), {}, false});
                continue;
            }
            const auto& near = record_form ? row[column.device] : row["value"];
            const auto found = lookup(body, near, context, column.host, path);
            cells.push_back(!record_form && row["share_of"]
                                ? share_cell(body, row, found, path.pointer, context)
                                : measured_cell(found, path.pointer, context, !record_form));
        }
        grid.push_back(std::move(cells));
    }
    return grid;
}

// Each row names only its form's keys, and has a figure to show.
void check_rows(const Body& body, bool record_form) {
    for (const auto& row : body.list(body.root(), "rows")) {
        body.allow_only(
            row, record_form ? std::vector<std::string>{"label", "field", "cpu", "gpu", "datasheet"}
                             : std::vector<std::string>{"label", "value", "probe", "datasheet",
                                                        "share_of"});
        if (!record_form && row["share_of"] && !row["value"]) {
            body.fail(row["share_of"], "`share_of:` sets a row's `value:` against the datasheet; "
                                       "give the row a `value:` (e.g. value: "
                                       "/devices/0/precisions/bf16/best)");
        }
        if (!record_form && !row["value"] && !row["datasheet"]) {
            body.fail(row,
                      "a row needs `value:` (a measured figure) or `datasheet:` (the catalogue's "
                      "figure for each column's GPU)");
        }
    }
}

} // namespace

BlockHtml measured_table(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root,
                    {"title", "probe", "hosts", "host", "rows", "columns", "caption", "datasheet"});
    const bool record_form = static_cast<bool>(root["columns"]);
    check_rows(body, record_form);
    const std::string table_probe = body.text_or(root, "probe", "");
    auto columns =
        record_form ? record_form_columns(body, context) : host_form_columns(body, context);
    name_hosts(body, context, columns, table_probe);
    auto grid = fill_grid(body, context, columns, table_probe, record_form);

    const StandInDatasheet stand_in(body, context);
    std::vector<json> stand_in_cells;
    json labels = json::array();
    for (const auto& row : body.list(root, "rows")) {
        stand_in_cells.push_back(stand_in.cell(body, row, context, !record_form));
        labels.push_back(body.text(row, "label"));
    }
    const bool stand_in_figures =
        std::any_of(stand_in_cells.begin(), stand_in_cells.end(),
                    [](const json& cell) { return cell["numeric"].get<bool>(); });
    const Layout layout = choose_columns(columns, grid, stand_in_figures, context);

    auto [header, rows] =
        header_and_rows(layout, columns, grid, stand_in_cells,
                        ui::fill(context.ui.text("datasheet"), {stand_in.name}), labels);
    const std::string title = body.text_or(root, "title", "");
    auto notes = table_notes(layout, grid, context);
    if (std::find(layout.shown.begin(), layout.shown.end(), -1) != layout.shown.end()) {
        notes.push_back(stand_in.note(context));
    }
    const bool table = !layout.shown.empty() && !rows.empty();
    if (!table) { // nothing left to tabulate: the line alone stands for the table
        notes = json::array();
    }
    const bool measured = std::any_of(notes.begin(), notes.end(), [](const json& note) {
        return note["kind"] != "datasheet" && note["kind"] != "derived-peak";
    });
    const auto missing =
        layout.missing.table_text(title, layout.missing_labels, layout.missing_phrases, context);
    json view{{"title", title},
              {"caption", body.text_or(root, "caption", "")},
              {"lang", context.lang},
              {"columns", std::move(header)},
              {"rows", rows},
              {"measured", measured},
              {"missing", missing},
              {"missing_line", missing.empty() ? json() : json{{"text", missing}}}, // its partial
              {"notes", std::move(notes)},
              {"table", table}};
    return {context.render_table("measured-table", view), measured};
}

} // namespace gpuguide::directives
