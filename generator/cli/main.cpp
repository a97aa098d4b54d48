// gpuguide: build, check and serve the guide. Bad input exits 1 with `file:line: problem`; an
// internal error says so and exits 70 (load/error.hpp).
#include "cli/commands.hpp"
#include "load/error.hpp"
#include "version.hpp"

#include <CLI/CLI.hpp>
#include <dlfcn.h>
#include <iostream>

namespace {

// The allocator this process runs on, asked at run time rather than taken from the build options:
// jemalloc, when it replaced malloc (GPUGUIDE_JEMALLOC), answers mallctl("version"); a link that
// lost it says glibc. jemalloc's version reads "5.3.0-0-g54eaed1d...": the part before the hash.
std::string allocator_line() {
    using Mallctl = int (*)(const char*, void*, std::size_t*, void*, std::size_t);
    if (const auto mallctl = reinterpret_cast<Mallctl>(dlsym(RTLD_DEFAULT, "mallctl"))) {
        const char* version = nullptr;
        std::size_t size = sizeof version;
        if (mallctl("version", &version, &size, nullptr, 0) == 0 && version != nullptr) {
            const std::string_view text(version);
            return "memory allocator: jemalloc " + std::string(text.substr(0, text.find('-')));
        }
    }
    return "memory allocator: glibc malloc";
}

void add_build_options(CLI::App& command, gpuguide::cli::BuildArgs& args) {
    auto& options = args.options;
    command
        .add_option("--content", options.content_dir, "content folder (SUMMARY.md per language)")
        ->capture_default_str();
    command
        .add_option("--templates", options.templates_dir,
                    "the book's templates folder: each file in it replaces the built-in theme's")
        ->capture_default_str();
    command.add_option("--out", options.out_dir, "output folder, replaced atomically")
        ->capture_default_str();
    command.add_option("--base-url", options.base_url,
                       "absolute URL of the site; writes sitemap.xml");
    command.add_option("--measure", options.measure.mode, "where GPU figures come from")
        ->check(CLI::IsMember({"auto", "fresh", "cached", "reference"}))
        ->capture_default_str();
    command.add_option("--probe-exe", options.measure.probe_exe,
                       "gpuguide-probe to run (default: next to gpuguide)");
    command
        .add_option("--cache-dir", options.measure.cache_dir,
                    "probe results and highlighted code blocks")
        ->capture_default_str();
    command.add_option("--measurements", options.measure.this_document,
                       "use this measurement document as this build's (runs no probes)");
    command.add_option("--jobs,-j", options.jobs, "render threads (0: one per core)")
        ->capture_default_str();
    command.add_option("--lang", args.langs, "only these languages, e.g. en,zh (default: all)");
    command.add_flag("--force", options.force, "rebuild even when nothing changed");
    command
        .add_option("--fleet-threshold", args.fleet_threshold,
                    "fleet page: flag figures worse than their node type's median by more than "
                    "this many robust standard deviations")
        ->capture_default_str();
    command.add_flag("--quiet,-q", args.quiet, "no probe progress lines");
}

/// `gpuguide fleet` and its options, read into `fleet_args` (`--slurm` is required: the one
/// scheduler supported, named so that others can join).
CLI::App* add_fleet_command(CLI::App& app, gpuguide::cli::FleetArgs& fleet_args, bool& slurm) {
    auto& fleet_options = fleet_args.options;
    auto* fleet = app.add_subcommand(
        "fleet", "measure the nodes of a Slurm cluster; one document per host in --out");
    fleet->add_flag("--slurm", slurm, "submit through Slurm (the one scheduler supported)")
        ->required();
    fleet->add_option("--partition", fleet_options.partitions, "only this partition (repeatable)");
    fleet->add_option("--nodes", fleet_options.nodes, "only these nodes, a Slurm node list");
    fleet->add_flag("--per-node-type", fleet_options.per_node_type,
                    "one node per hardware type (GPUs, CPUs, memory, features)");
    fleet->add_option("--gres", fleet_options.gres, "passed to sbatch, e.g. gpu:1");
    fleet->add_option("--time", fleet_options.time, "time limit per task, passed to sbatch")
        ->capture_default_str();
    fleet->add_option("--account", fleet_options.account, "passed to sbatch");
    fleet->add_option("--probe-exe", fleet_options.probe_exe,
                      "gpuguide-probe on a path every node shares "
                      "(default build/default/probes/gpuguide-probe)");
    auto* sbcast = fleet->add_flag(
        "--sbcast", fleet_options.sbcast,
        "send --probe-exe to each node with sbcast as its task starts (for a probe "
        "program on a path the nodes do not share; --work-dir must still be shared)");
    fleet->add_flag("--assume-shared", fleet_options.assume_shared,
                    "skip the check that the nodes can see --probe-exe and --work-dir (they are "
                    "at the same path on every node, though not on a network file system here)");
    fleet->add_option("--probe-arg", fleet_options.probe_args,
                      "extra argument for gpuguide-probe (repeatable), e.g. --quick");
    fleet->add_option("--out", fleet_options.out_dir, "one HOST.json per node, written atomically")
        ->capture_default_str();
    fleet
        ->add_option("--work-dir", fleet_options.work_dir,
                     "task script and output, on a path every node shares")
        ->capture_default_str();
    fleet
        ->add_option("--wait-timeout", fleet_args.wait_timeout,
                     "seconds to wait; then unfinished tasks are cancelled and reported")
        ->capture_default_str();
    fleet->add_option("--poll", fleet_args.poll, "seconds between squeue calls")
        ->capture_default_str();
    // --sbcast needs the command to stay: it sends the probe to each task as the task starts.
    auto* no_wait = fleet->add_flag("--no-wait", fleet_options.no_wait,
                                    "submit and exit; collect later with --collect JOBID");
    no_wait->excludes(sbcast);
    fleet
        ->add_option("--collect", fleet_options.collect_job,
                     "wait for and collect an array submitted with --no-wait")
        ->excludes(no_wait);

    return fleet;
}

/// Moves every option's default into its description ("... (default: site)"): CLI11 2.1
/// (Debian 12) shows it as "--out TEXT=site", later releases (Debian 13) as "--out TEXT [site]",
/// and --help, its man page and the manual's copy of it should read the same on both.
void defaults_in_descriptions(CLI::App& command) {
    for (CLI::Option* option : command.get_options()) {
        if (const auto value = option->get_default_str(); !value.empty()) {
            // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "..." + std::string.
            std::string description = option->get_description();
            description.append(" (default: ").append(value).append(")");
            option->description(description);
            option->default_str("");
        }
    }
    for (CLI::App* subcommand : command.get_subcommands([](CLI::App*) { return true; })) {
        defaults_in_descriptions(*subcommand);
    }
}

/// The subcommands, and what each one's options fill in.
struct Commands {
    gpuguide::cli::BuildArgs args; // shared by build, check and serve
    std::string site_dir;
    bool above_root_ok = false;
    int port = 8000;
    std::string theme_dir = "templates";
    bool theme_overwrite = false;
    gpuguide::cli::FleetArgs fleet_args;
    bool slurm = false;
    std::string init_dir = ".";
    CLI::App *build = nullptr, *check = nullptr, *serve = nullptr, *theme = nullptr,
             *fleet = nullptr, *init = nullptr;
};

void add_check_command(CLI::App& app, Commands& commands) {
    commands.check = app.add_subcommand(
        "check",
        "check that every internal link, anchor and image of a site resolves, and no id repeats");
    commands.check->add_option("--site", commands.site_dir,
                               "built site to check (default: build the book first, into --out if "
                               "given, else into a temporary folder)");
    commands.check->add_flag(
        "--above-root-ok", commands.above_root_ok,
        "links climbing above the site's root (to sibling sites on the same server, e.g. ../std/ "
        "from a book served at /nomicon/) are not problems");
    add_build_options(*commands.check, commands.args);
}

void add_serve_command(CLI::App& app, Commands& commands) {
    commands.serve =
        app.add_subcommand("serve", "preview on http://127.0.0.1:PORT, rebuilding on change");
    commands.serve->add_option("--port", commands.port, "TCP port on 127.0.0.1")
        ->capture_default_str()
        ->check(CLI::Range(1, 65535));
    add_build_options(*commands.serve, commands.args);
}

void add_theme_command(CLI::App& app, Commands& commands) {
    commands.theme = app.add_subcommand(
        "theme", "write the built-in theme into a folder, to change it file by file");
    commands.theme->add_option("dir", commands.theme_dir, "where to write it")
        ->capture_default_str();
    commands.theme->add_flag("--force", commands.theme_overwrite,
                             "replace files that are already there");
}

void add_init_command(CLI::App& app, Commands& commands) {
    commands.init = app.add_subcommand(
        "init", "write a new mdBook-style book (book.toml, src/SUMMARY.md, one page) into DIR");
    commands.init->add_option("DIR", commands.init_dir, "folder for the new book")
        ->capture_default_str();
}

/// Runs the subcommand that was given; bad input and internal errors become messages and exit
/// statuses (load/error.hpp).
int run(Commands& commands) {
    auto& args = commands.args;
    for (const auto* command : {commands.build, commands.check, commands.serve}) {
        if (command->parsed()) { // book.toml fills in only what the command line did not give
            args.content_given = command->count("--content") > 0;
            args.templates_given = command->count("--templates") > 0;
            args.out_given = command->count("--out") > 0;
        }
    }
    try {
        if (commands.build->parsed()) {
            return gpuguide::cli::run_build(args);
        }
        if (commands.init->parsed()) {
            return gpuguide::cli::run_init(commands.init_dir);
        }
        if (commands.check->parsed()) {
            return gpuguide::cli::run_check(args, commands.site_dir, commands.above_root_ok);
        }
        if (commands.theme->parsed()) {
            return gpuguide::cli::run_theme(commands.theme_dir, commands.theme_overwrite);
        }
        if (commands.fleet->parsed()) {
            return gpuguide::cli::run_fleet(commands.fleet_args);
        }
        return gpuguide::cli::run_serve(args, commands.port);
    } catch (...) {
        const auto failure = gpuguide::failure_of(std::current_exception());
        std::cerr << failure.message << "\n";
        return failure.status;
    }
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "gpuguide: builds a book into a static site, with figures measured by gpuguide-probe "
        "on the machine that builds it. Two kinds of book: an mdBook book (run it in "
        "the folder of book.toml: src/SUMMARY.md and the pages) or a folder of language "
        "folders such as the GPU Guide's content/ (--content DIR: en/SUMMARY.md, "
        "zh/SUMMARY.md, ...)"};
    app.require_subcommand(1);
    app.set_version_flag("--version", gpuguide::version::text("gpuguide") + "\n" + allocator_line(),
                         "print the version, the commit and what is built in");
    Commands commands;
    commands.build = app.add_subcommand("build", "build the site into --out (default site/)");
    add_build_options(*commands.build, commands.args);
    add_check_command(app, commands);
    add_serve_command(app, commands);
    add_theme_command(app, commands);
    commands.fleet = add_fleet_command(app, commands.fleet_args, commands.slurm);
    add_init_command(app, commands);
    defaults_in_descriptions(app);
    CLI11_PARSE(app, argc, argv);
    return run(commands);
}
