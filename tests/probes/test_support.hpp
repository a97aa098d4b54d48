// Helpers shared by the probe tests: a fresh cache folder per test and quick runner options.
#pragma once

#include "gpuguide_catch.hpp"
#include "runner/runner.hpp"

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace gpuguide::probes::testing {

/// A new empty folder under the system temp dir, removed when the object goes away.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name)
        : path(std::filesystem::temp_directory_path() /
               ("gpuguide-probe-test-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

/// Skips the calling test case (tagged "[.may-skip]", see gpuguide_catch.hpp) unless this build's
/// gpuguide-probe has its fault-injection hooks: the CMake option GPUGUIDE_TEST_HOOKS, which
/// scripts/test.sh turns on and scripts/build.sh leaves off.
inline void require_test_hooks() {
#ifndef GPUGUIDE_TEST_HOOKS
    gpuguide::testing::skip("this build has no probe test hooks (GPUGUIDE_PROBE_FAULT, "
                            "GPUGUIDE_PROBE_HIDE_LIBS); configure with -DGPUGUIDE_TEST_HOOKS=ON, "
                            "as scripts/test.sh does");
#endif
}

/// The gpuguide-probe the tests start: $GPUGUIDE_PROBE_EXE where it is set (a device kit carries
/// its test-hook build away from where it was compiled, and its probe_tests wrapper names it:
/// scripts/device-kit.sh), else the one this build compiled.
inline std::string probe_exe() {
    const char* from_environment = std::getenv("GPUGUIDE_PROBE_EXE");
    return from_environment != nullptr && *from_environment != '\0' ? from_environment
                                                                    : GPUGUIDE_PROBE_EXE;
}

/// Runner options for tests: quick sizes, the given cache, a short timeout, chosen probes.
inline RunOptions quick_options(const std::filesystem::path& cache, std::vector<std::string> only,
                                Mode mode = Mode::Auto) {
    RunOptions options;
    options.mode = mode;
    options.cache_dir = cache;
    options.quick = true;
    options.timeout = std::chrono::seconds(60);
    options.only = std::move(only);
    return options;
}

} // namespace gpuguide::probes::testing
