// The probe bundle carries one build of the probes per CUDA major version (cuda12/, cuda13/),
// because a build runs only on drivers of its CUDA major version or newer and loads cuBLAS of
// that major version. Its ./gpuguide-probe is a launcher (tool/launcher.cpp) that picks the
// build this host's driver and cuBLAS allow, and runs it; the build records the choice in the
// document's provenance (probes/README.md, "The probe bundle").
#pragma once

#include "core/cuda_version.hpp"
#include "core/library_search.hpp"

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::probes::bundle {

/// What the launcher knows of the host's CUDA.
struct HostCuda {
    /// The CUDA version the driver supports (cuDriverGetVersion: 12020 for 12.2); 0: no driver.
    int driver_cuda = 0;
    /// Why there is no driver (the loader's message), when driver_cuda is 0.
    std::string driver_problem;
    /// Whether cuBLAS and cuBLASLt of a CUDA major version load here. Asked only when it decides
    /// between builds: loading cuBLAS maps about 200 MB and takes a fraction of a second.
    std::function<bool(int cuda_major)> has_cublas;
};

/// The build to run and why, in one sentence that the document keeps.
struct Choice {
    int cuda_major = 0;
    std::string reason;
};

/// Picks among `builds` (the CUDA major versions of the builds present, in any order): the
/// newest the driver runs (same CUDA major version or newer: minor-version compatibility) whose
/// cuBLAS loads, else the newest the driver runs; with no driver the newest; with a driver older
/// than every build the oldest, whose GPU probes then say what driver they need. Throws
/// std::invalid_argument when `builds` is empty.
Choice choose_build(std::vector<int> builds, const HostCuda& host);

/// Reads this host: the driver (libcuda.so.1 through the loader, then the driver's folders of
/// core/library_search.hpp) and a cuBLAS look-up as the probes do it (cuda_library_folders).
HostCuda inspect_host(const EnvLookup& env);

/// The CUDA major versions of the builds in `bundle_folder`: each cuda<N>/gpuguide-probe that is
/// an executable file, sorted.
std::vector<int> builds_in(const std::filesystem::path& bundle_folder);

/// "cuda12" for 12; parse_build_name("cuda12") gives 12, and nothing for any other text.
std::string build_name(int cuda_major);
std::optional<int> parse_build_name(const std::string& name);

/// Set by the launcher for the build it runs: "cuda12" and the choice's reason.
inline constexpr const char* kBuildVariable = "GPUGUIDE_PROBE_BUNDLE_BUILD";
inline constexpr const char* kReasonVariable = "GPUGUIDE_PROBE_BUNDLE_REASON";
/// Set by the user to run one build, e.g. GPUGUIDE_PROBE_BUILD=cuda12.
inline constexpr const char* kOverrideVariable = "GPUGUIDE_PROBE_BUILD";

/// provenance.bundle, {"build": "cuda12", "reason": "..."}, from the launcher's variables; null
/// when this program was not started by the launcher.
nlohmann::json provenance_entry();

} // namespace gpuguide::probes::bundle
