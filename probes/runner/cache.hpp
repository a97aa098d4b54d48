// The probe result cache: one file per probe under a folder named by the cache key.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace gpuguide::probes {

/// A stable key (16 hex digits, FNV-1a 64) over everything that can change a result: probe
/// sources (source_hash), probe version, compiler and flags, driver, CUDA driver and runtime,
/// cuBLAS, GPU UUIDs and names, host, CPU model, and quick mode. `identity` is
/// `gpuguide-probe --identity`'s output.
std::string cache_key(const nlohmann::json& identity, bool quick);

/// Results stored under `cache_dir/probes/<key>/<probe key>.json`, each a complete one-probe
/// measurement document written atomically. Unreadable or invalid files count as absent.
class ProbeCache {
  public:
    ProbeCache(std::filesystem::path cache_dir, std::string key);

    /// The stored document for a probe, if one is there and valid.
    std::optional<nlohmann::json> load(const std::string& probe_key) const;

    /// Stores a one-probe document (temp file + fsync + rename: a killed run leaves the old file).
    void store(const std::string& probe_key, const nlohmann::json& document) const;

    /// Keeps a rejected probe output for inspection; returns where it was written.
    std::filesystem::path keep_rejected(const std::string& probe_key,
                                        const std::string& text) const;

    /// Folder for the probe processes' own output files.
    std::filesystem::path scratch_dir() const;

    const std::filesystem::path& folder() const { return folder_; }

  private:
    std::filesystem::path root_, folder_;
};

} // namespace gpuguide::probes
