#pragma once
/// The gpuguide subcommands; main.cpp wires them to CLI11.
#include "render/site.hpp"

#include <string>

namespace gpuguide::cli {

/// Options of `build` (also used by `check` when it builds first, and by `serve`).
struct BuildArgs {
    render::BuildOptions options;
    std::string langs; ///< "en,zh"
    bool quiet = false;
};

/// Turns parsed arguments into BuildOptions (splits --lang, reads SOURCE_DATE_EPOCH).
render::BuildOptions finish_options(const BuildArgs& args);

int run_build(const BuildArgs& args);
int run_check(const BuildArgs& args, const std::string& site_dir);
int run_serve(const BuildArgs& args, int port);

} // namespace gpuguide::cli
