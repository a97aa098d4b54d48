#include "fleet/internal.hpp"
#include "schema/io.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuguide::fleet::detail {
namespace schema = probes::schema;
namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string text;
    for (const auto& item : items) {
        text += (text.empty() ? "" : separator) + item;
    }
    return text;
}

// Single quotes for the task script; the script is written by us, but the paths come from the
// command line.
std::string shell_quoted(const std::string& text) {
    std::string quoted = "'";
    for (const char c : text) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}

// The task: find the probe program (on the shared path, or the copy --sbcast sends once the task
// runs), check that it is there on this node (the usual mistake: a path only the login node has),
// then measure everything into WORK/JOB_I.json.
std::string task_script(const std::filesystem::path& probe, const FleetOptions& options,
                        const std::filesystem::path& work) {
    std::string script =
        "#!/bin/sh\n# Written by gpuguide fleet: one array task measures one node.\n"
        "task=\"${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}\"\n"
        "out=" +
        shell_quoted(work.string()) + "/\"$task.json\"\n";
    if (options.sbcast) {
        // sbcast writes the copy in place, block by block: the ready file, sent after it, is
        // what says the copy is whole. Five minutes, then the task says what did not arrive.
        // The copy is removed when the task ends, however it ends: scancel's SIGTERM (while
        // waiting or while the probe runs) ends the shell through exit, which runs the EXIT trap.
        script += "probe=\"" + sbcast_target("$task") +
                  "\"\n"
                  "trap 'rm -f \"$probe\" \"$probe.ready\"' EXIT\n"
                  "trap 'exit 143' TERM INT\n"
                  "waited=0\n"
                  "while [ ! -e \"$probe.ready\" ]; do\n"
                  "  if [ \"$waited\" -ge 600 ]; then\n"
                  "    echo \"gpuguide fleet: no copy of gpuguide-probe reached $(hostname) in 5 "
                  "minutes (sbcast from the machine running gpuguide fleet, to $probe); is that "
                  "machine still polling, and may it reach the node's slurmd?\" >&2\n"
                  "    exit 3\n"
                  "  fi\n"
                  "  sleep 0.5\n"
                  "  waited=$((waited + 1))\n"
                  "done\n"
                  "echo \"gpuguide fleet: running the copy sbcast sent, $probe\"\n";
    } else {
        script += "probe=" + shell_quoted(probe.string()) + "\n";
    }
    script += "if [ ! -x \"$probe\" ]; then\n"
              "  echo \"gpuguide fleet: $probe is not an executable file on $(hostname); put "
              "gpuguide-probe on a path every node shares (with its libraries), or pass --sbcast, "
              "then run again\" >&2\n"
              "  exit 3\n"
              "fi\n";
    // Not exec with --sbcast: the trap removes the copy when the probe ends.
    script += options.sbcast ? "\"$probe\" --all" : "exec \"$probe\" --all";
    for (const auto& arg : options.probe_args) {
        script += ' ';
        script += shell_quoted(arg);
    }
    script += " --out \"$out\"\n";
    return script;
}

} // namespace

std::string slurm(const std::vector<std::string>& argv) {
    const auto result = run_command(argv);
    if (!result.started || result.exit_code != 0) {
        throw FleetError(describe(argv, result));
    }
    return result.out;
}

std::string sbcast_target(const std::string& task) {
    return "/tmp/gpuguide-probe." + task;
}

std::filesystem::path task_file(const std::filesystem::path& work, const std::string& job,
                                std::size_t index, const char* extension) {
    return work / (job + "_" + std::to_string(index) + extension);
}

std::vector<Node> choose_nodes(const FleetOptions& options, std::vector<Fault>& faults) {
    std::vector<std::string> argv{"sinfo", "--noheader", "--Node",
                                  "--format=" + std::string(kSinfoFormat)};
    if (!options.partitions.empty()) {
        argv.push_back("--partition=" + joined(options.partitions, ","));
    }
    if (!options.nodes.empty()) {
        argv.push_back("--nodes=" + options.nodes);
    }
    std::string listed;
    try {
        listed = slurm(argv);
    } catch (const FleetError& error) {
        throw FleetError(std::string(error.what()) +
                         "\nIs this a Slurm login node? Slurm's clients read SLURM_CONF (or "
                         "/etc/slurm/slurm.conf); for the local test cluster run "
                         "`scripts/slurm-local.sh start` and export the SLURM_CONF it prints");
    }
    auto nodes = parse_nodes(listed);
    if (nodes.empty()) {
        throw FleetError("no node matches" +
                         (options.partitions.empty()
                              ? std::string()
                              : " --partition " + joined(options.partitions, ",")) +
                         (options.nodes.empty() ? std::string() : " --nodes " + options.nodes) +
                         " (sinfo lists none); check the names with `sinfo --Node`");
    }
    if (options.per_node_type) {
        nodes = one_per_type(nodes);
    }
    std::vector<Node> usable;
    for (auto& node : nodes) {
        if (!safe_host_name(node.name)) {
            faults.push_back({node.name, "",
                              "node name is not usable as a file name (letters, digits, '.', "
                              "'-', '_' only); not measured"});
        } else if (node.unusable()) {
            faults.push_back({node.name, "",
                              "node is " + node.state + " (Slurm's reason: " + node.reason +
                                  "); not submitted"});
        } else {
            usable.push_back(std::move(node));
        }
    }
    return usable;
}

