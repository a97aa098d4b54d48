#include "fleet/process.hpp"

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace gpuguide::fleet {
namespace {

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
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_TRUNC, 0600);
    std::vector<char*> args;
    for (const auto& arg : argv) {
        args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned == 0) {
        result.started = true;
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0) {
            // EINTR: a Ctrl-C arrived; the caller sees its flag after the command ends.
        }
        result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    result.out = read_and_remove(out_path);
    result.err = read_and_remove(err_path);
    if (!result.started) {
        result.err = argv[0] +
                     ": not found on PATH (is Slurm's client installed? Debian: " + "slurm-client)";
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
