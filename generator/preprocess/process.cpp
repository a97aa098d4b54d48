// posix_spawnp and a poll loop: stdin is written while stdout and stderr are read, so a book
// larger than a pipe's buffer cannot deadlock against a preprocessor that streams its output.
#include "preprocess/process.hpp"

#include <array>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <tuple>
#include <unistd.h>

extern char** environ;

namespace gpuguide::preprocess {
namespace {

struct Pipe {
    int read = -1, write = -1;
    Pipe() {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) {
            throw std::runtime_error("cannot create a pipe for a preprocessor");
        }
        read = fds[0];
        write = fds[1];
    }
    ~Pipe() {
        close_read();
        close_write();
    }
    Pipe(const Pipe&) = delete;
    Pipe& operator=(const Pipe&) = delete;
    void close_read() { read = read >= 0 ? (::close(read), -1) : -1; }
    void close_write() { write = write >= 0 ? (::close(write), -1) : -1; }
};

// Starts argv with the pipes as its stdin/stdout/stderr, in its own process group; -1 and errno
// set when the program cannot be started.
pid_t spawn(const std::vector<std::string>& argv, const std::filesystem::path& dir, Pipe& in,
            Pipe& out, Pipe& err) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in.read, 0);
    posix_spawn_file_actions_adddup2(&actions, out.write, 1);
    posix_spawn_file_actions_adddup2(&actions, err.write, 2);
    posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> args;
    for (const auto& arg : argv) {
        args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    pid_t pid = -1;
    const int status = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    errno = status;
    return status == 0 ? pid : -1;
}

// Feeds `input` and collects both outputs until the program closes them or the deadline passes.
bool exchange(Pipe& in, Pipe& out, Pipe& err, std::string_view input, ProcessResult& result,
              std::chrono::steady_clock::time_point deadline) {
    fcntl(in.write, F_SETFL, O_NONBLOCK);
    std::size_t written = 0;
    if (input.empty()) {
        in.close_write();
    }
    std::array<char, 65536> buffer{};
    while (out.read >= 0 || err.read >= 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            return false;
        }
        std::array<pollfd, 3> fds{
            {{in.write, POLLOUT, 0}, {out.read, POLLIN, 0}, {err.read, POLLIN, 0}}};
        if (poll(fds.data(), fds.size(), static_cast<int>(left.count())) < 0 && errno != EINTR) {
            throw std::runtime_error("poll failed while running a preprocessor");
        }
        if (in.write >= 0 && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP)) != 0) {
            const auto n = ::write(in.write, input.data() + written, input.size() - written);
            written += n > 0 ? static_cast<std::size_t>(n) : 0;
            if (n < 0 && errno != EAGAIN && errno != EINTR) {
                written = input.size(); // it closed its stdin (EPIPE): stop feeding it
            }
            if (written == input.size()) {
                in.close_write();
            }
        }
        for (auto [fd, pipe, text] :
             {std::tuple{fds[1], &out, &result.out}, std::tuple{fds[2], &err, &result.err}}) {
            if (pipe->read >= 0 && (fd.revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
                const auto n = ::read(pipe->read, buffer.data(), buffer.size());
                if (n > 0) {
                    text->append(buffer.data(), static_cast<std::size_t>(n));
                } else if (n == 0 || errno != EINTR) {
                    pipe->close_read();
                }
            }
        }
    }
    return true;
}

} // namespace

std::vector<std::string> split_command(std::string_view command) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote != 0 && c == quote) {
            quote = 0;
        } else if (quote == 0 && (c == '"' || c == '\'')) {
            quote = c;
            in_word = true;
        } else if (c == '\\' && quote != '\'' && i + 1 < command.size()) {
            word += command[++i];
            in_word = true;
        } else if (quote == 0 && (c == ' ' || c == '\t' || c == '\n')) {
            if (in_word) {
                words.push_back(std::move(word));
                word.clear();
            }
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (in_word) {
        words.push_back(std::move(word));
    }
    return words;
}

ProcessResult run_process(const std::vector<std::string>& argv, const std::filesystem::path& dir,
                          std::string_view input, std::chrono::milliseconds timeout) {
    // A program that exits without reading its stdin must not end gpuguide with SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    ProcessResult result;
    Pipe in, out, err;
    const pid_t pid = argv.empty() ? -1 : spawn(argv, dir, in, out, err);
    if (pid < 0) {
        result.not_found = true;
        return result;
    }
    in.close_read();
    out.close_write();
    err.close_write();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    if (!exchange(in, out, err, input, result, deadline)) {
        result.timed_out = true;
        kill(-pid, SIGKILL);
    }
    int status = 0;
    // It may close its outputs and still run: wait for it until the same deadline.
    while (waitpid(pid, &status, result.timed_out ? 0 : WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() >= deadline) {
            result.timed_out = true;
            kill(-pid, SIGKILL);
        } else {
            usleep(2000);
        }
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return result;
}

} // namespace gpuguide::preprocess
