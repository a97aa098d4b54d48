// gg-table: rows x columns, each column a host (measured) or a data-file record (catalogue).
#include "directives/internal.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <optional>

namespace gpuguide::directives {
namespace {

using nlohmann::json;

struct Column {
    std::string label;
    std::string host;   // for host columns
    std::string device; // "cpu" / "gpu" for host columns of the record form, "" otherwise
    const json* record = nullptr;
    YAML::Node node;
};

// A measured cell; `notes` are added later, only for the columns that stay in the table.
struct Cell {
    json view;
    std::optional<measure::ProbeResult> result; // host columns only
    bool not_measured = false;                  // the probe gave no figure (skipped, failed)
};

Cell measured_cell(const MeasuredValue& found, const Context& context, bool with_unit) {
    Cell cell{json{{"kind", measure::provenance_kind(found.result)},
                   {"title", measure::provenance_text(found.result, context.ui)}},
              found.result};
    auto& view = cell.view;
    if (found.value == nullptr) {
        cell.not_measured = true;
        view["text"] = context.ui.text("not_measured");
        view["title"] = found.result.reason();
        view["numeric"] = false;
        return cell;
    }
    if (with_unit) {
        const auto formatted = measure::format_value(*found.value, context.ui);
        view["text"] = formatted.text;
        view["numeric"] = formatted.number.has_value();
    } else { // the row label names the unit, as the record columns beside it do
        const auto number = measure::numeric(*found.value);
        view["text"] = number ? measure::format_number(*number)
                              : measure::format_value(*found.value, context.ui).text;
        view["numeric"] = number.has_value();
    }
    return cell;
}

json missing_cell() {
    return json{{"text", "—"}, {"kind", "missing"}, {"title", ""}, {"numeric", false}};
}

std::vector<Column> record_form_columns(const Body& body, const Context& context) {
    std::vector<Column> columns;
    for (const auto& node : body.list(body.root(), "columns")) {
        body.allow_only(node, {"record", "host", "device", "label"});
        Column column;
        column.node = static_cast<const YAML::Node&>(node);
        if (node["record"]) {
            const auto ref = record_at(body, node["record"], context, body.text(node, "record"));
            column.record = ref.record;
            const json name_field = column.record->value("name", json(ref.key));
            const auto& name = localized(name_field, context.lang);
            column.label = body.text_or(node, "label",
                                        name.is_string() ? name.get<std::string>() : "/" + ref.key);
        } else {
            column.host = body.text(node, "host");
            column.device = body.text(node, "device");
            if (column.device != "cpu" && column.device != "gpu") {
                body.fail(node["device"], "`device` must be cpu or gpu");
            }
            column.label = body.text_or(node, "label",
                                        context.store.host_label(column.host,
                                                                 column.device == "cpu"
                                                                     ? measure::HostPart::Cpu
                                                                     : measure::HostPart::Gpu,
                                                                 context.ui));
        }
        columns.push_back(std::move(column));
    }
    return columns;
}

// `datasheet: gpus/h100-sxm` on the table: the catalogue record whose datasheet figures stand in
// for a reference column nobody has measured yet; each row names its field (`datasheet: field`).
struct Datasheet {
    const DataFile* data = nullptr;
    const json* record = nullptr;
    std::string name; // the record's name in the page's language

