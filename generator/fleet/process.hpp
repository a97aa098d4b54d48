#pragma once
/// Running a Slurm client program (sbatch, squeue, sacct, scontrol, scancel) through the probe
/// runner's run_child, and reading what it printed. Arguments go to the program as an argv
/// vector: no shell ever sees a node name.
#include <string>
#include <vector>

namespace gpuguide::fleet {

/// What a command printed and how it ended.
struct CommandResult {
    bool started = false; ///< false: the program could not be started (not installed)
    int exit_code = -1;   ///< -1 when it was killed by a signal
    std::string out, err;
};

/// Runs `argv[0]` (looked up on PATH) with the other elements as its arguments, waits for it,
/// and returns its stdout and stderr. Never throws for the program's behaviour.
CommandResult run_command(const std::vector<std::string>& argv);

/// "sbatch: error: ..." text for messages: the command line and the last lines of its stderr.
std::string describe(const std::vector<std::string>& argv, const CommandResult& result);

} // namespace gpuguide::fleet
