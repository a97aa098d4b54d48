#pragma once
/// The fleet's whole table for an operator's own tools (docs/src/design/fleet.md "Fleet"):
/// LANG/fleet.csv and LANG/fleet.json of a build, the same bytes in every language.
#include "fleet/peers.hpp"

#include <string>

namespace gpuguide::fleet {

/// One line per node: host, type, status, each headline's figure, its share of the type's
/// median and its change since the node's previous document (RFC 4180 CSV).
std::string table_csv(const FleetFolder& folder, const Analysis& analysis);

/// The same as JSON, with each headline's unit.
std::string table_json(const FleetFolder& folder, const Analysis& analysis);

} // namespace gpuguide::fleet
