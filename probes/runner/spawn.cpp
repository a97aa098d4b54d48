#include "runner/spawn.hpp"

#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace gpuguide::probes {
namespace {

std::string read_tail(const std::filesystem::path& path, std::size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (text.size() > max_bytes)
        text = "..." + text.substr(text.size() - max_bytes);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

// The pointers execve wants: one to each of `texts` (which must outlive them), then nullptr.
std::vector<char*> null_terminated(std::vector<std::string>& texts) {
    std::vector<char*> pointers;
    for (auto& text : texts)
        pointers.push_back(text.data());
    pointers.push_back(nullptr);
    return pointers;
}

// Waits for the child `pid` started at `start`; past `timeout`, kills its process group (so
// anything the probe started goes too), sets `timed_out` and reaps it. Returns waitpid's status.
int wait_or_kill(pid_t pid, std::chrono::steady_clock::time_point start,
                 std::chrono::milliseconds timeout, bool& timed_out) {
    int status = 0;
    for (;;) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            break;
        if (std::chrono::steady_clock::now() - start > timeout) {
            timed_out = true;
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return status;
}

} // namespace

ChildResult run_child(const std::filesystem::path& exe, const std::vector<std::string>& args,
                      const std::vector<std::string>& extra_env, std::chrono::milliseconds timeout,
                      const std::filesystem::path& stderr_file,
                      const std::filesystem::path& stdout_file, bool search_path) {
    ChildResult result;
    std::vector<std::string> argv_text{exe.string()};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv = null_terminated(argv_text);
    std::vector<std::string> env_text;
    for (char** e = environ; *e; ++e)
        env_text.emplace_back(*e);
    env_text.insert(env_text.end(), extra_env.begin(), extra_env.end());
    std::vector<char*> envp = null_terminated(env_text);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (stdout_file.empty()) {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_file.c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0600);
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_file.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // Own process group: a timeout kill reaches anything the probe started, and only that.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);

    auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    int rc = search_path
                 ? posix_spawnp(&pid, exe.c_str(), &actions, &attributes, argv.data(), envp.data())
                 : posix_spawn(&pid, exe.c_str(), &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (rc != 0) {
        result.error = "cannot start " + exe.string() + ": " + std::strerror(rc);
        return result;
    }
    result.started = true;
    const int status = wait_or_kill(pid, start, timeout, result.timed_out);
    result.elapsed = std::chrono::steady_clock::now() - start;
    if (!result.timed_out) {
        if (WIFEXITED(status))
            result.exit_code = WEXITSTATUS(status);
        if (WIFSIGNALED(status)) {
            result.signaled = true;
            result.signal = WTERMSIG(status);
        }
    }
    result.stderr_tail = read_tail(stderr_file, 600);
    return result;
}

std::string describe_failure(const ChildResult& result, std::chrono::milliseconds timeout) {
    std::string text;
    if (!result.started)
        return result.error;
    if (result.timed_out)
        text = "timed out after " + std::to_string(timeout.count() / 1000.0).substr(0, 5) +
               " s and was killed (raise the per-probe timeout if this GPU is slow)";
    else if (result.signaled)
        text = "the probe process crashed (signal " + std::to_string(result.signal) + ", " +
               strsignal(result.signal) + ")";
    else if (result.exit_code != 0)
        text = "the probe process exited with code " + std::to_string(result.exit_code);
    else
        return "";
    if (!result.stderr_tail.empty())
        text += "; stderr: " + result.stderr_tail;
    return text;
}

} // namespace gpuguide::probes
