// Runs selected probes in this process and assembles the measurement document.
#pragma once

#include "core/probe.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// Runs each probe (skipping GPU probes without a usable GPU), catching failures, and returns a
/// complete schema-version-1 document. `command` is recorded in provenance.
nlohmann::json run_probes(const std::vector<Probe*>& selected, const ProbeContext& context,
                          const std::string& command);

/// The test hook GPUGUIDE_PROBE_FAULT="KEY:MODE[,KEY:MODE...]" (MODE: crash, hang, garbage, nan,
/// absurd). Returns the mode for `key`, or "" when none. Documented in probes/README.md.
std::string injected_fault(std::string_view key);

} // namespace gpuguide::probes
