// Only the files a browser loads are copied (about 0.55 MB with the fonts, Debian 12's KaTeX
// 0.16.4); the site names them in every page's head through base_view's extra_css/extra_js, with
// assets/math.js to run KaTeX.
#include "render/math_assets.hpp"

#include "load/error.hpp"

#include <cstdlib>

#ifndef GPUGUIDE_KATEX_DIR
#define GPUGUIDE_KATEX_DIR "/usr/share/javascript/katex"
#endif

namespace gpuguide::render {

std::filesystem::path katex_dir() {
    const char* dir = std::getenv("GPUGUIDE_KATEX_DIR");
    return dir != nullptr && *dir != '\0' ? dir : GPUGUIDE_KATEX_DIR;
}

bool use_katex(const BookConfig* config, std::vector<std::string>& warnings) {
    if (config == nullptr || !config->mathjax_support) {
        return false;
    }
    const auto dir = katex_dir();
    if (std::filesystem::is_regular_file(dir / "katex.min.js") &&
        std::filesystem::is_regular_file(dir / "katex.min.css") &&
        std::filesystem::is_directory(dir / "fonts")) {
        return true;
    }
    warnings.push_back(located(config->root / "book.toml", config->mathjax_line,
                               "warning: mathjax-support = true, but KaTeX is not in " +
                                   dir.generic_string() +
                                   ", so the formulas show as TeX source; install it (Debian, "
                                   "Ubuntu: apt-get install libjs-katex) or set "
                                   "GPUGUIDE_KATEX_DIR to a folder with katex.min.js, "
                                   "katex.min.css and fonts/"));
    return false;
}

void copy_katex(const std::filesystem::path& site_dir) {
    const auto from = katex_dir();
    const auto to = site_dir / "katex";
    std::filesystem::create_directories(to / "fonts");
    for (const auto* file : {"katex.min.js", "katex.min.css"}) {
        // copy_file follows Debian's links (katex.min.js -> katex.js, fonts -> fonts-katex's).
        std::filesystem::copy_file(from / file, to / file,
                                   std::filesystem::copy_options::overwrite_existing);
    }
    for (const auto& font : std::filesystem::directory_iterator(from / "fonts")) {
        if (font.path().extension() == ".woff2") {
            std::filesystem::copy_file(font.path(), to / "fonts" / font.path().filename(),
                                       std::filesystem::copy_options::overwrite_existing);
        }
    }
}

} // namespace gpuguide::render
