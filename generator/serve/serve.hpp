#pragma once
/// `gpuguide serve`: a local preview that rebuilds when content or templates change.
#include "render/site.hpp"
#include "render/templates.hpp"

#include <atomic>
#include <string>

namespace gpuguide::serve {

struct ServeOptions {
    render::BuildOptions build;
    std::string host = "127.0.0.1";
    int port = 8000;
    int poll_ms = 500; ///< how often inputs are checked for changes
};

/// Serves options.build.out_dir over HTTP on host:port; rebuilds on change (a failed rebuild
/// keeps the previous site and prints the error) and makes open pages reload through a small
/// script injected into HTML responses that polls /__gpuguide/version. Runs until `stop` turns
/// true (checked every poll) or the server fails; returns the process exit status.
int serve(const ServeOptions& options, const std::atomic<bool>& stop);

/// The script injected before </body> of every HTML response in serve mode: the theme's
/// serve-reload partial for the site's build `version`, its final line break dropped.
std::string reload_script(const render::Templates& templates, unsigned long version);

} // namespace gpuguide::serve
