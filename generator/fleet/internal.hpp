#pragma once
// Shared between submit.cpp (choosing nodes, submitting), wait.cpp (waiting) and fleet.cpp
// (collecting).
#include "fleet/fleet.hpp"
#include "fleet/process.hpp"
#include "fleet/slurm.hpp"

#include <atomic>
#include <filesystem>
#include <iosfwd>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpuguide::fleet::detail {

/// A submitted array: task i measures nodes[i]. Saved as WORK/JOB.plan.json for --collect.
struct Plan {
    std::string job;
    std::vector<std::string> nodes;
    std::string sbcast_probe; ///< --sbcast: the probe program each running task is sent; else ""
};

/// Where task `task` ("JOB_I") waits, on its node, for the copy of the probe program that
/// --sbcast sends; TARGET.ready is sent after it to say the copy is whole.
std::string sbcast_target(const std::string& task);

/// A file system as statfs(2) names it, and whether other machines can mount it (NFS, Lustre,
/// GPFS, BeeGFS, CephFS, ...) or it is a local disk or memory (ext4, XFS, tmpfs, overlay, ...).
struct FileSystem {
    std::string name;
    bool shared = false;
};
FileSystem file_system_of(const std::filesystem::path& path);

/// The node is the machine this runs on (its NodeHostname or name is ours, or its address is a
/// loopback one, as in scripts/slurm-local.sh's cluster).
bool is_this_host(const Node& node);

/// Before submitting: throws FleetError, saying what to do, when a node other than this machine
/// is to run the probe program or write into the work folder from a local file system here
/// (unless --sbcast sends the probe, or --assume-shared).
void check_nodes_see(const std::filesystem::path& probe, const std::filesystem::path& work,
                     const FleetOptions& options, const std::vector<Node>& nodes);

/// Runs a Slurm command; a command that cannot start or fails throws FleetError with its stderr.
std::string slurm(const std::vector<std::string>& argv);

/// The nodes to measure (after --partition, --nodes, --per-node-type); unusable and unsafely
/// named nodes go to `faults` instead.
std::vector<Node> choose_nodes(const FleetOptions& options, std::vector<Fault>& faults);

/// Writes the task script, submits the held array, pins each task to its node and releases it.
/// Returns the plan (saved beside the task output).
Plan submit(const FleetOptions& options, const std::vector<Node>& nodes,
            const std::filesystem::path& work, std::ostream& log);

/// Reads WORK/JOB.plan.json; FleetError when it is missing or malformed.
Plan load_plan(const std::filesystem::path& work, const std::string& job);

/// WORK/JOB_I.json (the document) and WORK/JOB_I.out (the task's stdout and stderr).
std::filesystem::path task_file(const std::filesystem::path& work, const std::string& job,
                                std::size_t index, const char* extension);

// What a wait ends with: every task's last state, and the faults it reported itself (cancelled
// after --wait-timeout, sbcast failed), whose tasks are in `reported`.
struct WaitResult {
    std::map<int, TaskState> tasks;
    std::set<int> reported;
};

/// Waits until every task of `plan` has ended, printing each change to `log`; sbcast refusals and
/// tasks cancelled after --wait-timeout go into `faults`. nullopt when `stop` was set.
std::optional<WaitResult> wait_for(const Plan& plan, const FleetOptions& options,
                                   const std::filesystem::path& work, const std::atomic<bool>& stop,
                                   std::vector<Fault>& faults, std::ostream& log);

} // namespace gpuguide::fleet::detail
