#pragma once
/// Building the whole site: load and check the book, measure only the probes its pages use, render
/// every page in parallel, write atomically.
#include "load/book_toml.hpp"
#include "measure/collect.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpuguide::render {

struct BuildOptions {
    std::filesystem::path content_dir = "content";
    std::filesystem::path templates_dir = "templates";
    std::filesystem::path out_dir = "site";
    std::string base_url;            ///< absolute site URL; enables sitemap.xml
    measure::CollectOptions measure; ///< reference_dir defaults to content/measurements/reference
    unsigned jobs = 0;               ///< render threads; 0 = hardware concurrency
    std::vector<std::string> langs;  ///< empty = every language
    std::optional<std::int64_t> source_date_epoch; ///< build date; the wall clock when absent
    bool force = false; ///< rebuild even when the manifest says up to date
    /// The fleet page flags a node's figure worse than its type's median by more than this many
    /// robust standard deviations (--fleet-threshold).
    double fleet_threshold = 3.5;
    /// An mdBook project (book.toml): content_dir is its root; its one language at the site root.
    std::optional<BookConfig> project;
};

struct BuildReport {
    std::size_t pages = 0;
    /// Pages rendered: all of them, or after an edit to pages' Markdown alone, the edited pages
    /// and their neighbours (the rest of the site is kept).
    std::size_t pages_rendered = 0;
    std::size_t languages = 0;
    std::string measurement_source;  ///< build log line: where this machine's figures came from
    std::set<std::string> probes;    ///< probes the pages use of host `this`
    std::size_t probe_processes = 0; ///< child processes the build started (0: none)
    double seconds = 0;
    bool up_to_date = false; ///< nothing changed: the previous site was kept as is
    /// "file:line: warning: ..." the build found (book.toml keys it ignores, literal `**` in a
    /// book that does not fail on them), in reading order; empty when up_to_date.
    std::vector<std::string> warnings;
};

/// Builds the site into options.out_dir atomically: everything is written to a temporary sibling
/// folder which then replaces out_dir; on any error the temporary folder is removed and out_dir
/// is left as it was. Throws InputError (all problems found, one per line) for bad input.
BuildReport build_site(const BuildOptions& options);

/// SOURCE_DATE_EPOCH from the environment, if set and valid.
std::optional<std::int64_t> source_date_epoch_from_env();

} // namespace gpuguide::render
