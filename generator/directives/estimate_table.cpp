// gg-estimate: rows (models, runs) x estimates x host columns, each cell a formula evaluated from
// that host's measured figures; a host column with no figure at all collapses like gg-table's.
#include "directives/estimate.hpp"
#include "markdown/markdown.hpp"
#include "measure/figure.hpp"

#include <algorithm>
#include <set>

namespace gpuguide::directives {
namespace {

using nlohmann::json;

struct Estimate {
    std::string label;
    formula::Formula formula;
    formula::Unit unit;
    std::string negative;      // text shown instead of a negative result ("does not fit"), or ""
    std::optional<int> digits; // significant figures (`digits`); by the cell's kind when absent
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
        body.allow_only(node, {"label", "formula", "unit", "negative", "digits"});
        const FailAt fail = [&](const std::string& message) {
            body.fail(node["formula"], message);
        };
        auto parsed = parse_formula(body.text(node, "formula"), fail);
        auto unit = parse_target_unit(body.text(node, "unit"), [&](const std::string& message) {
            body.fail(node["unit"], message);
        });
        const auto digits =
            body.number(node, "digits", {.whole = true, .min = 1, .max = kMostDigits});
        estimates.push_back({body.text(node, "label"), std::move(parsed), std::move(unit),
                             body.text_or(node, "negative", ""),
                             digits ? std::optional<int>(static_cast<int>(*digits)) : std::nullopt,
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
    cell.view = {{"kind", cell.estimated.reads_figures() ? "estimate" : "record"},
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
        const int fallback = cell.estimated.reads_figures() ? kEstimateDigits : kRecordDigits;
        cell.view["text"] =
            estimate_text(*value, estimate.unit, estimate.digits.value_or(fallback), context);
    }
    return cell;
}

// The hosts of the table's measured columns, `this` named for the whole table (Store::unit_host):
// where this build has no GPU figures of its own, every estimate of the table reads the
// reference's, and its columns say so.
struct TableHost {
    std::string host;       // the host word, `this` named for the table
    bool stands_in = false; // asked as `this`, answered by the reference (no GPU figures here)
};

std::vector<TableHost> table_hosts(const Body& body, const Context& context,
                                   const std::vector<Estimate>& estimates,
                                   const Constants& constants) {
    std::set<std::string> keys;
    const auto add = [&](const formula::Formula& parsed) {
        for (const auto& key : formula::keys(parsed)) {
            keys.insert(key.starts_with("datasheet:") ? "gpu.specs" : split_probe_path(key).probe);
        }
    };
    for (const auto& estimate : estimates) {
        add(estimate.formula);
    }
    for (const auto& [name, text] : constants) {
        try {
            add(formula::parse(text));
        } catch (const formula::FormulaError&) { // reported where the constant is evaluated
        }
    }
    const auto& root = body.root();
    const char* key = root["hosts"] ? "hosts" : "host";
    std::vector<TableHost> hosts;
    for (const auto& word : body.words(root, key, {kThisHost})) {
        try {
            for (const auto& host : context.store.expand_hosts(word)) {
                const auto named = context.store.unit_host(host, keys);
                hosts.push_back({named, named != host});
            }
        } catch (const measure::LookupError& error) {
            body.fail(root[key], error.what());
        }
    }
    return hosts;
}

// "Estimates ... by these formulas: Needed = params × per_param + extra [GB]; memory = GPU memory
// [GiB]. Inputs: GPU memory: 139.8 GiB = 150 GB (reference measurement, reference-h200)."
json formulas_note(const std::vector<Estimate>& estimates, const Constants& constants,
                   const std::vector<std::string>& inputs, const Context& context) {
    const auto namer = [&](const std::string& key) { return figure_words(key, context); };
    const auto separator = context.ui.text("list_separator");
    std::string formulas;
    for (const auto& estimate : estimates) {
        formulas += (formulas.empty() ? "" : separator) + estimate.label + " = " +
                    formula::pretty(estimate.formula, namer) + " [" + estimate.unit.text + "]";
    }
    for (const auto& [name, text] : constants) {
        std::string shown = text;
        try {
            shown = formula::pretty(formula::parse(text), namer);
        } catch (const formula::FormulaError&) {
        }
        formulas += separator + name + " = " + shown;
    }
    std::string text = context.ui.fill("estimate_note", {formulas});
    if (!inputs.empty()) {
        text += context.ui.text("sentence_gap") +
                context.ui.fill("estimate_inputs", {ui::join_words(inputs, separator, separator)});
    }
    return {{"kind", "estimate"}, {"text", text}};
}

// Whether `estimate` reads any figure (a plain one, a weight size, is one column for all hosts).
bool estimate_reads_figures(const Estimate& estimate, const std::vector<Row>& rows,
                            const std::string& host, const Body& body, const Context& context) {
    return !rows.empty() &&
           evaluate_cell(estimate, rows.front(), host, body, context).estimated.reads_figures();
}

} // namespace

namespace {

// Columns: an estimate that reads no figure (a weight size from constants) is one column; every
// other estimate gets one column per host.
struct Column {
    std::string label;
    std::size_t estimate;
    std::string host;
    std::vector<Cell> cells; // one per row
    bool measured = false;
};

// What the table shows, and the one line for what it does not.
struct Columns {
    std::vector<Column> all;
    std::vector<std::size_t> shown;
    MissingFigures missing;
    std::vector<std::string> missing_labels;
};

// Splits the evaluated columns into those shown and those only named in the line under the
// table: a measured column without a single figure, with the sources and reasons it lacks.
void choose_shown(Columns& out) {
    for (std::size_t c = 0; c < out.all.size(); ++c) {
        const auto& cells = out.all[c].cells;
        const bool any_figure = std::any_of(cells.begin(), cells.end(), [](const Cell& cell) {
            return cell.estimated.value.has_value();
        });
        if (!out.all[c].measured || any_figure) {
            out.shown.push_back(c);
            continue;
        }
        for (const auto& cell : cells) {
            for (const auto& source : cell.estimated.sources) {
                out.missing.add(source);
            }
            // No probe at fault (a GPU the catalogue lacks, say): the estimate's own reason.
            const auto& reason = cell.estimated.reason;
            const bool probes_ok =
                std::all_of(cell.estimated.sources.begin(), cell.estimated.sources.end(),
                            [](const measure::ProbeResult& result) { return result.ok(); });
            auto& reasons = out.missing.other_reasons;
            if (probes_ok && !reason.empty() &&
                std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) {
                reasons.push_back(reason);
            }
        }
        out.missing_labels.push_back(out.all[c].label);
    }
}

// Evaluates every column. A column standing in for this machine whose host another column shows
// already says nothing new: it goes into the line under the table, which says that this build has
// no GPU figures; so does a measured column without a single figure.
Columns evaluate_columns(const Body& body, const Context& context,
                         const std::vector<Estimate>& estimates, const std::vector<Row>& rows,
                         const std::vector<TableHost>& hosts) {
    Columns out;
    const auto repeats = [&](std::size_t h) {
        return hosts[h].stands_in &&
               std::any_of(hosts.begin(), hosts.end(), [&](const TableHost& other) {
                   return &other != &hosts[h] && context.store.document(other.host) ==
                                                     context.store.document(hosts[h].host);
               });
    };
    for (std::size_t e = 0; e < estimates.size(); ++e) {
        for (std::size_t h = 0; h < hosts.size(); ++h) {
            const auto& host = hosts[h].host;
            const auto label = [&](const std::string& word) {
                return estimates[e].label + " \u2014 " +
                       context.store.host_label(word, measure::HostPart::Machine, context.ui);
            };
            if (repeats(h) && estimate_reads_figures(estimates[e], rows, host, body, context)) {
                out.missing.no_gpu_here = true;
                out.missing_labels.push_back(label(kThisHost));
                continue;
            }
            Column column{estimates[e].label, e, host, {}, false};
            for (const auto& row : rows) {
                column.cells.push_back(evaluate_cell(estimates[e], row, host, body, context));
                column.measured = column.measured || column.cells.back().estimated.reads_figures();
            }
            if (!column.measured) {
                out.all.push_back(std::move(column));
                break; // the same for every host
            }
            // With several hosts, each column names its own (one host's is named in the caption).
            if (hosts.size() > 1) {
                column.label = label(host);
            }
            out.all.push_back(std::move(column));
        }
    }
    choose_shown(out);
    return out;
}

// The provenance notes of the figures the shown cells read, one per source, and every input.
std::pair<json, std::vector<std::string>> sources_of(const Columns& columns,
                                                     const Context& context) {
    json notes = json::array();
    std::vector<std::string> inputs;
    for (const auto c : columns.shown) {
        for (const auto& cell : columns.all[c].cells) {
            for (const auto& source : cell.estimated.sources) {
                const json note{{"kind", measure::kind_name(measure::figure_kind(source))},
                                {"text", measure::provenance_text(source, context.ui)}};
                if (std::find(notes.begin(), notes.end(), note) == notes.end()) {
                    notes.push_back(note);
                }
            }
            for (const auto& input : cell.estimated.inputs) {
                if (std::find(inputs.begin(), inputs.end(), input) == inputs.end()) {
                    inputs.push_back(input);
                }
            }
        }
    }
    return {std::move(notes), std::move(inputs)};
}

} // namespace

BlockHtml estimate_table(const Body& body, const Context& context) {
    const auto& root = body.root();
    body.allow_only(root, {"title", "caption", "host", "hosts", "constants", "estimates", "rows"});
    const auto estimates = read_estimates(body);
    const auto table_constants = read_constants(body, root, "constants", {});
    const auto rows = read_rows(body, table_constants);
    const auto hosts = table_hosts(body, context, estimates, table_constants);
    const auto columns = evaluate_columns(body, context, estimates, rows, hosts);
    // One host that is not this machine: the caption says whose figures these are.
    std::string caption = body.text_or(root, "caption", "");
    if (hosts.size() == 1 && !measure::is_host_word(hosts.front().host, measure::HostWord::This)) {
        const auto whose =
            context.store.host_label(hosts.front().host, measure::HostPart::Machine, context.ui);
        caption =
            caption.empty() ? whose : caption + context.ui.text("provenance_separator") + whose;
    }

    json header = json::array(), view_rows = json::array();
    bool any_estimate_shown = false;
    for (const auto c : columns.shown) {
        const auto& column = columns.all[c];
        header.push_back(
            {{"label", column.label}, {"kind", column.measured ? "estimate" : "record"}});
        any_estimate_shown = any_estimate_shown || column.measured;
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        json cells = json::array();
        for (const auto c : columns.shown) {
            cells.push_back(columns.all[c].cells[r].view);
        }
        view_rows.push_back({{"label", rows[r].label}, {"cells", std::move(cells)}});
    }
    auto [notes, inputs] = sources_of(columns, context);
    const bool measured = !notes.empty();
    // The formulas and their inputs, always (also when every measured column collapsed): what the
    // table computes, from which figures of which kind.
    notes.insert(notes.begin(), formulas_note(estimates, table_constants, inputs, context));
    // No estimate left to tabulate: the line and the formulas.
    const bool table =
        !columns.shown.empty() && (any_estimate_shown || columns.missing_labels.empty());
    if (!table) {
        notes.erase(notes.begin() + 1, notes.end());
    }
    const std::string title = body.text_or(root, "title", "");
    json view{{"title", title},
              {"caption", caption},
              {"lang", context.lang},
              {"columns", std::move(header)},
              {"rows", std::move(view_rows)},
              {"measured", measured},
              {"missing", columns.missing.table_text(title, columns.missing_labels, {}, context)},
              {"notes", std::move(notes)},
              {"table", table}};
    return {context.render_table("measured-table", view), table && measured};
}

} // namespace gpuguide::directives
