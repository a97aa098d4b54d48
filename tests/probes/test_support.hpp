// Helpers shared by the probe tests: a fresh cache folder per test and quick runner options.
#pragma once

#include "runner/runner.hpp"

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
