// Running one child process with a timeout, for probe isolation.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// How a child process ended.
struct ChildResult {
    bool started = false;   ///< false: posix_spawn failed (see error)
    bool timed_out = false; ///< killed (SIGKILL to its process group) after the timeout
    bool signaled = false;  ///< ended by a signal (a crash) — not counting our timeout kill
    int signal = 0;
    int exit_code = -1;
    std::string stderr_tail; ///< the last lines it wrote to stderr (for failure reasons)
    std::string error;       ///< why it could not start
    std::chrono::duration<double> elapsed{0};
};

/// Runs `exe args...` with the current environment plus `extra_env` ("NAME=value"), stderr
/// captured to `stderr_file`, stdout to `stdout_file` (discarded when empty), in its own process
/// group; kills the group after `timeout`. `search_path`: a bare name ("sbatch") is looked up on
/// PATH, as a shell would; otherwise `exe` is a path. Never throws for the child's behaviour.
/// (The probes and `gpuguide fleet`'s Slurm commands both start their programs through it.)
ChildResult run_child(const std::filesystem::path& exe, const std::vector<std::string>& args,
                      const std::vector<std::string>& extra_env, std::chrono::milliseconds timeout,
                      const std::filesystem::path& stderr_file,
                      const std::filesystem::path& stdout_file = {}, bool search_path = false);

/// "the probe crashed (signal 11, Segmentation fault)", "timed out after 120 s", ... plus the
/// stderr tail; empty when the child exited with code 0.
std::string describe_failure(const ChildResult& result, std::chrono::milliseconds timeout);

} // namespace gpuguide::probes
