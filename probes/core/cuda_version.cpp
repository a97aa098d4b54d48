#include "core/cuda_version.hpp"

namespace gpuguide::probes {

std::string cuda_version_text(int version) {
    return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

std::string oldest_driver_branch(int cuda_major) {
    switch (cuda_major) {
    case 12:
        return "R525";
    case 13:
        return "R580";
    default:
        return "";
    }
}

std::string driver_requirement(int cuda_major) {
    const std::string branch = oldest_driver_branch(cuda_major);
    return "CUDA " + std::to_string(cuda_major) + ".0" +
           (branch.empty() ? "" : " (driver " + branch + " or newer)");
}

} // namespace gpuguide::probes
