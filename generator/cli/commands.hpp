#pragma once
/// The gpuguide subcommands; main.cpp wires them to CLI11.
#include "fleet/fleet.hpp"
#include "render/site.hpp"

#include <string>

namespace gpuguide::cli {

/// Options of `build` (also used by `check` when it builds first, and by `serve`).
struct BuildArgs {
    render::BuildOptions options;
    std::string langs;                   ///< "en,zh"
    std::string fleet_threshold = "3.5"; ///< as given; read by lib/numbers
    bool quiet = false;
    bool content_given = false, templates_given = false, out_given = false;
};

/// Turns parsed arguments into BuildOptions (splits --lang, reads SOURCE_DATE_EPOCH). Without
/// --content, in a folder with book.toml (an mdBook project), reads it: its src is the book, its
/// build-dir the default --out, its templates/ (if any) the default --templates; its warnings
/// go to stderr.
render::BuildOptions finish_options(const BuildArgs& args);

int run_build(const BuildArgs& args);
/// Writes a minimal book into `dir` (book.toml, src/SUMMARY.md, src/chapter_1.md with a value of
/// the cpu.info probe) that `gpuguide build` builds at once; refuses to overwrite a book.
int run_init(const std::filesystem::path& dir);
int run_check(const BuildArgs& args, const std::string& site_dir, bool above_root_ok = false);
int run_serve(const BuildArgs& args, int port);

/// `gpuguide theme DIR`: writes the built-in theme's files into DIR (keeping existing ones unless
/// `overwrite`) and says which, and how a build picks them up.
int run_theme(const std::string& dir, bool overwrite);

/// `gpuguide fleet`: the options as given; the numbers still text, read by lib/numbers.
struct FleetArgs {
    fleet::FleetOptions options;
    std::string wait_timeout = "3600";
    std::string poll = "5";
};

/// Exit status: 0 when at least one document was collected (or --no-wait submitted), 1 when
/// none was, 130 after Ctrl-C / SIGTERM (jobs cancelled, --out untouched).
int run_fleet(FleetArgs args);

} // namespace gpuguide::cli
