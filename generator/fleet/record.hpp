#pragma once
// A collection's record (history/latest.json, history/previous.json: collection.hpp), as JSON and
// back. Internal to the fleet library.
#include "fleet/collection.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace gpuguide::fleet {

/// The record as the file holds it: JSON text, a node (asked) or row (index) a line, ending in a
/// newline.
std::string record_text(const CollectionRecord& record);

/// The record a parsed file holds; nullopt for one of another format or version, or not shaped
/// as one. An index (rows) of another format leaves the rows empty.
std::optional<CollectionRecord> record_from_json(const nlohmann::json& record);

/// The same from the file's text through simdjson (a 20,000-node record is about 20 MB, which
/// nlohmann::json took most of a second to read); nullopt wherever the record is not exactly as
/// record_text writes it, for record_from_json to decide.
std::optional<CollectionRecord> record_quickly(std::string_view text);

/// The record in `file`: record_quickly, else record_from_json. nullopt for a missing,
/// unreadable or foreign record: a build then reads every document.
std::optional<CollectionRecord> read_record(const std::filesystem::path& file);

} // namespace gpuguide::fleet