namespace {

// The probe at `probe` is an executable file here, and starts (its libraries found): `--list`
// runs no probe. The nodes are checked by the task itself, which says what to do when the path is
// not there.
void check_probe_runs(const std::filesystem::path& probe) {
    if (::access(probe.c_str(), X_OK) != 0 || std::filesystem::is_directory(probe)) {
        throw FleetError("--probe-exe " + probe.string() +
                         ": not an executable file here; build it (cmake --build --preset "
                         "default) and pass its path, on a file system every node mounts at "
                         "the same path");
    }
    const auto listed = run_command({probe.string(), "--list"});
    if (!listed.started || listed.exit_code != 0) {
        throw FleetError("--probe-exe " + probe.string() + " does not run here (" +
                         describe({probe.string(), "--list"}, listed) +
                         "); the nodes need it and its libraries (OpenBLAS; CUDA runtime and "
                         "cuBLAS for the GPU probes) at the same path");
    }
}

// The sbatch command line of the held job array, one task per node, running `script`.
std::vector<std::string> sbatch_argv(const FleetOptions& options, const std::vector<Node>& nodes,
                                     const std::filesystem::path& work,
                                     const std::filesystem::path& script) {
    // The job's partitions: those asked for, else every partition of the chosen nodes (a node
    // outside the default partition would otherwise never start).
    std::vector<std::string> partitions = options.partitions;
    if (partitions.empty()) {
        for (const auto& node : nodes) {
            for (const auto& partition : node.partitions) {
                if (std::find(partitions.begin(), partitions.end(), partition) ==
                    partitions.end()) {
                    partitions.push_back(partition);
                }
            }
        }
    }
    std::vector<std::string> argv{"sbatch",
                                  "--parsable",
                                  "--hold",
                                  "--array=0-" + std::to_string(nodes.size() - 1),
                                  "--exclusive",
                                  "--nodes=1",
                                  "--ntasks=1",
                                  "--job-name=gpuguide-fleet",
                                  "--chdir=" + work.string(),
                                  "--output=" + (work / "%A_%a.out").string(),
                                  "--time=" + options.time};
    if (!partitions.empty()) {
        argv.push_back("--partition=" + joined(partitions, ","));
    }
    if (!options.gres.empty()) {
        argv.push_back("--gres=" + options.gres);
    }
    if (!options.account.empty()) {
        argv.push_back("--account=" + options.account);
    }
    argv.push_back(script.string());
    return argv;
}

// Pins each task of the held array to its node, then releases the array; a half-pinned array
// is cancelled, since it must not run anywhere.
void pin_and_release(const Plan& plan, const std::vector<Node>& nodes) {
    try {
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            slurm({"scontrol", "update", "JobId=" + plan.job + "_" + std::to_string(i),
                   "ReqNodeList=" + nodes[i].name});
        }
        slurm({"scontrol", "release", plan.job});
    } catch (const FleetError&) {
        run_command({"scancel", plan.job}); // a half-pinned array must not run anywhere
        throw;
    }
}

} // namespace

Plan submit(const FleetOptions& options, const std::vector<Node>& nodes,
            const std::filesystem::path& work, std::ostream& log) {
    const auto probe = std::filesystem::absolute(options.probe_exe);
    check_probe_runs(probe);
    check_nodes_see(probe, work, options, nodes);
    std::filesystem::create_directories(work);
    const auto script = work / "fleet-task.sh";
    schema::write_file_atomically(script, task_script(probe, options, work));
    ::chmod(script.c_str(), 0755);

    const auto argv = sbatch_argv(options, nodes, work, script);
    const auto printed = slurm(argv);
    const auto job = parse_job_id(printed);
    if (!job) {
        throw FleetError("sbatch --parsable printed \"" + printed + "\", not a job id");
    }
    Plan plan{*job, {}, options.sbcast ? probe.string() : ""};
    for (const auto& node : nodes) {
        plan.nodes.push_back(node.name);
    }
    nlohmann::json saved{{"job", plan.job}, {"nodes", plan.nodes}};
    if (!plan.sbcast_probe.empty()) {
        saved["sbcast"] = plan.sbcast_probe;
    }
    schema::write_file_atomically(work / (plan.job + ".plan.json"), saved.dump(1) + "\n");
    log << "fleet: submitted job array " << plan.job << " (" << nodes.size() << " task"
        << (nodes.size() == 1 ? "" : "s") << ", held until each is pinned to its node)\n";
    pin_and_release(plan, nodes);
    return plan;
}

Plan load_plan(const std::filesystem::path& work, const std::string& job) {
    const auto path = work / (job + ".plan.json");
    if (!std::filesystem::exists(path)) {
        throw FleetError("--collect " + job + ": no " + path.string() +
                         " (was the job submitted by gpuguide fleet with this --work-dir?)");
    }
    try {
        const auto saved = schema::read_json_file(path);
        Plan plan{saved.at("job").get<std::string>(),
                  saved.at("nodes").get<std::vector<std::string>>(),
                  saved.value("sbcast", std::string())};
        for (const auto& node : plan.nodes) {
            if (!safe_host_name(node)) {
                throw FleetError(path.string() + ": node name \"" + node + "\" is not allowed");
            }
        }
        return plan;
    } catch (const nlohmann::json::exception& error) {
        throw FleetError(path.string() + ": not a fleet plan (" + error.what() + ")");
    } catch (const schema::DocumentError& error) {
        throw FleetError(error.what());
    }
}

} // namespace gpuguide::fleet::detail
