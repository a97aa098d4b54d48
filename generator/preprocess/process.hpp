#pragma once
/// Running a helper program as mdBook runs its preprocessors: the command split into words (no
/// shell), in the book's root, text on stdin, stdout and stderr captured, killed after a timeout.
#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::preprocess {

struct ProcessResult {
    bool not_found = false; ///< the program does not exist or cannot be run (nothing ran)
    bool timed_out = false; ///< killed (with its process group) after the timeout
    int exit_code = 0;      ///< its exit status; 128 + N when signal N ended it
    std::string out, err;   ///< what it wrote to stdout and stderr
};

/// `command` split into words as a POSIX shell would split it (quotes, backslashes), without
/// expanding anything: `python3 "my script.py"` -> {"python3", "my script.py"}.
std::vector<std::string> split_command(std::string_view command);

/// Runs `argv` in `dir` with `input` on its stdin. The program and any child it starts (its
/// process group) are killed when it runs longer than `timeout`.
ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& dir,
                          std::string_view input, std::chrono::milliseconds timeout);

} // namespace gpuguide::preprocess
