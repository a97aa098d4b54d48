#include "fleet/process.hpp"

#include "runner/spawn.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace gpuguide::fleet {
namespace {

// Slurm's clients answer in well under a second; one that hangs (a controller that accepts the
// connection and never replies) must not hang the whole collection.
constexpr std::chrono::milliseconds kCommandTimeout{5 * 60 * 1000};

std::string read_and_remove(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::remove(path.c_str());
    return text.str();
}

// A file in TMPDIR for one stream: Slurm's clients print little, and files avoid the deadlock
// two pipes can give when a program fills one while we block on the other.
std::string temporary_file() {
    const char* tmp = std::getenv("TMPDIR");
    std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/gpuguide-fleet-XXXXXX";
    const int fd = ::mkstemp(path.data());
    if (fd >= 0) {
        ::close(fd);
    }
    return path;
}

} // namespace

CommandResult run_command(const std::vector<std::string>& argv) {
    CommandResult result;
    if (argv.empty()) {
        return result;
    }
    const auto out_path = temporary_file();
    const auto err_path = temporary_file();
    const auto child = probes::run_child(argv[0], {argv.begin() + 1, argv.end()}, {},
                                         kCommandTimeout, err_path, out_path, true);
    result.started = child.started;
    result.exit_code = child.started && !child.timed_out && !child.signaled ? child.exit_code : -1;
    result.out = read_and_remove(out_path);
    result.err = read_and_remove(err_path);
    if (!result.started) {
        result.err = argv[0] +
                     ": not found on PATH (is Slurm's client installed? Debian: " + "slurm-client)";
    } else if (child.timed_out) {
        result.err += (result.err.empty() ? "" : "\n") + std::string("no answer within ") +
                      std::to_string(kCommandTimeout.count() / 1000) + " s; killed";
    }
    return result;
}

std::string describe(const std::vector<std::string>& argv, const CommandResult& result) {
    std::string line;
    for (const auto& arg : argv) {
        line += (line.empty() ? "" : " ") + arg;
    }
    std::string err = result.err;
    while (!err.empty() && (err.back() == '\n' || err.back() == ' ')) {
        err.pop_back();
    }
    if (err.size() > 600) {
        err = "..." + err.substr(err.size() - 600);
    }
    return "`" + line + "` " +
           (result.started ? "exited with status " + std::to_string(result.exit_code)
                           : std::string("could not start")) +
           (err.empty() ? "" : ": " + err);
}

} // namespace gpuguide::fleet
