// gpuguide-probe: measures this machine's GPU(s) and CPU and writes one measurement document.
#include "core/devices.hpp"
#include "core/identity.hpp"
#include "core/probe.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"
#include "tool/assemble.hpp"
#include "version.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>

using namespace gpuguide::probes;

namespace {

std::string known_keys(const ProbeList& registry) {
    std::string text;
    for (const auto& probe : registry)
        text += (text.empty() ? "" : ", ") + std::string(probe->key());
    return text;
}

std::string joined_command(int argc, char** argv) {
    std::string command;
    for (int i = 0; i < argc; ++i)
        command += (i ? " " : "") + std::string(argv[i]);
    return command;
}

/// `--validate FILE`: prints "FILE: /pointer: message" per error.
int validate_file(const std::string& path) {
    try {
        auto errors = gpuguide::probes::schema::validate_document(
            gpuguide::probes::schema::read_json_file(path));
        for (const auto& error : errors)
            std::cerr << path << ": " << (error.pointer.empty() ? "/" : error.pointer) << ": "
                      << error.message << "\n";
        if (errors.empty())
            std::cout << path << ": valid measurement document\n";
        return errors.empty() ? 0 : 1;
    } catch (const std::exception& error) {
        std::cerr << error.what() << "\n";
        return 1;
    }
}

/// The command line, as parsed.
struct Options {
    std::vector<std::string> only;
    std::string out;
    bool all = false, list = false, identity = false, quick = false, cpu_only = false,
         gpu_only = false, in_process = false;
    std::string devices_text;
    double timeout_s = 120;
    std::string validate;
    std::string host_label;
};

void add_options(CLI::App& app, Options& o) {
    app.add_flag("--all", o.all, "run every probe (the default)");
    app.add_option("--only", o.only, "run only this probe (repeatable), e.g. --only gpu.stream");
    app.add_flag("--cpu-only", o.cpu_only, "run only the CPU probes");
    app.add_flag("--gpu-only", o.gpu_only, "run only the GPU probes");
    app.add_option("--json-out,--out,-o", o.out,
                   "write the document here (atomically) instead of stdout");
    app.add_flag("--quick", o.quick, "small problem sizes: a smoke test, not a measurement");
    app.add_flag("--list", o.list, "list the probes and exit");
    app.add_flag(
        "--identity", o.identity,
        "print versions, GPU UUIDs, source hash and compiler (the cache key inputs) as JSON");
    app.add_option("--devices", o.devices_text,
                   "measure only these CUDA devices, e.g. --devices 0,3 (default: all)");
    app.add_option("--timeout", o.timeout_s,
                   "per-probe time limit in seconds when probes run in child processes; GPU "
                   "probes get it once per device measured")
        ->check(CLI::PositiveNumber);
    app.add_flag("--in-process", o.in_process,
                 "run several probes in this one process, without isolation or timeouts "
                 "(debugging); by default each probe of --all, --cpu-only, --gpu-only or "
                 "repeated --only runs in its own process");
    app.add_option("--validate", o.validate,
                   "check a measurement document against the schema; errors name the file and "
                   "JSON pointer; exit 1 if invalid");
    app.add_option("--host-name", o.host_label,
                   "record this name as the document's host instead of the machine's own, for "
                   "a host name that means nothing to readers (e.g. --host-name "
                   "reference-h200); pages show it beside each figure");
}

/// The probes to run: those named by --only (an unknown key is an error, exit 2), else every
/// probe, narrowed by --cpu-only or --gpu-only.
std::vector<Probe*> select_probes(const ProbeList& registry, const Options& o) {
    std::vector<Probe*> selected;
    for (const auto& key : o.only) {
        auto it = std::find_if(registry.begin(), registry.end(),
                               [&](const auto& probe) { return probe->key() == key; });
        if (it == registry.end()) {
            throw std::invalid_argument("--only " + key + ": no such probe (known: " +
                                        known_keys(registry) + "); see gpuguide-probe --list");
        }
        selected.push_back(it->get());
    }
    if (o.only.empty())
        for (const auto& probe : registry)
            if (!(o.cpu_only && probe->needs_gpu()) && !(o.gpu_only && !probe->needs_gpu()))
                selected.push_back(probe.get());
    return selected;
}

/// Writes `text` to --out (atomically) or stdout.
void write_output(const Options& o, const std::string& text) {
    if (o.out.empty())
        std::cout << text;
    else
        gpuguide::probes::schema::write_file_atomically(o.out, text);
}

/// Runs the selected probes (each in its own process when several, unless --in-process) and
/// returns the document's text.
std::string measure(const std::vector<Probe*>& selected, const ProbeContext& context,
                    const Options& o, const std::string& command) {
    nlohmann::json document;
    const bool isolated = selected.size() > 1 && !o.in_process;
    if (isolated) {
        auto timeout = std::chrono::milliseconds(std::llround(o.timeout_s * 1000));
        document = run_probes_isolated(selected, context, command, timeout);
    } else {
        document = run_probes(selected, context, command);
    }
    if (!o.host_label.empty())
        document["provenance"]["host"] = o.host_label;
    std::string text = gpuguide::probes::schema::dump_document(document);
#ifdef GPUGUIDE_TEST_HOOKS
    // Test hook: a probe that "prints garbage" replaces the whole document (see README).
    if (!isolated)
        for (Probe* probe : selected)
            if (injected_fault(probe->key()) == "garbage")
                text = "{\"schema\": garbage, not JSON";
#endif
    return text;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"gpuguide-probe: measure this machine's GPUs and CPU; writes one JSON document "
                 "(its fields: the manual, \"The measurement document\")"};
    app.footer("Exit status 0 when the document was written (failed probes say so inside it)."
#ifdef GPUGUIDE_TEST_HOOKS
               "\nTest build: GPUGUIDE_PROBE_FAULT=KEY:crash|hang|garbage|nan|absurd|unsupportable "
               "makes one probe misbehave (probes/README.md)."
#endif
    );
    app.set_version_flag("--version", gpuguide::version::text("gpuguide-probe"),
                         "print the version, the commit and what is built in");
    Options o;
    add_options(app, o);
    CLI11_PARSE(app, argc, argv);
    if (!o.validate.empty())
        return validate_file(o.validate);

    ProbeList registry = make_registry();
    if (o.list) {
        for (const auto& probe : registry)
            std::cout << probe->key() << (probe->needs_gpu() ? "  [gpu]  " : "  [cpu]  ")
                      << probe->description() << "\n";
        return 0;
    }
    std::vector<Probe*> selected;
    ProbeContext context;
    context.quick = o.quick;
    try {
        if (o.identity) {
            write_output(o, gpuguide::probes::schema::dump_document(machine_identity()));
            return 0;
        }
        selected = select_probes(registry, o);
        if (!o.devices_text.empty()) {
            context.devices = parse_device_list(o.devices_text);
            // Refuse a device that is not there now, rather than failing every GPU probe later.
            if (GpuIdentity gpu = gpu_identity(); gpu.usable)
                devices_to_measure(context.devices, int(gpu.devices.size()));
        }
    } catch (const std::invalid_argument& error) {
        std::cerr << "gpuguide-probe: " << error.what() << "\n";
        return 2;
    }
    try {
        write_output(o, measure(selected, context, o, joined_command(argc, argv)));
    } catch (const std::exception& error) {
        std::cerr << "gpuguide-probe: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
