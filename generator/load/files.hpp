#pragma once
/// Small file helpers shared by every stage.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide {

/// Whole file as bytes; InputError naming the file when it cannot be read.
std::string read_file(const std::filesystem::path& path);

/// Writes bytes, creating parent folders; std::runtime_error naming the file on failure.
void write_file(const std::filesystem::path& path, std::string_view bytes);

/// Files under dir (recursively, regular files only), as paths relative to dir, sorted so that
/// everything built from the listing is deterministic.
std::vector<std::filesystem::path> list_files_sorted(const std::filesystem::path& dir);

} // namespace gpuguide
