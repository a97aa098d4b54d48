// gg-table: rows x columns, each column a host (measured) or a data-file record (catalogue).
#include "directives/internal.hpp"

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

json measured_cell(const MeasuredValue& found, const Context& context, bool with_unit,
                   ProvenanceNotes& notes) {
    notes.add(found.result, context.lang);
    json cell{{"kind", measure::provenance_kind(found.result)},
              {"title", measure::provenance_text(found.result, context.lang)}};
    if (found.value == nullptr) {
        cell["text"] = not_measured_text(context.lang);
        cell["title"] = found.result.reason();
        cell["numeric"] = false;
        return cell;
    }
    if (with_unit) {
        const auto formatted = measure::format_value(*found.value, context.lang);
        cell["text"] = formatted.text;
        cell["numeric"] = formatted.number.has_value();
    } else { // the row label names the unit, as the record columns beside it do
        const auto number = measure::numeric(*found.value);
        cell["text"] = number ? measure::format_number(*number)
                              : measure::format_value(*found.value, context.lang).text;
        cell["numeric"] = number.has_value();
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
            const auto [file, key] = split_probe_path(body.text(node, "record"));
            // A named node, not a temporary: data_file's result lives in the context, but GCC 14
            // cannot see that and warns (-Wdangling-reference) when the argument is a temporary.
            const YAML::Node record_node = node["record"];
            const auto& data = data_file(body, record_node, context, file);
            const auto found = data.records_by_key.find(key.empty() ? "" : key.substr(1));
            if (found == data.records_by_key.end()) {
                body.fail(node["record"], "no record \"" + key.substr(key.empty() ? 0 : 1) +
                                              "\" in " + data.path.generic_string());
            }
            column.record = found->second;
            const json name_field = column.record->value("name", json(key.substr(1)));
            const auto& name = localized(name_field, context.lang);
            column.label =
                body.text_or(node, "label", name.is_string() ? name.get<std::string>() : key);
        } else {
            column.host = body.text(node, "host");
            column.device = body.text(node, "device");
            if (column.device != "cpu" && column.device != "gpu") {
                body.fail(node["device"], "`device` must be cpu or gpu");
            }
            column.label =
                body.text_or(node, "label", context.store.host_label(column.host, context.lang));
        }
        columns.push_back(std::move(column));
    }
    return columns;
}

} // namespace

BlockHtml measured_table(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"title", "probe", "hosts", "host", "rows", "columns", "caption"});
    const bool record_form = static_cast<bool>(root["columns"]);
    std::vector<Column> columns;
    if (record_form) {
        columns = record_form_columns(body, context);
    } else {
        auto words = body.words(root, root["hosts"] ? "hosts" : "host", {"this"});
        for (const auto& word : words) {
            for (const auto& host : context.store.expand_hosts(word)) {
                columns.push_back(
                    {context.store.host_label(host, context.lang), host, "", nullptr, {}});
            }
        }
    }
    const std::string table_probe = body.text_or(root, "probe", "");
    ProvenanceNotes notes;
    json rows = json::array();
    for (const auto& row_node : body.list(root, "rows")) {
        json cells = json::array();
        if (record_form) {
            body.allow_only(row_node, {"label", "field", "cpu", "gpu"});
        } else {
            body.allow_only(row_node, {"label", "value", "probe"});
        }
        for (const auto& column : columns) {
            if (column.record != nullptr) {
                const std::string field = body.text_or(row_node, "field", "");
                const auto found = column.record->find(field);
                if (field.empty() || found == column.record->end() || found->is_null()) {
                    cells.push_back(missing_cell());
                } else {
                    cells.push_back({{"text", measure::format_value(localized(*found, context.lang),
                                                                    context.lang)
                                                  .text},
                                     {"kind", "record"},
                                     {"title", ""},
                                     {"numeric", found->is_number()}});
                }
                continue;
            }
            ProbePath path;
            if (record_form) {
                if (!row_node[column.device]) {
                    cells.push_back(missing_cell());
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
                                          !record_form, notes));
        }
        rows.push_back({{"label", body.text(row_node, "label")}, {"cells", std::move(cells)}});
    }
    json header = json::array();
    for (const auto& column : columns) {
        header.push_back({{"label", column.label}, {"kind", column.record ? "record" : "host"}});
    }
    const bool measured = !notes.html().empty();
    json view{{"title", body.text_or(root, "title", "")},
              {"caption", body.text_or(root, "caption", "")},
              {"lang", context.lang},
              {"columns", std::move(header)},
              {"rows", std::move(rows)},
              {"measured", measured},
              {"provenance_html", notes.html()}};
    return {context.render_table("measured-table", view), measured};
}

BlockHtml provenance(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"host", "probe"});
    const auto host = body.text_or(root, "host", "this");
    const auto found = lookup(body, root["probe"] ? root["probe"] : root, context, host,
                              {body.text_or(root, "probe", "gpu.specs"), ""});
    return {measure::provenance_html(found.result, context.lang), true};
}

} // namespace gpuguide::directives
