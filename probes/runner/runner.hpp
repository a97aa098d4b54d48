// The probe runner: runs gpuguide-probe once per probe, each in its own process with a timeout,
// caches the results and assembles one measurement document for the build. Interface fixed by
// docs/src/design/build.md "Running the probes from the build".
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// Where the GPU figures come from. CPU probes always run (or come from the cache).
enum class Mode {
    Auto,     ///< cached GPU results on a GPU host (measuring what is missing), reference elsewhere
    Fresh,    ///< measure everything now and refresh the cache
    Cached,   ///< use cached results only; never run a GPU probe
    Reference ///< never run a GPU probe; pages use the committed reference document
};

/// Progress of a run, reported before each probe starts and once at the end (k == n).
struct Progress {
    std::string key;                          ///< probe key, e.g. "gpu.stream" (empty at the end)
    std::size_t k = 0;                        ///< probes finished so far
    std::size_t n = 0;                        ///< probes in this run
    std::chrono::duration<double> elapsed{0}; ///< since collect_measurements started
    bool from_cache = false;                  ///< the result of `key` comes from the cache
};

/// Options for collect_measurements.
struct RunOptions {
    Mode mode = Mode::Auto;
    std::filesystem::path probe_exe; ///< gpuguide-probe; empty: the build tree's, else next to us
    std::filesystem::path cache_dir = ".gpuguide-cache"; ///< results live in cache_dir/probes/
    std::chrono::seconds timeout{120}; ///< per probe; a GPU probe gets this per device measured
    std::function<void(const Progress&)> on_progress; ///< probe key, k of n, elapsed
    // Extensions beyond the design chapter (defaults keep its behaviour):
    std::vector<std::string> only; ///< run only these probe keys (empty: all)
    /// The document keeps only these probe keys (empty: every probe run), and its date and
    /// duration cover only them. The build passes the probes its pages use, so that a
    /// `--measure fresh` run of the whole suite and a later cached run of those probes give the
    /// same document, and the same pages.
    std::vector<std::string> report;
    bool quick = false; ///< smaller problem sizes (tests); quick results are not cached
    std::vector<std::string> extra_env; ///< "NAME=value" added to each probe's environment
    std::vector<int> devices; ///< CUDA devices the GPU probes measure (empty: all visible)
};

/// Where this build's GPU figures came from.
enum class Source { Measured, Cache, None }; // None: reference only (no GPU, or mode reference)

/// The assembled document (absent only when gpuguide-probe itself cannot run), its source and a
/// one-line note for the build log and the provenance text.
struct RunOutcome {
    std::optional<nlohmann::json> document;
    Source source = Source::None;
    std::string note;
    std::size_t processes = 0; ///< child processes started (identity included): the build log's
};

/// Runs (or loads from cache) every probe and returns one measurement document. Never throws for
/// a probe's failure: a crash, hang, bad output or absurd value is recorded as that probe's
/// `failed` status with the reason, and the others carry on.
RunOutcome collect_measurements(const RunOptions& options);

/// Parses "auto", "fresh", "cached" or "reference"; nullopt for anything else.
std::optional<Mode> parse_mode(std::string_view text);

/// The lower-case name of a mode, as parse_mode accepts it.
std::string_view mode_name(Mode mode);

} // namespace gpuguide::probes