    Datasheet(const Body& body, const Context& context) {
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

    // The row's datasheet figure: formatted with the catalogue column's unit (host form) or as a
    // plain number (record form, whose row labels name the unit); "—" where the record has none.
    json cell(const Body& body, const YAML::Node& row, const Context& context,
              bool with_unit) const {
        json view{{"text", "—"}, {"kind", "datasheet"}, {"title", ""}, {"numeric", false}};
        if (!row["datasheet"]) {
            return view;
        }
        const auto field = body.text(row, "datasheet");
        if (data == nullptr) {
            body.fail(row["datasheet"], "a row's `datasheet:` field needs the table's "
                                        "`datasheet:` record (e.g. datasheet: gpus/h100-sxm)");
        }
        check_column(body, row["datasheet"], *data, field);
        const auto found = record->find(field);
        if (found == record->end() || !found->is_number()) {
            return view;
        }
        const json metric{{"value", *found}, {"unit", column_unit(*data, field)}};
        view["text"] = with_unit ? measure::format_value(metric, context.ui).text
                                 : measure::format_number(found->get<double>());
        view["numeric"] = true;
        view["title"] = context.ui.text("datasheet_title");
        return view;
    }

    std::string note_html(const Context& context) const {
        const json title_field = data->json.value("title", json(""));
        const auto& title = localized(title_field, context.lang);
        const auto line = ui::fill(context.ui.text("datasheet_note"),
                                   {name, title.is_string() ? title.get<std::string>() : "",
                                    data->json.value("as_of", std::string("—"))});
        return "<p class=\"provenance provenance-datasheet\">" + markdown::escape_html(line) +
               "</p>\n";
    }
};

} // namespace

BlockHtml measured_table(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root,
                    {"title", "probe", "hosts", "host", "rows", "columns", "caption", "datasheet"});
    const bool record_form = static_cast<bool>(root["columns"]);
    std::vector<Column> columns;
    if (record_form) {
        columns = record_form_columns(body, context);
    } else {
        auto words = body.words(root, root["hosts"] ? "hosts" : "host", {"this"});
        for (const auto& word : words) {
            for (const auto& host : context.store.expand_hosts(word)) {
                columns.push_back(
                    {context.store.host_label(host, measure::HostPart::Machine, context.ui),
                     host,
                     "",
                     nullptr,
                     {}});
            }
        }
    }
    const Datasheet datasheet(body, context);
    const std::string table_probe = body.text_or(root, "probe", "");
    std::vector<std::vector<Cell>> grid; // rows x columns
    std::vector<json> datasheet_cells;   // one per row
    json labels = json::array();
    for (const auto& row_node : body.list(root, "rows")) {
        std::vector<Cell> cells;
        if (record_form) {
            body.allow_only(row_node, {"label", "field", "cpu", "gpu", "datasheet"});
        } else {
            body.allow_only(row_node, {"label", "value", "probe", "datasheet"});
        }
        datasheet_cells.push_back(datasheet.cell(body, row_node, context, !record_form));
        for (const auto& column : columns) {
            if (column.record != nullptr) {
                const std::string field = body.text_or(row_node, "field", "");
                const auto found = column.record->find(field);
                if (field.empty() || found == column.record->end() || found->is_null()) {
                    cells.push_back({missing_cell(), std::nullopt, false});
                } else {
                    cells.push_back(
                        {{{"text",
                           measure::format_value(localized(*found, context.lang), context.ui).text},
                          {"kind", "record"},
                          {"title", ""},
                          {"numeric", found->is_number()}},
                         std::nullopt,
                         false});
                }
                continue;
            }
            ProbePath path;
            if (record_form) {
                if (!row_node[column.device]) {
                    cells.push_back({missing_cell(), std::nullopt, false});
                    continue;
                }
                path = split_probe_path(body.text(row_node, column.device));
            } else {
                path.probe = body.text_or(row_node, "probe", table_probe);
                path.pointer = body.text(row_node, "value");
                if (path.probe.empty()) {
                    body.fail(row_node, "no `probe:` for this row (give the table or the row one)");
                }
            }
            const auto& near = record_form ? row_node[column.device] : row_node["value"];
            cells.push_back(measured_cell(lookup(body, near, context, column.host, path), context,
                                          !record_form));
        }
        grid.push_back(std::move(cells));
        labels.push_back(body.text(row_node, "label"));
    }

