#include "gpu/gpu_identity.hpp"

namespace gpuguide::probes {

nlohmann::json to_json(const GpuIdentity& identity) {
    auto optional = [](const std::optional<std::string>& text) {
        return text ? nlohmann::json(*text) : nlohmann::json(nullptr);
    };
    nlohmann::json gpus = nlohmann::json::array();
    for (const auto& device : identity.devices)
        gpus.push_back({{"index", device.index}, {"name", device.name}, {"uuid", device.uuid}});
    return {{"driver", optional(identity.driver)},
            {"cuda_driver", optional(identity.cuda_driver)},
            {"cuda_runtime", optional(identity.cuda_runtime)},
            {"cublas", optional(identity.cublas)},
            {"gpus", gpus}};
}

} // namespace gpuguide::probes
