#pragma once
/// A fleet folder (content/measurements/fleet/) and its history: one document per host, and in
/// history/ the record of the latest collection (which nodes it asked, what came of each, the
/// rows of every document), the record of the one before, and the documents as they were before
/// the latest collection (docs/src/design/fleet.md "Fleet": "History").
#include "fleet/rows.hpp"
#include "fleet/simd_document.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::fleet {

/// A node a collection asked for, and what came of it.
struct AskedNode {
    std::string node;
    std::string task;  ///< Slurm's "JOB_I", "" when nothing was submitted for it
    std::string fault; ///< why no document came ("" when one did)
};

/// What a collection is and asked; `rows` describe the folder's documents after it.
struct CollectionRecord {
    std::string job;
    std::string date; ///< when it was collected, ISO 8601 UTC
    std::vector<AskedNode> asked;
    /// Every node Slurm listed when the collection ran (empty: not known), so that a node which
    /// left the cluster shows as gone even when a collection asks only a few nodes.
    std::vector<std::string> cluster;
    std::vector<HostRow> rows;
};

/// A document a collection brings in: validated, with its row.
struct NewDocument {
    std::string node; ///< the file is NODE.json
    std::string text; ///< written as it was measured (unless already staged)
    HostRow row;
    std::filesystem::path staged; ///< stage_document's temporary file, when the text is there
};

/// Writes `text` to a temporary file beside DIR/NODE.json (not yet synced or renamed), for
/// NewDocument::staged: a collector can stage each document as it checks it, on its own thread,
/// instead of holding 20,000 texts. Throws std::runtime_error naming the path.
std::filesystem::path stage_document(const std::filesystem::path& dir, const std::string& node,
                                     std::string_view text);

/// stage_document of the file `source`, whose bytes read_document put in `read`: a hard link to
/// it (no 100 KB written again) where the file system allows one, the file is readable by all
/// and it is still the file that was read (device, inode, size and time); else the bytes
/// written out.
std::filesystem::path stage_document(const std::filesystem::path& dir, const std::string& node,
                                     const std::filesystem::path& source,
                                     const DocumentFile& read);

/// Reads a measurement document (validated) for a row; throws naming the file when it cannot, or
/// returns null to leave the file without a row.
using DocumentLoader = std::function<nlohmann::json(const std::filesystem::path&)>;

/// Writes a collection into `dir`: the new documents (each file whole, old or new, at any
/// moment: every one is written to a temporary file, made durable with one syncfs(2), then
/// renamed over its host's), and history/ rotated first (the documents as they were, hard-linked
/// into history/previous/; the latest record becomes history/previous.json), then the new
/// record, history/latest.json. `load` reads the rows of documents the old record does not
/// describe. Nothing is written when `documents` is empty (a failed collection changes nothing).
/// Throws std::runtime_error naming the path on a write error.
void store_collection(const std::filesystem::path& dir, CollectionRecord record,
                      std::vector<NewDocument> documents, const DocumentLoader& load);

/// A fleet folder as the build sees it.
struct FleetFolder {
    std::vector<HostRow> rows;                ///< every HOST.json, in file-name order
    std::optional<CollectionRecord> latest;   ///< history/latest.json (asked nodes)
    std::optional<CollectionRecord> previous; ///< history/previous.json, rows of history/previous/
};

/// Reads `dir`'s rows, each from the latest record's index when the file's size and modification
/// time still match it, else from the document (`load`). No folder: nothing.
/// Documents are read on `jobs` threads (0: one per core).
FleetFolder read_fleet_folder(const std::filesystem::path& dir, const DocumentLoader& load,
                              unsigned jobs = 0);

} // namespace gpuguide::fleet
