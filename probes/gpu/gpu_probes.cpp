#include "core/devices.hpp"
#include "gpu/conditions.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"

namespace gpuguide::probes {

nlohmann::json gpu::PerDeviceProbe::run(const ProbeContext& context) {
    nlohmann::json devices = nlohmann::json::array();
    std::string failure;
    for (int device : devices_to_measure(context.devices, device_count())) {
        GG_CUDA(cudaSetDevice(device));
        ConditionSampler sampler(device); // clocks and throttle reasons during the work
        nlohmann::json entry = measure_device(device, context);
        entry["index"] = device;
        entry["conditions"] = sampler.stop();
        // A device's "failure" (e.g. a wrong GEMM result) fails the probe; its figures stay.
        if (entry.contains("failure") && failure.empty())
            failure =
                "device " + std::to_string(device) + ": " + entry["failure"].get<std::string>();
        devices.push_back(std::move(entry));
    }
    nlohmann::json result = {{"devices", devices}};
    if (!failure.empty())
        result["failure"] = failure;
    return result;
}

void append_gpu_probes(ProbeList& list) {
    // Same order as kGpuProbes: gpu.specs first, so the runner knows the peaks before the rest.
    list.push_back(gpu::make_specs_probe());
    list.push_back(gpu::make_stream_probe());
    list.push_back(gpu::make_transfer_probe());
    list.push_back(gpu::make_gemm_probe());
    list.push_back(gpu::make_latency_probe());
    list.push_back(gpu::make_power_probe());
    list.push_back(gpu::make_multi_probe());
    list.push_back(gpu::make_llm_probe());
}

} // namespace gpuguide::probes
