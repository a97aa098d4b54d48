// The default theme on disk for one build: embedded files, then the book's own over them.
#include "load/files.hpp"
#include "render/default_theme.hpp"

#include <atomic>
#include <unistd.h>

namespace gpuguide::render {

void write_default_theme(const std::filesystem::path& dir) {
    for (const auto& file : default_theme()) {
        std::filesystem::create_directories((dir / file.path).parent_path());
        write_file(dir / file.path, file.data);
    }
}

ThemeDir::ThemeDir(const std::filesystem::path& overrides) {
    static std::atomic<unsigned> count{0};
    path_ = std::filesystem::temp_directory_path() /
            ("gpuguide-theme-" + std::to_string(::getpid()) + "-" + std::to_string(count++));
    std::filesystem::remove_all(path_);
    write_default_theme(path_);
    if (std::filesystem::is_directory(overrides)) {
        for (const auto& file : list_files_sorted(overrides)) {
            std::filesystem::create_directories((path_ / file).parent_path());
            std::filesystem::copy_file(overrides / file, path_ / file,
                                       std::filesystem::copy_options::overwrite_existing);
        }
    }
}

ThemeDir::~ThemeDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

} // namespace gpuguide::render
