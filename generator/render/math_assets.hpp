#pragma once
/// KaTeX for the formulas of a book with `mathjax-support`: Debian's libjs-katex (and its
/// fonts-katex), copied into the site's katex/ so formulas typeset offline, also from file://.
#include "load/book_toml.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::render {

/// Where KaTeX is looked for: $GPUGUIDE_KATEX_DIR when set, else the folder CMake's
/// GPUGUIDE_KATEX_DIR named (/usr/share/javascript/katex, Debian's libjs-katex).
std::filesystem::path katex_dir();

/// Whether the site gets KaTeX: `config` asks for math and katex_dir() holds katex.min.js,
/// katex.min.css and fonts/. When it asks and KaTeX is missing, a warning naming the book and
/// how to fix it goes to `warnings` (the formulas then show as their TeX source).
bool use_katex(const BookConfig* config, std::vector<std::string>& warnings);

/// Copies katex.min.js, katex.min.css and the fonts' .woff2 files (the first format the CSS
/// offers, which every current browser reads) into `site_dir`/katex/.
void copy_katex(const std::filesystem::path& site_dir);

} // namespace gpuguide::render
