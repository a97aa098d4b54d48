// One probe in its own process: what the build's runner and `gpuguide-probe --all` share, so a
// crash, hang or bad output costs that probe only.
#pragma once

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// How to run one probe as `EXE --only KEY --json-out FILE ARGS...`.
struct ChildProbeOptions {
    std::filesystem::path exe;           ///< gpuguide-probe
    std::filesystem::path scratch;       ///< folder for the child's output and stderr files
    std::vector<std::string> args;       ///< added to the command line: --quick, --devices 0,3
    std::vector<std::string> extra_env;  ///< "NAME=value" added to the child's environment
    std::chrono::milliseconds timeout{}; ///< killed (its whole process group) after this
    nlohmann::json specs_result;         ///< gpu.specs' result for the peak check (null: none)
};

/// What one child run gave.
struct ChildProbeResult {
    /// The probe's entry from the child's document, or a `failed` entry with the reason (crash,
    /// timeout, non-zero exit, invalid JSON, schema errors, no entry, a figure above the peak).
    nlohmann::json entry;
    /// The child's whole document when it could be read (for the cache, or kept when rejected).
    nlohmann::json document;
    bool rejected = false; ///< `document` was read but refused; `entry` says why
};

/// Runs one probe in a child process (never throws for the child's behaviour).
ChildProbeResult run_probe_in_child(const std::string& key, const ChildProbeOptions& options);

/// The timeout of one probe: GPU probes measure the chosen devices one after another, so their
/// time limit is `base` per device (at least one); CPU probes get `base`.
std::chrono::milliseconds probe_timeout(std::chrono::milliseconds base, bool gpu,
                                        std::size_t devices);

} // namespace gpuguide::probes
