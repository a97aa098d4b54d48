#include "render/manifest.hpp"

#include "load/files.hpp"

#include <system_error>

namespace gpuguide::render {

std::string fingerprint(const std::vector<std::filesystem::path>& dirs,
                        const std::vector<std::string>& extra) {
    std::string text = "gpuguide-manifest 1\n";
    for (const auto& dir : dirs) {
        text += "dir\t" + dir.generic_string() + "\n";
        for (const auto& file : list_files_sorted(dir)) {
            std::error_code error;
            const auto path = dir / file;
            const auto size = std::filesystem::file_size(path, error);
            const auto time =
                std::filesystem::last_write_time(path, error).time_since_epoch().count();
            text += file.generic_string() + "\t" + std::to_string(size) + "\t" +
                    std::to_string(time) + "\n";
        }
    }
    for (const auto& line : extra) {
        text += line + "\n";
    }
    return text;
}

bool up_to_date(const std::filesystem::path& site_dir, const std::string& fingerprint) {
    const auto file = site_dir / kManifestName;
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error)) {
        return false;
    }
    try {
        return read_file(file) == fingerprint;
    } catch (const std::exception&) {
        return false;
    }
}

} // namespace gpuguide::render
