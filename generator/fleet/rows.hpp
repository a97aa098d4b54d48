#pragma once
/// One row per fleet host: what the fleet page compares, read from a measurement document once
/// (docs/src/design/fleet.md "Fleet"). `gpuguide fleet` writes the rows of a collection beside its
/// documents (fleet/history/latest.json), so that a build reads one small index instead of every
/// document; a document the index does not describe (dropped in by hand, changed since) is read
/// in full.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace gpuguide::fleet {

class JsonText;

/// A figure the fleet compares between peers.
struct Headline {
    const char* key;     ///< stable name in the CSV, JSON and strings ("gpu_bandwidth")
    const char* probe;   ///< "gpu.stream"
    const char* pointer; ///< inside the result; "*" stands for each GPU ("/devices/*/triad")
    const char* peak;    ///< gpu.specs' datasheet figure for the same GPU, "" when none
    const char* unit;    ///< the unit rows keep it in
    bool lower_is_better;
};

/// The headline figures, in the order of the page's columns.
const std::vector<Headline>& headlines();

/// A host's value of one headline: its worst GPU (lowest bandwidth, highest latency), since one
/// slow GPU slows a whole job.
struct Figure {
    double value = 0;            ///< in the headline's unit
    int gpu = -1;                ///< the worst GPU's index, -1 for CPU figures
    std::optional<double> share; ///< of that GPU's datasheet figure (information only)
};

struct HostRow {
    std::string host;
    std::string file; ///< the document's file name in the fleet folder
    std::string gpu_model;
    int gpus = 0; ///< GPUs the node showed the probe (provenance.gpus)
    std::string cpu;
    std::string driver, cuda, vbios,
        ecc;          ///< vbios: the distinct versions, ", "-joined; ecc: on/off/mixed
    std::string date; ///< of the measurement (provenance.date)
    std::string probe_version;
    std::vector<std::string> failed;            ///< probes whose status is "failed"
    std::vector<std::optional<Figure>> figures; ///< one per headlines()
    std::uintmax_t size = 0;   ///< the file's size and modification time when the row was read,
    std::int64_t mtime_ns = 0; ///< which say whether it still describes the file
};

/// What the index of rows (write_rows) says it is: its format and version.
inline constexpr const char* kRowsFormat = "gpuguide-fleet-rows";
inline constexpr int kRowsVersion = 1;

/// The row of a validated measurement document (`file` is its name in the fleet folder).
HostRow row_of(const nlohmann::json& document, const std::string& file);

/// Every part of a document row_of reads, as JSON pointers in which `*` stands for each member or
/// element: a reader that builds no whole tree (simd_document.hpp) gives row_of a copy of just
/// these. Kept beside row_of; a test compares rows of whole and cut documents.
const std::vector<std::string>& row_paths();

/// The rows as the index's JSON text, written by `writer` (one row a line), and back from the
/// parsed index; rows_from_json returns nullopt for an index of another format or version (it is
/// then rebuilt from the documents).
void write_rows(JsonText& writer, const std::vector<HostRow>& rows);
std::optional<std::vector<HostRow>> rows_from_json(const nlohmann::json& index);

/// Size and modification time of a file, as rows record them.
void stamp(HostRow& row, const std::filesystem::path& file);

/// A file's modification time in nanoseconds, as rows and staged documents compare it.
std::int64_t modification_ns(const struct ::stat& status);

} // namespace gpuguide::fleet
