// gpuguide-probe: measures this machine's GPU(s) and CPU and writes one measurement document.
#include "core/devices.hpp"
#include "core/identity.hpp"
#include "core/probe.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"
#include "tool/assemble.hpp"

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

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"gpuguide-probe: measure this machine's GPUs and CPU; writes one JSON document "
                 "(schema: probes/README.md)"};
    app.footer("Exit status 0 when the document was written (failed probes say so inside it)."
#ifdef GPUGUIDE_TEST_HOOKS
               "\nTest build: GPUGUIDE_PROBE_FAULT=KEY:crash|hang|garbage|nan|absurd|unsupportable "
               "makes one probe misbehave (probes/README.md)."
#endif
    );
    std::vector<std::string> only;
    std::string out;
    bool all = false, list = false, identity = false, quick = false, cpu_only = false,
         gpu_only = false;
    app.add_flag("--all", all, "run every probe (the default)");
    app.add_option("--only", only, "run only this probe (repeatable), e.g. --only gpu.stream");
    app.add_flag("--cpu-only", cpu_only, "run only the CPU probes");
    app.add_flag("--gpu-only", gpu_only, "run only the GPU probes");
    app.add_option("--json-out,--out,-o", out,
                   "write the document here (atomically) instead of stdout");
    app.add_flag("--quick", quick, "small problem sizes: a smoke test, not a measurement");
    app.add_flag("--list", list, "list the probes and exit");
    app.add_flag(
        "--identity", identity,
        "print versions, GPU UUIDs, source hash and compiler (the cache key inputs) as JSON");
    std::string devices_text;
    app.add_option("--devices", devices_text,
                   "measure only these CUDA devices, e.g. --devices 0,3 (default: all)");
    double timeout_s = 120;
    app.add_option("--timeout", timeout_s,
                   "per-probe time limit in seconds when probes run in child processes; GPU "
                   "probes get it once per device measured")
        ->check(CLI::PositiveNumber);
    bool in_process = false;
    app.add_flag("--in-process", in_process,
                 "run several probes in this one process, without isolation or timeouts "
                 "(debugging); by default each probe of --all, --cpu-only, --gpu-only or "
                 "repeated --only runs in its own process");
    std::string validate;
    app.add_option("--validate", validate,
                   "check a measurement document against the schema; errors name the file and "
                   "JSON pointer; exit 1 if invalid");
    std::string host_label;
    app.add_option("--host-name", host_label,
                   "record this name as the document's host instead of the machine's own (a "
                   "reference measured on a lent machine whose host name means nothing to "
                   "readers, e.g. --host-name reference-h200); pages show it beside each figure");
    CLI11_PARSE(app, argc, argv);
    if (!validate.empty())
        return validate_file(validate);

    ProbeList registry = make_registry();
    if (list) {
        for (const auto& probe : registry)
            std::cout << probe->key() << (probe->needs_gpu() ? "  [gpu]  " : "  [cpu]  ")
                      << probe->description() << "\n";
        return 0;
    }
    if (identity) {
        std::string text = gpuguide::probes::schema::dump_document(machine_identity());
        if (out.empty())
            std::cout << text;
        else
            gpuguide::probes::schema::write_file_atomically(out, text);
        return 0;
    }
    std::vector<Probe*> selected;
    for (const auto& key : only) {
        auto it = std::find_if(registry.begin(), registry.end(),
                               [&](const auto& probe) { return probe->key() == key; });
        if (it == registry.end()) {
            std::cerr << "gpuguide-probe: --only " << key
                      << ": no such probe (known: " << known_keys(registry)
                      << "); see gpuguide-probe --list\n";
            return 2;
        }
        selected.push_back(it->get());
    }
    if (only.empty())
        for (const auto& probe : registry)
            if (!(cpu_only && probe->needs_gpu()) && !(gpu_only && !probe->needs_gpu()))
                selected.push_back(probe.get());

    ProbeContext context;
    context.quick = quick;
    try {
        if (!devices_text.empty()) {
            context.devices = parse_device_list(devices_text);
            // Refuse a device that is not there now, rather than failing every GPU probe later.
            if (GpuIdentity gpu = gpu_identity(); gpu.usable)
                devices_to_measure(context.devices, int(gpu.devices.size()));
        }
    } catch (const std::invalid_argument& error) {
        std::cerr << "gpuguide-probe: " << error.what() << "\n";
        return 2;
    }
    std::string text;
    auto with_host_label = [&](nlohmann::json document) {
        if (!host_label.empty())
            document["provenance"]["host"] = host_label;
        return gpuguide::probes::schema::dump_document(document);
    };
    try {
        if (selected.size() > 1 && !in_process) {
            auto timeout = std::chrono::milliseconds(std::llround(timeout_s * 1000));
            text = with_host_label(
                run_probes_isolated(selected, context, joined_command(argc, argv), timeout));
        } else {
            text = with_host_label(run_probes(selected, context, joined_command(argc, argv)));
#ifdef GPUGUIDE_TEST_HOOKS
            // Test hook: a probe that "prints garbage" replaces the whole document (see README).
            for (Probe* probe : selected)
                if (injected_fault(probe->key()) == "garbage")
                    text = "{\"schema\": garbage, not JSON";
#endif
        }
    } catch (const std::exception& error) {
        std::cerr << "gpuguide-probe: " << error.what() << "\n";
        return 1;
    }
    try {
        if (out.empty())
            std::cout << text;
        else
            gpuguide::probes::schema::write_file_atomically(out, text);
    } catch (const std::exception& error) {
        std::cerr << "gpuguide-probe: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
