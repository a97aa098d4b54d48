#pragma once
// Shared between submit.cpp (choosing nodes, submitting) and fleet.cpp (waiting, collecting).
#include "fleet/fleet.hpp"
#include "fleet/process.hpp"
#include "fleet/slurm.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::fleet::detail {

/// A submitted array: task i measures nodes[i]. Saved as WORK/JOB.plan.json for --collect.
struct Plan {
    std::string job;
    std::vector<std::string> nodes;
};

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

} // namespace gpuguide::fleet::detail
