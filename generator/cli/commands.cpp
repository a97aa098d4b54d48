#include "cli/commands.hpp"

#include "load/book_toml.hpp"
#include "load/error.hpp"
#include "load/files.hpp"
#include "numbers/number.hpp"
#include "preprocess/renderers.hpp"
#include "render/check.hpp"
#include "serve/serve.hpp"
#include "theme/theme.hpp"

#include <csignal>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace gpuguide::cli {
namespace {

std::atomic<bool> g_stop{false};

void on_signal(int) {
    g_stop = true;
}

std::string fixed(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", seconds);
    return buffer;
}

} // namespace

render::BuildOptions finish_options(const BuildArgs& args) {
    auto options = args.options;
    options.langs.clear();
    std::size_t start = 0;
    while (start < args.langs.size()) {
        auto end = args.langs.find(',', start);
        end = end == std::string::npos ? args.langs.size() : end;
        if (end > start) {
            options.langs.push_back(args.langs.substr(start, end - start));
        }
        start = end + 1;
    }
    if (!args.content_given && std::filesystem::is_regular_file("book.toml")) {
        auto config = load_book_toml("book.toml");
        for (const auto& warning : config.warnings) {
            std::cerr << warning << "\n";
        }
        options.content_dir = config.root;
        if (!args.out_given) {
            options.out_dir = preprocess::html_dir(config); // build-dir, or build-dir/html
        }
        if (!args.templates_given) {
            options.templates_dir = config.root / "templates";
        }
        options.project = std::move(config);
    }
    options.source_date_epoch = render::source_date_epoch_from_env();
    options.measure.quiet = args.quiet;
    const auto threshold =
        numbers::read(args.fleet_threshold, numbers::Rule{.min = 0.5, .max = 100});
    if (!threshold.value) {
        throw InputError("--fleet-threshold " + threshold.problem +
                         " (robust standard deviations; the default is 3.5)");
    }
    options.fleet_threshold = *threshold.value;
    return options;
}

// "probes: none used by the pages, no probe process started" / "probes: cpu.info, ... (3
// processes)": what this build measured goes to the log, never into the pages.
std::string probes_line(const render::BuildReport& report) {
    std::string line = "probes: ";
    if (report.probes.empty()) {
        line += "none used by the pages";
    } else {
        bool first = true;
        for (const auto& key : report.probes) {
            line += (first ? "" : ", ") + key;
            first = false;
        }
    }
    if (report.probe_processes == 0) {
        return line + "; no probe process started";
    }
    return line + "; " + std::to_string(report.probe_processes) + " probe process" +
           (report.probe_processes == 1 ? "" : "es") + " started";
}

// mdBook's other renderers ([output.NAME]), each into its own folder, once the HTML is there:
// "renderer NAME: wrote ..." for each, what they print on stderr.
void run_renderers(const render::BuildOptions& options) {
    if (!options.project || options.project->renderers.empty()) {
        return;
    }
    std::cout << std::flush; // the HTML's lines first, whatever a renderer then says
    for (const auto& line : preprocess::run_renderers(*options.project)) {
        std::cerr << line << "\n";
    }
    for (const auto& table : options.project->renderers) {
        const auto dir = options.project->root / options.project->build_dir / table.name;
        if (std::filesystem::exists(dir)) {
            std::cout << "renderer " << table.name << ": wrote into " << dir.generic_string()
                      << "\n";
        }
    }
}

int run_build(const BuildArgs& args) {
    const auto options = finish_options(args);
    const auto report = render::build_site(options);
    for (const auto& warning : report.warnings) {
        std::cerr << warning << "\n";
    }
    if (report.up_to_date) {
        std::cout << "gpuguide: " << options.out_dir.generic_string() << " is up to date ("
                  << fixed(report.seconds) << " s; --force rebuilds)\n"
                  << probes_line(report) << "\n";
    } else {
        std::cout << "gpuguide: built " << report.pages << " page" << (report.pages == 1 ? "" : "s")
                  << " in " << report.languages << " language" << (report.languages == 1 ? "" : "s")
                  << " into " << options.out_dir.generic_string() << " in " << fixed(report.seconds)
                  << " s"
                  << (report.pages_rendered < report.pages
                          ? " (" + std::to_string(report.pages_rendered) +
                                " rendered: the edited pages and their neighbours; the rest kept)"
                          : std::string())
                  << "\n"
                  << "measurements: " << report.measurement_source << "\n"
                  << probes_line(report) << "\n";
    }
    run_renderers(options);
    return 0;
}

int run_init(const std::filesystem::path& dir) {
    for (const auto* file : {"book.toml", "src/SUMMARY.md", "src/chapter_1.md"}) {
        if (std::filesystem::exists(dir / file)) {
            throw InputError((dir / file).generic_string() +
                             ": already exists; gpuguide init writes a new book only into a "
                             "folder without one (pass another DIR)");
        }
    }
    std::filesystem::create_directories(dir / "src");
    write_file(dir / "book.toml", "[book]\n"
                                  "title = \"My book\"\n"
                                  "authors = []\n"
                                  "language = \"en\"\n"
                                  "src = \"src\"\n"
                                  "\n"
                                  "[build]\n"
                                  "build-dir = \"book\"\n");
    write_file(dir / "src" / "SUMMARY.md", "# Summary\n\n- [Chapter 1](chapter_1.md)\n");
    write_file(dir / "src" / "chapter_1.md",
               "# Chapter 1\n\n"
               "This page was built on a machine with `value:cpu.info/threads` hardware threads "
               "(`value:cpu.info/model`).\n\n"
               "Those two figures come from the `cpu.info` probe, run by `gpuguide build` on the "
               "machine that builds the book; see the GPU Guide's README for the other probes.\n");
    std::cout << "gpuguide: wrote a new book into " << dir.generic_string()
              << "; build it with: cd " << dir.generic_string() << " && gpuguide build\n";
    return 0;
}

