#pragma once
/// Measurement documents as the build reads them (docs/src/design/directives.md "Hosts"): one
/// document per host, validated against the probes' schema when it is loaded; the store
/// (measure/store.hpp) answers lookups into them.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::measure {

/// What a figure is (docs/src/design/measurements.md "What a figure is"). Every table cell, chart,
/// inline value and estimate input of a page has a kind; a document has one of the first three.
enum class FigureKind {
    Measured,    ///< this machine's: measured by this build or taken from its probe cache (pages
                 ///< do not tell the two apart, so that both give the same bytes)
    Reference,   ///< a committed reference measurement, under content/measurements/reference/
    Fleet,       ///< a cluster node's, under content/measurements/fleet/ (gpuguide fleet, or by
                 ///< hand)
    Placeholder, ///< from a stand-in document: nothing measured yet
    Datasheet,   ///< a catalogue figure, with its source and "as of" date
    DerivedPeak, ///< a peak computed from clocks and unit counts (gpu.specs /devices/N/peak/...)
    Estimate,    ///< computed at build time by a stated formula from figures of the other kinds
};

/// Where a document came from: FigureKind::Measured, Reference or Fleet.
using Origin = FigureKind;

struct HostDocument {
    std::string host;           ///< provenance.host
    nlohmann::json json;        ///< the whole document
    std::filesystem::path file; ///< for messages ("(this build)" for the probe run)
    Origin origin = Origin::Reference;
    bool placeholder() const { return json.value("placeholder", false); }
};

/// The value at JSON `pointer` (RFC 6901, "/devices/0/triad"; "~1" stands for "/" and "~0" for
/// "~" in a name, as nlohmann's json_pointer reads them) in `json`; null where there is none or
/// the pointer is malformed.
const nlohmann::json* value_at(const nlohmann::json& json, const std::string& pointer);

/// The string at JSON `pointer` in `json`, or "" where there is none or it is not a string.
std::string text_at(const nlohmann::json& json, const std::string& pointer);

/// Reads and validates one measurement document (the probes' schema when it is built in).
/// InputError naming the file for invalid JSON, a schema problem or an oversized file.
HostDocument load_measurement_document(const std::filesystem::path& file, Origin origin);

/// load_measurement_document on `text`, the contents of `file` (already read; `file` names it in
/// messages, and its stem is the host when the document names none).
HostDocument parse_measurement_document(std::string_view text, const std::filesystem::path& file,
                                        Origin origin);

/// InputError naming both files when two documents are of the same host (a reference and a fleet
/// document, or two fleet documents): `host:` names and the fleet page need one document a host.
void check_one_document_per_host(const std::vector<HostDocument>& documents);

/// Reads every *.json in dir (sorted by file name) as a reference document (or, with
/// Origin::Fleet, a fleet host's); InputError naming the file for invalid JSON or a document that
/// is not a measurement document. A missing folder gives no documents.
std::vector<HostDocument> load_reference_documents(const std::filesystem::path& dir,
                                                   Origin origin = Origin::Reference);

/// Moves the reference document of `host` to the front of `references`, so that it is "the
/// reference" (book.toml's `[output.html.gpuguide] reference`); an empty host leaves the file-name
/// order. InputError at `setting_file`:`setting_line` when no reference document has that host,
/// listing those that do.
void put_reference_first(std::vector<HostDocument>& references, const std::string& host,
                         const std::filesystem::path& setting_file, int setting_line);

} // namespace gpuguide::measure