    // A host column without a single figure collapses into one line under the table; where it
    // is the reference's and the table names a datasheet record, the datasheet takes its place.
    const auto* reference =
        context.store.references().empty() ? nullptr : &context.store.references().front();
    const bool any_datasheet_figure =
        std::any_of(datasheet_cells.begin(), datasheet_cells.end(),
                    [](const json& cell) { return cell["numeric"].get<bool>(); });
    // A column whose every figure is the reference's stand-in for this build (no GPU here) says
    // nothing new beside the reference's own column: it collapses into the line too, which says
    // that this build has no GPU measurements, instead of repeating the reference's figures under
    // "This machine".
    const bool reference_column_shown = std::any_of(grid.begin(), grid.end(), [&](const auto& row) {
        return std::any_of(row.begin(), row.end(), [&](const Cell& cell) {
            return cell.result && !cell.result->fell_back && cell.result->document == reference &&
                   !cell.not_measured;
        });
    });
    MissingFigures missing;
    std::vector<std::string> missing_labels;
    std::vector<int> shown; // column index, or -1 for the datasheet column
    for (std::size_t c = 0; c < columns.size(); ++c) {
        bool any_figure = false, any_unmeasured = false, from_reference = false;
        bool any_result = false, only_stand_ins = true;
        for (const auto& row : grid) {
            any_figure = any_figure || (row[c].result && !row[c].not_measured);
            any_unmeasured = any_unmeasured || row[c].not_measured;
            from_reference =
                from_reference || (row[c].result && row[c].result->document == reference);
            any_result = any_result || row[c].result.has_value();
            only_stand_ins = only_stand_ins && (!row[c].result || row[c].result->fell_back);
        }
        const bool repeats_reference = reference_column_shown && any_result && only_stand_ins;
        if (columns[c].record != nullptr ||
            (!repeats_reference && (any_figure || !any_unmeasured))) {
            shown.push_back(static_cast<int>(c));
            continue;
        }
        for (const auto& row : grid) {
            if (row[c].result) {
                missing.add(*row[c].result);
            }
        }
        missing_labels.push_back(columns[c].label);
        if (from_reference && !repeats_reference && any_datasheet_figure &&
            std::find(shown.begin(), shown.end(), -1) == shown.end()) {
            shown.push_back(-1);
        }
    }

    ProvenanceNotes notes;
    json header = json::array();
    json rows = json::array();
    for (int c : shown) {
        header.push_back(
            c < 0 ? json{{"label", ui::fill(context.ui.text("datasheet"), {datasheet.name})},
                         {"kind", "datasheet"}}
                  : json{{"label", columns[c].label},
                         {"kind", columns[c].record ? "record" : "host"}});
    }
    for (std::size_t r = 0; r < grid.size(); ++r) {
        json cells = json::array();
        bool holds_a_value = false; // a probe's own value, even a null one shown as "—"
        for (int c : shown) {
            if (c < 0) {
                cells.push_back(datasheet_cells[r]);
                continue;
            }
            auto& cell = grid[r][c];
            if (cell.result) {
                notes.add(*cell.result, context.ui);
                holds_a_value = holds_a_value || !cell.not_measured;
            }
            if (cell.not_measured) { // a gap in a column with figures: a dash, the reason as title
                cell.view["text"] = "—";
            }
            cells.push_back(std::move(cell.view));
        }
        // With a column collapsed, a row left with nothing but gaps ("—" for no figure, no
        // record field, no datasheet field) says nothing the line under the table does not say.
        const bool only_gaps =
            !holds_a_value && std::all_of(cells.begin(), cells.end(),
                                          [](const json& cell) { return cell["text"] == "—"; });
        if (!(only_gaps && !missing_labels.empty())) {
            rows.push_back({{"label", labels[r]}, {"cells", std::move(cells)}});
        }
    }
    const std::string title = body.text_or(root, "title", "");
    const std::string missing_html = missing.table_html(title, missing_labels, context);
    if (shown.empty() || rows.empty()) { // nothing left to tabulate: the line alone
        return {missing_html, false};
    }
    const bool measured = !notes.html().empty();
    const bool with_datasheet = std::find(shown.begin(), shown.end(), -1) != shown.end();
    json view{
        {"title", title},
        {"caption", body.text_or(root, "caption", "")},
        {"lang", context.lang},
        {"columns", std::move(header)},
        {"rows", std::move(rows)},
        {"measured", measured},
        {"missing_html", missing_html},
        {"provenance_html", notes.html() + (with_datasheet ? datasheet.note_html(context) : "")}};
    return {context.render_table("measured-table", view), measured};
}

BlockHtml provenance(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"host", "probe"});
    const auto host = body.text_or(root, "host", "this");
    const auto found = lookup(body, root["probe"] ? root["probe"] : root, context, host,
                              {body.text_or(root, "probe", "gpu.specs"), ""});
    return {measure::provenance_html(found.result, context.ui), true};
}

} // namespace gpuguide::directives
