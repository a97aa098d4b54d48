// gpuguide-probe in the probe bundle: picks the build of the probes (cuda12/, cuda13/ next to
// it) that this host's driver and cuBLAS allow, says which on stderr, and runs it with the same
// arguments (core/bundle.hpp). Built as gpuguide-probe-launcher; scripts/probe-bundle.sh names
// it gpuguide-probe in the bundle.
#include "core/bundle.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace gpuguide::probes;

namespace {

std::string names(const std::vector<int>& builds) {
    std::string text;
    for (int major : builds)
        text += (text.empty() ? "" : ", ") + bundle::build_name(major);
    return text;
}

} // namespace

int main(int, char** argv) {
    std::error_code ec;
    const fs::path folder = fs::read_symlink("/proc/self/exe", ec).parent_path();
    const std::vector<int> builds = bundle::builds_in(folder);
    if (ec || builds.empty()) {
        std::cerr << "gpuguide-probe: no build of the probes next to this program (looked for "
                  << (folder / "cuda13/gpuguide-probe").string()
                  << " and the like); unpack the whole bundle and run it from there\n";
        return 2;
    }

    bundle::Choice choice;
    if (const char* forced = std::getenv(bundle::kOverrideVariable)) {
        const auto major = bundle::parse_build_name(forced);
        if (!major || std::find(builds.begin(), builds.end(), *major) == builds.end()) {
            std::cerr << "gpuguide-probe: " << bundle::kOverrideVariable << "=" << forced
                      << ": no such build here (there are: " << names(builds) << ")\n";
            return 2;
        }
        choice = {*major, std::string("chosen with ") + bundle::kOverrideVariable + "=" + forced};
    } else {
        choice = bundle::choose_build(builds, bundle::inspect_host(process_environment()));
    }

    const std::string build = bundle::build_name(choice.cuda_major);
    std::cerr << "gpuguide-probe: running the " << build << " build: " << choice.reason << "\n";
    ::setenv(bundle::kBuildVariable, build.c_str(), 1);
    ::setenv(bundle::kReasonVariable, choice.reason.c_str(), 1);
    const std::string program = (folder / build / "gpuguide-probe").string();
    argv[0] = const_cast<char*>(program.c_str());
    ::execv(program.c_str(), argv);
    std::cerr << "gpuguide-probe: cannot run " << program << ": " << std::strerror(errno) << "\n";
    return 127;
}
