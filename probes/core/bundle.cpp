#include "core/bundle.hpp"

#include "core/dynamic_library.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>

namespace fs = std::filesystem;

namespace gpuguide::probes::bundle {
namespace {

/// "13 or 12" for {13, 12}.
std::string majors_text(const std::vector<int>& majors) {
    std::string text;
    for (std::size_t i = 0; i < majors.size(); ++i)
        text += (i == 0 ? "" : i + 1 == majors.size() ? " or " : ", ") + std::to_string(majors[i]);
    return text;
}

/// The choice among `runnable` (newest first, more than one): the first whose cuBLAS loads.
Choice choose_by_cublas(const std::vector<int>& runnable, const HostCuda& host,
                        const std::string& said) {
    std::vector<int> absent;
    for (int major : runnable) {
        if (host.has_cublas && host.has_cublas(major)) {
            const std::string found = "cuBLAS " + std::to_string(major) + " loads";
            if (absent.empty())
                return {major, said + " and " + found};
            return {major,
                    said + "; no cuBLAS " + majors_text(absent) + " was found, but " + found};
        }
        absent.push_back(major);
    }
    return {runnable.front(), said + "; no cuBLAS " + majors_text(absent) +
                                  " was found: gpu.gemm and gpu.power will be skipped, saying "
                                  "what to install"};
}

} // namespace

Choice choose_build(std::vector<int> builds, const HostCuda& host) {
    if (builds.empty())
        throw std::invalid_argument("no build of the probes to choose from");
    std::sort(builds.rbegin(), builds.rend()); // newest first
    builds.erase(std::unique(builds.begin(), builds.end()), builds.end());
    if (builds.size() == 1)
        return {builds.front(), "the only build in this bundle"};
    if (host.driver_cuda <= 0)
        return {builds.front(), "no NVIDIA driver found (" + host.driver_problem +
                                    "): the GPU probes will be skipped; the CPU probes are the "
                                    "same in every build"};

    const int driver_major = host.driver_cuda / 1000;
    std::string said = "the NVIDIA driver supports CUDA " + cuda_version_text(host.driver_cuda);
    std::vector<int> runnable;
    for (int major : builds)
        if (major <= driver_major)
            runnable.push_back(major);
        else
            said += "; the " + build_name(major) + " build needs " + driver_requirement(major);
    if (runnable.empty())
        return {builds.back(),
                "the NVIDIA driver supports CUDA " + cuda_version_text(host.driver_cuda) +
                    ", older than every build here: the " + build_name(builds.back()) +
                    " build needs " + driver_requirement(builds.back()) + " and will say so"};
    if (runnable.size() == 1) // nothing for cuBLAS to decide
        return {runnable.front(), said};
    return choose_by_cublas(runnable, host, said);
}

HostCuda inspect_host(const EnvLookup& env) {
    HostCuda host;
    const DynamicLibrary driver("libcuda.so.1", driver_library_folders());
    using GetVersion = int (*)(int*); // CUresult cuDriverGetVersion(int*): 0 is CUDA_SUCCESS
    if (!driver.loaded()) {
        host.driver_problem = driver.error();
    } else if (auto get_version = driver.function<GetVersion>("cuDriverGetVersion"); !get_version) {
        host.driver_problem = driver.path() + " has no cuDriverGetVersion";
    } else if (int version = 0; get_version(&version) != 0 || version <= 0) {
        host.driver_problem = "cuDriverGetVersion failed in " + driver.path();
    } else {
        host.driver_cuda = version;
    }
    host.has_cublas = [env](int major) {
        const auto folders = cuda_library_folders(major, env);
        const std::string suffix = ".so." + std::to_string(major);
        // cuBLAS needs cuBLASLt: loaded first, it satisfies cuBLAS's dependency by its soname.
        return DynamicLibrary("libcublasLt" + suffix, folders).loaded() &&
               DynamicLibrary("libcublas" + suffix, folders).loaded();
    };
    return host;
}

std::vector<int> builds_in(const fs::path& bundle_folder) {
    std::vector<int> builds;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(bundle_folder, ec)) {
        const auto major = parse_build_name(entry.path().filename().string());
        const fs::path program = entry.path() / "gpuguide-probe";
        if (major && fs::is_regular_file(program, ec) && ::access(program.c_str(), X_OK) == 0)
            builds.push_back(*major);
    }
    std::sort(builds.begin(), builds.end());
    return builds;
}

std::string build_name(int cuda_major) {
    return "cuda" + std::to_string(cuda_major);
}

std::optional<int> parse_build_name(const std::string& name) {
    const std::string prefix = "cuda";
    if (!name.starts_with(prefix) || name.size() == prefix.size() ||
        name.size() > prefix.size() + 3)
        return std::nullopt;
    for (std::size_t i = prefix.size(); i < name.size(); ++i)
        if (name[i] < '0' || name[i] > '9')
            return std::nullopt;
    return std::stoi(name.substr(prefix.size()));
}

nlohmann::json provenance_entry() {
    const char* build = std::getenv(kBuildVariable);
    if (!build)
        return nullptr;
    const char* reason = std::getenv(kReasonVariable);
    return {{"build", build}, {"reason", reason ? reason : ""}};
}

} // namespace gpuguide::probes::bundle
