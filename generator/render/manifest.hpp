#pragma once
/// The no-change shortcut: a fingerprint of every input, kept beside the site (not in it, so it is
/// never published and the site's bytes depend on the inputs only) as `OUT.gpuguide-manifest`.
/// When a new build's fingerprint equals the one beside the site, nothing is written at all.
#include "measure/store.hpp"
#include "render/site.hpp"

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpuguide::render {

/// `site` -> `site.gpuguide-manifest` (a sibling; `.gitignore`'s `/site.*` covers it).
std::filesystem::path manifest_path(const std::filesystem::path& out_dir);

/// One line per input file (path, size, modification time) under each of `dirs`, then `extra`
/// lines (options, the generator binary's identity). Sorted and deterministic; reading it costs a
/// stat per file, not a read.
std::string fingerprint(const std::vector<std::filesystem::path>& dirs,
                        const std::vector<std::string>& extra);

/// The fingerprint of a build's inputs: every file of the book's source, data, templates and
/// reference folders (stamps, not contents), book.toml, the options that change the output, the
/// build date and the generator binary's identity.
std::string input_fingerprint(const BuildOptions& options, const measure::CollectOptions& measure,
                              const std::string& date);

/// A hash of this build's own measurement document ("" when it has none).
std::string measurements_hash(const measure::Store& store);

/// What a build records: the inputs' fingerprint, the probes its pages use of host `this`, and a
/// hash of this build's measurement document ("" when it has none).
struct Manifest {
    std::string inputs;
    std::set<std::string> probes;
    std::string measurements;
    std::string text() const;
};

/// The manifest beside `out_dir`, when both it and out_dir exist and it parses.
std::optional<Manifest> read_manifest(const std::filesystem::path& out_dir);

/// Removes the manifest (before the site is replaced: a site without its manifest is rebuilt).
void remove_manifest(const std::filesystem::path& out_dir);

/// Writes the manifest atomically (a temporary file renamed over it).
void write_manifest(const std::filesystem::path& out_dir, const Manifest& manifest);

} // namespace gpuguide::render
