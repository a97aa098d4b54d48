// gg-estimate: rows (models, runs) x estimates x host columns, each cell a formula evaluated from
// that host's measured figures; a host column with no figure at all collapses like gg-table's.
#include "directives/estimate.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>

namespace gpuguide::directives {
namespace {

using nlohmann::json;

struct Estimate {
    std::string label;
    formula::Formula formula;
    formula::Unit unit;
    std::string negative; // text shown instead of a negative result ("does not fit"), or ""
    YAML::Node node;
};

struct Row {
    std::string label;
    Constants constants; // the table's, with the row's `with:` over them
    std::string with;    // "params = 8.03e9 [param], ..." for the cells' titles
    YAML::Node node;
};

Constants read_constants(const Body& body, const YAML::Node& map, const std::string& key,
                         Constants constants) {
    const auto node = map[key];
    if (!node) {
        return constants;
    }
    if (!node.IsMap()) {
        body.fail(node, "`" + key + "` must map names to formulas, e.g. {params: 8.03e9 [param]}");
    }
    for (const auto& item : node) {
        const std::string name = item.first.Scalar();
        const bool word = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                   c == '_';
        }) && !(name[0] >= '0' && name[0] <= '9');
        if (!item.first.IsScalar() || !word) {
            body.fail(item.first, "a constant's name is a word of letters, digits and _ "
                                  "(not starting with a digit), not `" +
                                      name + "`");
        }
        if (!item.second.IsScalar()) {
            body.fail(item.second, "constant `" + name + "` must be a formula (text)");
        }
        constants[name] = item.second.Scalar();
    }
    return constants;
}

std::vector<Estimate> read_estimates(const Body& body) {
    std::vector<Estimate> estimates;
    for (const auto& node : body.list(body.root(), "estimates")) {
        body.allow_only(node, {"label", "formula", "unit", "negative"});
        const FailAt fail = [&](const std::string& message) {
            body.fail(node["formula"], message);
        };
        auto parsed = parse_formula(body.text(node, "formula"), fail);
        auto unit = parse_target_unit(body.text(node, "unit"), [&](const std::string& message) {
            body.fail(node["unit"], message);
        });
        estimates.push_back({body.text(node, "label"), std::move(parsed), std::move(unit),
                             body.text_or(node, "negative", ""),
                             static_cast<const YAML::Node&>(node)});
    }
    return estimates;
}

