#pragma once
/// Small file helpers shared by every stage.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide {

/// Whole file as bytes; InputError naming the file when it cannot be read.
std::string read_file(const std::filesystem::path& path);

/// Throws InputError "file:line: invalid UTF-8 ..." at the first byte that is not valid UTF-8.
void check_utf8(const std::filesystem::path& file, std::string_view text);

/// Writes bytes, creating parent folders; std::runtime_error naming the file on failure.
void write_file(const std::filesystem::path& path, std::string_view bytes);

/// Files under dir (recursively, regular files only), as paths relative to dir, sorted so that
/// everything built from the listing is deterministic.
std::vector<std::filesystem::path> list_files_sorted(const std::filesystem::path& dir);

} // namespace gpuguide
