#pragma once
/// The measure stage: this build's measurement document, for only the probes the book's pages ask
/// of host `this`: from the probe runner, or from a file given on the command line (tests and
/// reproducible builds use that), plus the committed references loaded before it.
#include "measure/store.hpp"

#include <filesystem>
#include <set>
#include <string>

namespace gpuguide::measure {

struct CollectOptions {
    std::string mode = "auto";       ///< auto | fresh | cached | reference
    std::filesystem::path probe_exe; ///< empty: the runner's default
    std::filesystem::path cache_dir = ".gpuguide-cache";
    std::filesystem::path this_document; ///< use this file as this build's document (no probes)
    std::filesystem::path reference_dir; ///< content/measurements/reference
    bool quiet = false;                  ///< no progress lines on stderr
};

struct Collected {
    Store store;
    std::string source;              ///< build log line: where the figures come from, and how
    std::size_t probe_processes = 0; ///< child processes started (0: no probe ran or was looked up)
};

/// Throws InputError unless `mode` is one of auto, fresh, cached, reference.
void check_mode(const std::string& mode);

/// Builds the store from `references` and this build's document. The probe runner is called only
/// when `needed` (the probes pages ask of `this`) is not empty, or in mode fresh, which measures
/// the whole suite (how a reference is made) and keeps the needed ones in this build's document.
/// So a book that uses no probe of this machine starts no process at all. Throws InputError for an
/// unreadable or invalid --measurements document.
Collected collect(const CollectOptions& options, std::vector<HostDocument> references,
                  const std::set<std::string>& needed);

} // namespace gpuguide::measure
