#pragma once
/// mdBook's alternative renderers: each `[output.NAME]` table but html names a program that gets
/// mdBook's RenderContext as JSON on stdin (docs/src/mdbook.md "Renderers"), run as mdBook's
/// CmdRenderer runs it.
#include "load/book_toml.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::preprocess {

/// Where the HTML goes, as mdBook's build_dir_for("html"): build-dir itself when html is the only
/// renderer, else build-dir/html (gpuguide always builds the HTML).
std::filesystem::path html_dir(const BookConfig& config);

/// Runs every renderer of config.renderers, in order: the book loaded again and preprocessed for
/// NAME (run_preprocessors with renderer NAME), then the command with {version, root, book,
/// config, destination} on stdin, in its folder build-dir/NAME (made first, never emptied), a
/// first word with a `/` taken from book.toml's folder. Returns the warnings (a missing optional
/// one; what each wrote to stdout and stderr). Throws InputError naming the renderer and its
/// book.toml line when one is missing, fails or runs past its timeout.
std::vector<std::string> run_renderers(const BookConfig& config);

} // namespace gpuguide::preprocess
