#pragma once
/// The pieces of gg-table (measured_table.cpp builds the columns and cells, and
/// measured_table_layout.cpp decides which columns stay and what the notes say): not a public
/// interface.
#include "directives/internal.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::directives::table {

using nlohmann::json;

struct Column {
    std::string label;
    std::string host;   // host columns: the host word, `this` already named for the table
    std::string device; // "cpu" / "gpu" for host columns of the record form, "" otherwise
    const json* record = nullptr;
    bool labelled = false;   // the author gave the label
    bool stands_in = false;  // asked as `this`, answered by the reference (no GPU figures here)
    std::string asked_label; // a stand-in's label as `this` ("This machine"), for the missing line
    std::string kind = "host"; // its header's: the host's kind (measured, reference, fleet), record
};

// One cell; `notes` are added later, only for the columns that stay in the table.
struct Cell {
    json view;
    std::optional<measure::ProbeResult> result; // host columns only
    bool figure = false;                        // holds a figure of its host (not "—")
    bool derived_peak = false;
};

/// A cell's view model: {"text", "kind", "title", "numeric"}.
inline json plain_cell(const std::string& text, const char* kind, const std::string& title = "",
                       bool numeric = false) {
    return json{{"text", text}, {"kind", kind}, {"title", title}, {"numeric", numeric}};
}

/// The cells of a table, rows x columns.
using Grid = std::vector<std::vector<Cell>>;

// Which columns stay (index, or -1 for the stand-in datasheet column) and what the one line under
// the table says for those that collapse: a host column without a single figure, and a column
// standing in for this machine whose host another column shows already.
struct Layout {
    std::vector<int> shown;
    MissingFigures missing;
    std::vector<std::string> missing_labels;
    std::vector<std::string> missing_phrases; ///< the same hosts as prose names them
};

/// The part of its host a host column shows: the machine, or its CPU or GPU (`device`).
inline measure::HostPart host_part(const Column& column) {
    return column.device == "cpu"   ? measure::HostPart::Cpu
           : column.device == "gpu" ? measure::HostPart::Gpu
                                    : measure::HostPart::Machine;
}

/// Which columns stay: `stand_in_figures` says whether the table's datasheet record has a figure
/// to put where an unmeasured reference column collapses.
Layout choose_columns(const std::vector<Column>& columns, const Grid& grid, bool stand_in_figures,
                      const Context& context);

/// One note per distinct source, then what the derived peaks assume and whose datasheets these are.
json table_notes(const Layout& layout, const Grid& grid, const Context& context);

/// The header and the rows of the columns that stay; `stand_in` holds the datasheet column's
/// cells (one per row), `labels` the rows' labels. Rows left with nothing but gaps go when a
/// column collapsed.
std::pair<json, json> header_and_rows(const Layout& layout, const std::vector<Column>& columns,
                                      Grid& grid, const std::vector<json>& stand_in,
                                      const std::string& stand_in_label, const json& labels);

} // namespace gpuguide::directives::table
