#include "serve/serve.hpp"

#include "load/files.hpp"
#include "render/manifest.hpp"
#include "render/templates.hpp"

#include <chrono>
#include <httplib.h>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

namespace gpuguide::serve {
namespace {

std::string content_type(const std::filesystem::path& file) {
    const auto extension = file.extension().string();
    if (extension == ".html")
        return "text/html; charset=utf-8";
    if (extension == ".css")
        return "text/css; charset=utf-8";
    if (extension == ".js")
        return "text/javascript; charset=utf-8";
    if (extension == ".svg")
        return "image/svg+xml";
    if (extension == ".png")
        return "image/png";
    if (extension == ".jpg" || extension == ".jpeg")
        return "image/jpeg";
    if (extension == ".json")
        return "application/json";
    if (extension == ".xml")
        return "application/xml";
    return "application/octet-stream";
}

// Inputs as a fingerprint of names, sizes and times: a change to any of them means a rebuild.
std::string inputs_state(const render::BuildOptions& options) {
    if (const auto& project = options.project) {
        // Not the project's root: it holds the site (build-dir), which each rebuild changes.
        std::error_code error;
        const auto toml = project->root / "book.toml";
        const auto changed = std::filesystem::last_write_time(toml, error).time_since_epoch();
        return render::fingerprint(
            {project->root / project->src, project->root / "data", options.templates_dir},
            {"book.toml\t" + std::to_string(changed.count())});
    }
    return render::fingerprint({options.content_dir, options.templates_dir}, {});
}

} // namespace

std::string reload_script(const render::Templates& templates, unsigned long version) {
    auto [script, after] = templates.wrapper("serve-reload", {{"version", version}});
    return script + after;
}

namespace {

/// Answers GET PATH from the site in `root`: the file, or 404.html with status 404; HTML pages get
/// the reload script of the site's `templates` for `version`. `build_mutex` keeps a rebuild from
/// swapping the site or its templates mid-read.
void serve_file(const std::filesystem::path& root, std::mutex& build_mutex,
                const std::optional<render::Templates>& templates, unsigned long version,
                const httplib::Request& request, httplib::Response& response) {
    std::string path = request.path;
    if (path.find("..") != std::string::npos) {
        response.status = 400;
        return;
    }
    if (path.ends_with('/')) {
        path += "index.html";
    }
    std::string body, script;
    std::filesystem::path file = root / path.substr(1);
    {
        std::lock_guard lock(build_mutex);
        std::error_code error;
        if (!std::filesystem::is_regular_file(file, error)) {
            file = root / "404.html";
            response.status = 404;
        }
        try {
            body = read_file(file);
        } catch (const std::exception&) {
            response.status = 404;
            response.set_content("not found", "text/plain");
            return;
        }
        if (file.extension() == ".html" && templates) {
            script = reload_script(*templates, version);
        }
    }
    if (!script.empty()) {
        const auto end = body.rfind("</body>");
        body.insert(end == std::string::npos ? body.size() : end, script);
    }
    response.set_header("Cache-Control", "no-store");
    response.set_content(body, content_type(file));
}

// A build's warnings and its one-line summary.
void print_report(const render::BuildReport& report, bool first) {
    for (const auto& warning : report.warnings) {
        std::cerr << warning << "\n";
    }
    std::cerr << (first ? "built " : "rebuilt ") << report.pages << " pages in " << report.seconds
              << " s"
              << (report.pages_rendered < report.pages
                      ? " (" + std::to_string(report.pages_rendered) + " rendered)"
                      : std::string())
              << "\n";
}

} // namespace

int serve(const ServeOptions& options, const std::atomic<bool>& stop) {
    std::atomic<unsigned long> version{1};
    std::mutex build_mutex; // one build at a time; requests read files between swaps
    std::optional<render::Templates> templates; // the built site's theme, for the reload script
    auto rebuild = [&](bool first) {
        std::lock_guard lock(build_mutex);
        try {
            print_report(render::build_site(options.build), first);
            templates.emplace(options.build.templates_dir);
            return true;
        } catch (const std::exception& error) {
            std::cerr << error.what()
                      << "\n(the previous site is still served; fix the problem and save)\n";
            return false;
        }
    };
    rebuild(true);

    httplib::Server server;
    const auto root = options.build.out_dir;
    server.Get("/__gpuguide/version", [&](const httplib::Request&, httplib::Response& response) {
        response.set_header("Cache-Control", "no-store");
        response.set_content(std::to_string(version.load()), "text/plain");
    });
    server.Get(R"(/.*)", [&](const httplib::Request& request, httplib::Response& response) {
        serve_file(root, build_mutex, templates, version.load(), request, response);
    });

    std::atomic<bool> listening_ended{false};
    std::thread watcher([&] {
        std::string state = inputs_state(options.build);
        while (!stop && !listening_ended) {
            std::this_thread::sleep_for(std::chrono::milliseconds(options.poll_ms));
            const std::string now = inputs_state(options.build);
            if (now != state) {
                state = now;
                if (rebuild(false)) {
                    ++version;
                }
            }
        }
        server.stop();
    });
    std::cerr << "serving " << root.generic_string() << " at http://" << options.host << ":"
              << options.port << "/ (Ctrl-C stops)\n";
    const bool ok = server.listen(options.host.c_str(), options.port);
    listening_ended = true;
    watcher.join();
    if (!ok && !stop) {
        std::cerr << "cannot listen on " << options.host << ":" << options.port
                  << "; is the port in use? pass --port N\n";
        return 1;
    }
    return 0;
}

} // namespace gpuguide::serve
