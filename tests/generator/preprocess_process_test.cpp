// Running a preprocessor's command (preprocess/process.hpp): words split as a shell would, stdin
// and stdout larger than a pipe's buffer at once, exit status, stderr, a missing program, and a
// timeout that stops the program's children too.
#include "gpuguide_catch.hpp"
#include "preprocess/process.hpp"

#include <chrono>

using gpuguide::preprocess::run_process;
using gpuguide::preprocess::split_command;
using namespace std::chrono_literals;

TEST_CASE("split_command: words, quotes and backslashes, nothing expanded", "[preprocess]") {
    CHECK(split_command("mdbook-toc") == std::vector<std::string>{"mdbook-toc"});
    CHECK(split_command("  python3   \"my script.py\" 'a b' c\\ d $HOME ") ==
          std::vector<std::string>{"python3", "my script.py", "a b", "c d", "$HOME"});
    CHECK(split_command("x ''") == std::vector<std::string>{"x", ""});
    CHECK(split_command("").empty());
}

TEST_CASE("run_process: a megabyte in and out at once", "[preprocess]") {
    std::string input(1 << 20, 'x'); // far more than a pipe holds, in both directions
    input += "end";
    const auto result = run_process({"cat"}, ".", input, 30s);
    CHECK_FALSE(result.not_found);
    CHECK_FALSE(result.timed_out);
    CHECK(result.exit_code == 0);
    CHECK(result.out == input);
}

TEST_CASE("run_process: exit status, stderr, a missing program", "[preprocess]") {
    const auto failed = run_process({"sh", "-c", "echo out; echo err >&2; exit 7"}, ".", "", 30s);
    CHECK(failed.exit_code == 7);
    CHECK(failed.out == "out\n");
    CHECK(failed.err == "err\n");
    // It need not read its stdin: gpuguide must not die of SIGPIPE writing it.
    const auto deaf = run_process({"true"}, ".", std::string(1 << 20, 'x'), 30s);
    CHECK(deaf.exit_code == 0);
    CHECK(run_process({"gpuguide-no-such-program"}, ".", "", 30s).not_found);
    CHECK(run_process({"./no-such-script.sh"}, ".", "", 30s).not_found);
}

TEST_CASE("run_process: a timeout stops the program and its children", "[preprocess]") {
    const auto start = std::chrono::steady_clock::now();
    // The shell's child sleep holds stdout open: only killing the group ends the wait.
    const auto result = run_process({"sh", "-c", "sleep 30; echo late"}, ".", "", 1s);
    CHECK(result.timed_out);
    CHECK(std::chrono::steady_clock::now() - start < 10s);
    CHECK(result.out.empty());
}
