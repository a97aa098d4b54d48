#pragma once
/// A fleet host's measurement document read with simdjson: about fifteen times faster than
/// nlohmann::json on the 100 KB documents a GPU node writes, which made reading and validating
/// them nearly all of a 20,000-node collection (bench/README.md, issue 61). The schema's rules are
/// the same text (probes/schema/rules.hpp); only a document this reading accepts is answered
/// here, and anything it cannot vouch for goes to the nlohmann reading, which words the errors.
#include "fleet/rows.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace gpuguide::fleet {

/// The row of the measurement document `text` (named `file` in the fleet folder), when it is
/// valid JSON that the schema accepts; nullopt when it is not, when it holds a `\u` escape
/// (simdjson and nlohmann differ on lone surrogates), or when its host is null (which a build's
/// reading refuses): the caller then reads it with nlohmann, whose verdict and messages count.
/// Thread-safe (a parser per thread).
std::optional<HostRow> quick_row(std::string_view text, const std::string& file);

/// A document's file read whole, and which file that was.
struct DocumentFile {
    std::string text; ///< the bytes, with the spare capacity simdjson reads past the end
    std::uint64_t device = 0, inode = 0, size = 0;
    std::int64_t mtime_ns = 0;
};

/// Reads `path` into `into`, reusing its buffer: one copy from the kernel, none by simdjson.
/// False when it cannot be read, or is larger than a measurement document can be (16 MiB: the
/// reader the caller falls back to then says so).
bool read_document(const std::filesystem::path& path, DocumentFile& into);

/// quick_row of a document read_document read: simdjson parses its buffer in place.
std::optional<HostRow> quick_row(const DocumentFile& document, const std::string& file);

/// quick_row of the file `path` (named `file` in its folder); nullopt also where read_document
/// cannot read it.
std::optional<HostRow> quick_row_of_file(const std::filesystem::path& path,
                                         const std::string& file);

} // namespace gpuguide::fleet
