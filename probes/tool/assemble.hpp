// Runs selected probes and assembles the measurement document: in this process (one probe, as
// the runner's children do) or each in a child process of its own (tool/isolated.cpp).
#pragma once

#include "core/probe.hpp"
#include "gpu/gpu_identity.hpp"

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// Gives one probe's document entry ({"status", "reason", "duration_s", "result", ...}).
using EntryMaker = std::function<nlohmann::json(Probe& probe, const GpuIdentity& gpu)>;

/// The complete schema-version-1 document: provenance (`command` recorded as given) and one
/// entry per selected probe from `make_entry`.
nlohmann::json assemble_document(const std::vector<Probe*>& selected, const ProbeContext& context,
                                 const std::string& command, const EntryMaker& make_entry);

/// One probe run in this process: skipped without a usable GPU (GPU probes) or when
/// unsupported, failed with the reason when it throws or gives a non-finite figure.
nlohmann::json run_in_process(Probe& probe, const ProbeContext& context, const GpuIdentity& gpu);

/// Every selected probe in this process, one after another (`--in-process`, and the runner's
/// one-probe children).
nlohmann::json run_probes(const std::vector<Probe*>& selected, const ProbeContext& context,
                          const std::string& command);

/// Every selected probe in its own child process (`gpuguide-probe --only KEY`), each killed
/// after its timeout (`base_timeout`, per device for GPU probes): a crash, hang or bad output
/// makes that probe `failed` with the reason and the document stays complete and valid.
nlohmann::json run_probes_isolated(const std::vector<Probe*>& selected, const ProbeContext& context,
                                   const std::string& command,
                                   std::chrono::milliseconds base_timeout);

/// The test hook GPUGUIDE_PROBE_FAULT="KEY:MODE[,KEY:MODE...]" (MODE: crash, hang, garbage, nan,
/// absurd, unsupportable). Returns the mode for `key`, or "" when none; always "" unless built
/// with the CMake option GPUGUIDE_TEST_HOOKS (the variable is not even read). Documented in
/// probes/README.md.
std::string injected_fault(std::string_view key);

} // namespace gpuguide::probes
