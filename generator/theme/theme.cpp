#include "theme/theme.hpp"

#include "load/files.hpp"

#include <algorithm>
#include <map>

namespace gpuguide::theme {
namespace {

// "partials" matches "partials/header.mustache", not "partials-old/x" nor "partials" itself.
bool is_below(std::string_view path, std::string_view folder) {
    return folder.empty() ||
           (path.size() > folder.size() && path.starts_with(folder) && path[folder.size()] == '/');
}

} // namespace

Theme::Theme(std::filesystem::path override_dir) : override_dir_(std::move(override_dir)) {}

std::filesystem::path Theme::built_in_origin(std::string_view path) {
    return std::filesystem::path("<built-in theme>") / std::string(path);
}

std::optional<File> Theme::find(std::string_view path) const {
    const auto own = override_dir_ / std::string(path);
    if (std::filesystem::is_regular_file(own)) {
        return File{std::string(path), read_file(own), own, false};
    }
    const auto files = built_in_files();
    const auto found = std::lower_bound(
        files.begin(), files.end(), path,
        [](const EmbeddedFile& file, std::string_view wanted) { return file.path < wanted; });
    if (found != files.end() && found->path == path) {
        return File{std::string(path), std::string(found->bytes), built_in_origin(path), true};
    }
    return std::nullopt;
}

std::vector<File> Theme::list(std::string_view folder) const {
    std::map<std::string, File> merged;
    for (const auto& file : built_in_files()) {
        if (is_below(file.path, folder)) {
            merged[std::string(file.path)] = File{std::string(file.path), std::string(file.bytes),
                                                  built_in_origin(file.path), true};
        }
    }
    const auto own_folder = override_dir_ / std::string(folder);
    if (std::filesystem::is_directory(own_folder)) {
        for (const auto& relative : list_files_sorted(own_folder)) {
            const std::string path = std::string(folder) + "/" + relative.generic_string();
            merged[path] =
                File{path, read_file(own_folder / relative), own_folder / relative, false};
        }
    }
    std::vector<File> files;
    files.reserve(merged.size());
    for (auto& [path, file] : merged) {
        files.push_back(std::move(file));
    }
    return files;
}

std::vector<std::string> write_built_in(const std::filesystem::path& dir, bool overwrite) {
    std::vector<std::string> written;
    for (const auto& file : built_in_files()) {
        const auto target = dir / std::string(file.path);
        if (!overwrite && std::filesystem::exists(target)) {
            continue;
        }
        write_file(target, file.bytes);
        written.emplace_back(file.path);
    }
    return written;
}

} // namespace gpuguide::theme
