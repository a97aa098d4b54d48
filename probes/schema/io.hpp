// Reading and writing measurement documents safely.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gpuguide::probes::schema {

/// A document that cannot be read or parsed; what() names the file (and line when known).
struct DocumentError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Writes `text` so that readers see the old file or the whole new one, never a part: a temporary
/// file in the same folder, fsync, rename over the target, fsync of the folder. Creates missing
/// folders. Throws DocumentError naming the path.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

/// Reads and parses a JSON file. A syntax error is reported as "FILE:LINE:COLUMN: message".
nlohmann::json read_json_file(const std::filesystem::path& path);

/// Now as ISO 8601 UTC to the second ("2026-11-26T12:00:00Z"): a document's provenance.date, and
/// the date of a fleet collection.
std::string utc_now();

/// Serialises a document the way every tool writes it (2-space indent, trailing newline).
std::string dump_document(const nlohmann::json& document);

} // namespace gpuguide::probes::schema
