// gg-table's layout: which columns stay, the line for those that collapse, the notes, and the
// header and rows the template renders.
#include "directives/measured_table.hpp"
#include "measure/figure.hpp"

#include <algorithm>

namespace gpuguide::directives::table {

Layout choose_columns(const std::vector<Column>& columns, const Grid& grid, bool stand_in_figures,
                      const Context& context) {
    const measure::HostDocument* reference = nullptr;
    try {
        reference = context.store.document(kReferenceHost);
    } catch (const measure::LookupError&) {
    }
    const auto same_host = [&](const std::string& a, const std::string& b) {
        return context.store.document(a) == context.store.document(b); // "reference" is a name too
    };
    const auto shows_figures = [&](std::size_t c) {
        return std::any_of(grid.begin(), grid.end(),
                           [&](const auto& row) { return row[c].figure; });
    };
    Layout layout;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        bool any_unmeasured = false, from_reference = false;
        for (const auto& row : grid) {
            any_unmeasured = any_unmeasured || (row[c].result && !row[c].figure);
            from_reference =
                from_reference || (row[c].result && row[c].result->document == reference);
        }
        bool repeats = false; // the same host's figures under another header already
        for (std::size_t d = 0; d < columns.size() && columns[c].stands_in; ++d) {
            repeats = repeats || (d != c && columns[d].record == nullptr &&
                                  same_host(columns[d].host, columns[c].host) &&
                                  columns[d].device == columns[c].device && shows_figures(d));
        }
        if (columns[c].record != nullptr || (!repeats && (shows_figures(c) || !any_unmeasured))) {
            layout.shown.push_back(static_cast<int>(c));
            continue;
        }
        for (const auto& row : grid) {
            if (row[c].result) {
                layout.missing.add(*row[c].result);
            }
        }
        layout.missing.no_gpu_here = layout.missing.no_gpu_here || columns[c].stands_in;
        layout.missing_labels.push_back(columns[c].stands_in ? columns[c].asked_label
                                                             : columns[c].label);
        // Mid-sentence ("STREAM for this machine"): an author's label as given, else how prose
        // names the host.
        layout.missing_phrases.push_back(
            columns[c].labelled
                ? columns[c].label
                : context.store.host_phrase(columns[c].stands_in ? kThisHost : columns[c].host,
                                            host_part(columns[c]), context.ui));
        if (from_reference && !repeats && stand_in_figures &&
            std::find(layout.shown.begin(), layout.shown.end(), -1) == layout.shown.end()) {
            layout.shown.push_back(-1);
        }
    }
    return layout;
}

json table_notes(const Layout& layout, const Grid& grid, const Context& context) {
    json notes = json::array();
    std::vector<std::string> derived, datasheets;
    const auto add = [&](const json& note) {
        if (std::find(notes.begin(), notes.end(), note) == notes.end()) {
            notes.push_back(note);
        }
    };
    for (const auto& row : grid) {
        for (int c : layout.shown) {
            if (c < 0) {
                continue;
            }
            const auto& cell = row[c];
            if (cell.result) {
                add({{"kind", measure::kind_name(measure::figure_kind(*cell.result))},
                     {"text", measure::provenance_text(*cell.result, context.ui)}});
            }
            const auto title = cell.view["title"].get<std::string>();
            auto& list = cell.derived_peak ? derived : datasheets;
            const auto what =
                cell.derived_peak
                    ? title.substr(0, title.find(context.ui.text("provenance_separator")))
                    : title;
            if ((cell.derived_peak || cell.view["kind"] == "datasheet") && cell.figure &&
                std::find(list.begin(), list.end(), what) == list.end()) {
                list.push_back(what);
            }
        }
    }
    const auto separator = context.ui.text("list_separator");
    if (!derived.empty()) {
        add({{"kind", "derived-peak"},
             {"text", context.ui.fill("derived_peak_note",
                                      {ui::join_words(derived, separator, separator)})}});
    }
    for (const auto& title : datasheets) {
        add({{"kind", "datasheet"}, {"text", title}});
    }
    return notes;
}

std::pair<json, json> header_and_rows(const Layout& layout, const std::vector<Column>& columns,
                                      Grid& grid, const std::vector<json>& stand_in,
                                      const std::string& stand_in_label, const json& labels) {
    json header = json::array(), rows = json::array();
    for (int c : layout.shown) {
        header.push_back(c < 0 ? json{{"label", stand_in_label}, {"kind", "datasheet"}}
                               : json{{"label", columns[c].label}, {"kind", columns[c].kind}});
    }
    for (std::size_t r = 0; r < grid.size(); ++r) {
        json cells = json::array();
        bool holds_a_value = false; // a figure of its own, even a null one shown as "—"
        for (int c : layout.shown) {
            if (c < 0) {
                cells.push_back(stand_in[r]);
                continue;
            }
            auto& cell = grid[r][c];
            holds_a_value = holds_a_value || cell.figure;
            if (cell.result &&
                !cell.figure) { // a gap in a column with figures: the reason as title
                cell.view["text"] = "—";
            }
            cells.push_back(cell.view);
        }
        // With a column collapsed, a row left with nothing but gaps says nothing the line under
        // the table does not say.
        const bool only_gaps =
            !holds_a_value && std::all_of(cells.begin(), cells.end(),
                                          [](const json& cell) { return cell["text"] == "—"; });
        if (!(only_gaps && !layout.missing_labels.empty())) {
            rows.push_back({{"label", labels[r]}, {"cells", std::move(cells)}});
        }
    }
    return {std::move(header), std::move(rows)};
}

} // namespace gpuguide::directives::table
