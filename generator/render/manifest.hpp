#pragma once
/// The no-change shortcut: a fingerprint of every input, kept in the site as .gpuguide-manifest.
/// When a new build's fingerprint equals the one in the site, nothing is written at all.
#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::render {

inline constexpr const char* kManifestName = ".gpuguide-manifest";

/// One line per input file (path, size, modification time) under each of `dirs`, then `extra`
/// lines (options, a hash of this build's measurements, the generator binary's identity).
/// Sorted and deterministic; reading it costs a stat per file, not a read.
std::string fingerprint(const std::vector<std::filesystem::path>& dirs,
                        const std::vector<std::string>& extra);

/// True when `site_dir` holds a manifest equal to `fingerprint`.
bool up_to_date(const std::filesystem::path& site_dir, const std::string& fingerprint);

} // namespace gpuguide::render
