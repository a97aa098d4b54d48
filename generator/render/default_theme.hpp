#pragma once
/// The built-in default theme: the repository's templates/ (layout, partials, tables, strings,
/// assets), embedded in the binary at build time, for books without a templates/ folder.
#include <filesystem>
#include <string_view>
#include <vector>

namespace gpuguide::render {

struct ThemeFile {
    std::string_view path; ///< "layout.mustache", "assets/guide.css", ...
    std::string_view data;
};

/// Every file of the default theme, sorted by path.
const std::vector<ThemeFile>& default_theme();

/// A folder holding the default theme with the files of `overrides` (a book's templates/, if it
/// exists) written over it, file by file, as mdBook's theme/ overrides its built-in theme.
/// Removed when this object goes.
class ThemeDir {
  public:
    explicit ThemeDir(const std::filesystem::path& overrides);
    ~ThemeDir();
    ThemeDir(const ThemeDir&) = delete;
    ThemeDir& operator=(const ThemeDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

/// Writes the default theme into `dir` (gpuguide init, and ThemeDir).
void write_default_theme(const std::filesystem::path& dir);

} // namespace gpuguide::render
