#include "runner/cache.hpp"

#include "schema/io.hpp"
#include "schema/schema.hpp"

#include <cstdint>
#include <cstdio>

namespace gpuguide::probes {
namespace fs = std::filesystem;

std::string cache_key(const nlohmann::json& identity, bool quick) {
    nlohmann::json inputs = nlohmann::json::object();
    for (const char* field : {"source_hash", "probe_version", "compiler", "flags", "driver",
                              "cuda_driver", "cuda_runtime", "cublas", "gpus", "host", "cpu"})
        inputs[field] = identity.value(field, nlohmann::json());
    inputs["quick"] = quick;
    // dump() writes object keys sorted, so equal inputs give equal text.
    std::string text = inputs.dump();
    std::uint64_t hash = 14695981039346656037ull; // FNV-1a 64 offset basis
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull; // FNV-1a 64 prime
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

ProbeCache::ProbeCache(fs::path cache_dir, std::string key)
    : root_(cache_dir / "probes"), folder_(root_ / key) {}

std::optional<nlohmann::json> ProbeCache::load(const std::string& probe_key) const {
    fs::path path = folder_ / (probe_key + ".json");
    std::error_code ec;
    if (!fs::exists(path, ec))
        return std::nullopt;
    try {
        nlohmann::json document = schema::read_json_file(path);
        const auto& entry = document.at("probes").at(probe_key);
        std::string status = entry.at("status");
        if (!schema::validate_document(document).empty() || status == schema::kStatusFailed)
            return std::nullopt;
        return document;
    } catch (const std::exception&) {
        return std::nullopt; // damaged by hand or by a full disk: measure again
    }
}

void ProbeCache::store(const std::string& probe_key, const nlohmann::json& document) const {
    schema::write_file_atomically(folder_ / (probe_key + ".json"), schema::dump_document(document));
}

fs::path ProbeCache::keep_rejected(const std::string& probe_key, const std::string& text) const {
    fs::path path = folder_ / "rejected" / (probe_key + ".json");
    schema::write_file_atomically(path, text);
    return path;
}

fs::path ProbeCache::scratch_dir() const {
    return root_ / "scratch";
}

} // namespace gpuguide::probes
