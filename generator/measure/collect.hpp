#pragma once
/// This build's measurement document: from the probe runner, or from a file given on the command
/// line (tests and reproducible builds use that), plus the committed references.
#include "measure/store.hpp"

#include <filesystem>
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
    std::string source; ///< one line for the build summary: where the figures come from
};

/// Builds the store. Throws InputError for a bad mode, an unreadable or invalid document.
Collected collect(const CollectOptions& options);

} // namespace gpuguide::measure