int run_check(const BuildArgs& args, const std::string& site_dir, bool above_root_ok) {
    std::filesystem::path site = site_dir;
    std::filesystem::path temporary;
    if (!site.empty() && args.out_given) {
        throw InputError("gpuguide check: --site and --out together; give --site DIR to check a "
                         "built site, or --out DIR to build the book into DIR and check it");
    }
    if (site.empty()) {
        // Build first: into --out when given (the site is kept), else into a temporary folder.
        auto options = finish_options(args);
        if (!args.out_given) {
            temporary = std::filesystem::temp_directory_path() /
                        ("gpuguide-check-" + std::to_string(::getpid()));
            options.out_dir = temporary / "site";
            std::filesystem::create_directories(temporary);
        }
        render::build_site(options);
        site = options.out_dir;
    } else if (!std::filesystem::is_directory(site)) {
        throw InputError(site.generic_string() +
                         ": no such site folder; build first or pass --site DIR");
    }
    const auto problems = render::check_site(site, above_root_ok);
    for (const auto& problem : problems) {
        std::cout << problem.file << ": " << problem.link << " → " << problem.problem << "\n";
    }
    if (!temporary.empty()) {
        std::filesystem::remove_all(temporary);
    }
    if (!problems.empty()) {
        std::cout << "gpuguide check: " << problems.size() << " problem"
                  << (problems.size() == 1 ? "" : "s") << " in " << site.generic_string() << "\n";
        return 1;
    }
    std::cout << "gpuguide check: every link, anchor and image resolves; no id repeats\n";
    return 0;
}

int run_serve(const BuildArgs& args, int port) {
    serve::ServeOptions options;
    options.build = finish_options(args);
    options.port = port;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    return serve::serve(options, g_stop);
}

int run_theme(const std::string& dir, bool overwrite) {
    const auto written = theme::write_built_in(dir, overwrite);
    const auto total = theme::built_in_files().size();
    std::cout << "gpuguide theme: wrote " << written.size() << " of " << total
              << " built-in theme files into " << dir << "\n";
    if (written.size() < total) {
        std::cout << "  " << total - written.size()
                  << " were there already and kept (--force replaces them)\n";
    }
    std::cout << "  build with --templates " << dir
              << "; a file you delete there falls back to the built-in one\n";
    return 0;
}

namespace {

double fleet_number(const std::string& option, const std::string& text, const numbers::Rule& rule) {
    const auto reading = numbers::read(text, rule);
    if (!reading.value) {
        throw InputError("gpuguide fleet: " + option + " " + reading.problem);
    }
    return *reading.value;
}

} // namespace

int run_fleet(FleetArgs args) {
    auto& options = args.options;
    options.wait_timeout_s = fleet_number("--wait-timeout", args.wait_timeout,
                                          numbers::Rule{.min = 0, .max = 7 * 24 * 3600.0});
    options.poll_s = fleet_number("--poll", args.poll, numbers::Rule{.min = 0.1, .max = 3600});
    if (options.collect_job.empty() && options.probe_exe.empty()) {
        // gpuguide-probe of this build tree (build/default/probes/), else next to gpuguide.
        options.probe_exe = "build/default/probes/gpuguide-probe";
    }
    if (!options.collect_job.empty() &&
        !numbers::read(options.collect_job, numbers::Rule{.whole = true, .min = 1, .max = 4e9})
             .value) {
        throw InputError("gpuguide fleet: --collect takes the array's job id (a whole number), "
                         "not \"" +
                         options.collect_job + "\"");
    }
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    fleet::FleetReport report;
    try {
        report = fleet::run_fleet(options, g_stop, std::cout);
    } catch (const fleet::FleetError& error) {
        std::cerr << "gpuguide fleet: " << error.what() << "\n";
        return 1;
    }
    for (const auto& fault : report.faults) {
        std::cerr << "gpuguide fleet: " << fault.node << ": "
                  << (fault.job.empty() ? "" : "job " + fault.job + ": ") << fault.reason << "\n";
    }
    if (report.cancelled) {
        std::cerr << "gpuguide fleet: stopped; cancelled job " << report.job << " (scancel); "
                  << options.out_dir.generic_string() << " left as it was\n";
        return 130;
    }
    if (report.submitted_only) {
        std::cout << "gpuguide fleet: submitted job " << report.job
                  << "; collect its documents with: gpuguide fleet --slurm --collect " << report.job
                  << "\n";
        return 0;
    }
    std::cout << "gpuguide fleet: " << report.collected.size() << " document"
              << (report.collected.size() == 1 ? "" : "s") << " written to "
              << options.out_dir.generic_string() << ", " << report.faults.size() << " fault"
              << (report.faults.size() == 1 ? "" : "s") << "\n";
    return report.collected.empty() ? 1 : 0;
}

} // namespace gpuguide::cli