std::vector<Row> read_rows(const Body& body, const Constants& table) {
    std::vector<Row> rows;
    for (const auto& node : body.list(body.root(), "rows")) {
        body.allow_only(node, {"label", "with"});
        Row row{body.text(node, "label"), read_constants(body, node, "with", table), "",
                static_cast<const YAML::Node&>(node)};
        if (node["with"]) {
            for (const auto& item : node["with"]) {
                row.with += (row.with.empty() ? "" : ", ") + item.first.Scalar() + " = " +
                            item.second.Scalar();
            }
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

// One evaluated cell; `estimated` keeps the sources for notes and the missing line.
struct Cell {
    json view;
    Estimated estimated;
};

Cell evaluate_cell(const Estimate& estimate, const Row& row, const std::string& host,
                   const Body& body, const Context& context) {
    const FailAt fail = [&](const std::string& message) {
        body.fail(row.node, "`" + estimate.label + "`: " + message);
    };
    Cell cell{
        {}, evaluate_estimate(estimate.formula, estimate.unit, row.constants, host, context, fail)};
    const auto& value = cell.estimated.value;
    const std::string extra = row.with.empty() ? "" : " (" + row.with + ")";
    cell.view = {{"kind", cell.estimated.uses_measurement ? "estimate" : "record"},
                 {"title", estimate_title(estimate.formula, cell.estimated, context, extra)},
                 {"numeric", value.has_value()}};
    if (!value) {
        cell.view["text"] = "—";
        cell.view["title"] = cell.estimated.reason;
        cell.view["numeric"] = false;
    } else if (*value < 0 && !estimate.negative.empty()) {
        cell.view["text"] = estimate.negative;
        cell.view["numeric"] = false;
    } else {
        cell.view["text"] = estimate_text(*value, estimate.unit);
    }
    return cell;
}

} // namespace

BlockHtml estimate_table(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"title", "caption", "host", "hosts", "constants", "estimates", "rows"});
    const auto estimates = read_estimates(body);
    const auto rows = read_rows(body, read_constants(body, root, "constants", {}));
    std::vector<std::string> hosts;
    for (const auto& word : body.words(root, root["hosts"] ? "hosts" : "host", {"this"})) {
        try {
            for (const auto& host : context.store.expand_hosts(word)) {
                hosts.push_back(host);
            }
        } catch (const measure::LookupError& error) {
            body.fail(root[root["hosts"] ? "hosts" : "host"], error.what());
        }
    }

    // Columns: an estimate that reads no measured figure (a weight size from constants) is one
    // column; every other estimate gets one column per host.
    struct Column {
        std::string label;
        std::size_t estimate;
        std::string host;
        std::vector<Cell> cells; // one per row
        bool measured = false;
    };
    std::vector<Column> columns;
    for (std::size_t e = 0; e < estimates.size(); ++e) {
        for (std::size_t h = 0; h < hosts.size(); ++h) {
            Column column{estimates[e].label, e, hosts[h], {}, false};
            for (const auto& row : rows) {
                column.cells.push_back(evaluate_cell(estimates[e], row, hosts[h], body, context));
                column.measured = column.measured || column.cells.back().estimated.uses_measurement;
            }
            if (!column.measured) {
                columns.push_back(std::move(column));
                break; // the same for every host
            }
            if (hosts.size() > 1) {
                column.label += " \u2014 " + context.store.host_label(
                                                 hosts[h], measure::HostPart::Machine, context.ui);
            }
            columns.push_back(std::move(column));
        }
    }

    // A measured column without a single figure becomes part of the one line under the table.
    MissingFigures missing;
    std::vector<std::string> missing_labels;
    std::vector<std::size_t> shown;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const auto& cells = columns[c].cells;
        const bool any_figure = std::any_of(cells.begin(), cells.end(), [](const Cell& cell) {
            return cell.estimated.value.has_value();
        });
        if (!columns[c].measured || any_figure) {
            shown.push_back(c);
            continue;
        }
        for (const auto& cell : cells) {
            for (const auto& source : cell.estimated.sources) {
                missing.add(source);
            }
        }
        missing_labels.push_back(columns[c].label);
    }

    ProvenanceNotes notes;
    bool any_estimate_shown = false;
    json header = json::array();
    for (const auto c : shown) {
        header.push_back(
            {{"label", columns[c].label}, {"kind", columns[c].measured ? "estimate" : "record"}});
        any_estimate_shown = any_estimate_shown || columns[c].measured;
    }
    json view_rows = json::array();
    for (std::size_t r = 0; r < rows.size(); ++r) {
        json cells = json::array();
        for (const auto c : shown) {
            for (const auto& source : columns[c].cells[r].estimated.sources) {
                notes.add(source, context.ui);
            }
            cells.push_back(columns[c].cells[r].view);
        }
        view_rows.push_back({{"label", rows[r].label}, {"cells", std::move(cells)}});
    }

    const std::string title = body.text_or(root, "title", "");
    const std::string missing_html = missing.table_html(title, missing_labels, context);
    // The formulas, always (also when every measured column collapsed): what the table computes.
    std::string formulas;
    const auto separator = context.ui.text("missing_separator"); // "; ", "；"
    for (const auto& estimate : estimates) {
        formulas += (formulas.empty() ? "" : separator) + estimate.label + " = " +
                    formula::pretty(estimate.formula) + " [" + estimate.unit.text + "]";
    }
    const auto table_constants = read_constants(body, root, "constants", {});
    for (const auto& [name, text] : table_constants) {
        formulas += separator + name + " = " + text;
    }
    const std::string note =
        "<p class=\"provenance provenance-estimate\">" +
        markdown::escape_html(ui::fill(context.ui.text("estimate_note"), {formulas})) + "</p>\n";
    const bool only_plain = !any_estimate_shown && !missing_labels.empty();
    if (shown.empty() || only_plain) { // no estimate left to tabulate: the line and the formulas
        return {missing_html + note, false};
    }
    json view{{"title", title},
              {"caption", body.text_or(root, "caption", "")},
              {"lang", context.lang},
              {"columns", std::move(header)},
              {"rows", std::move(view_rows)},
              {"measured", !notes.html().empty()},
              {"missing_html", missing_html},
              {"provenance_html", note + notes.html()}};
    return {context.render_table("measured-table", view), !notes.html().empty()};
}

} // namespace gpuguide::directives
