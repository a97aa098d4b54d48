#include "runner/peak_check.hpp"

#include <map>
#include <sstream>

namespace gpuguide::probes {
namespace {

using nlohmann::json;

/// Largest number in a metric (max, else median, else value); 0 when it has none.
double metric_top(const json& metric) {
    for (const char* field : {"max", "median", "value"})
        if (metric.is_object() && metric.contains(field) && metric[field].is_number())
            return metric[field].get<double>();
    return 0;
}

double peak_value(const json& device, const std::string& name) {
    const json& peak = device.value("peak", json::object());
    if (!peak.contains(name))
        return 0;
    return metric_top(peak[name]);
}

void check(std::vector<std::string>& problems, const std::string& pointer, const json& metric,
           double peak, const std::string& peak_name) {
    double value = metric_top(metric);
    if (peak <= 0 || value <= peak * kPeakHeadroom)
        return;
    std::ostringstream text;
    text << "absurd value at " << pointer << ": " << value << " " << metric.value("unit", "")
         << " is above the theoretical peak " << peak_name << " " << peak << " (+"
         << int((kPeakHeadroom - 1) * 100 + 0.5) << "% allowed)";
    problems.push_back(text.str());
}

} // namespace

std::vector<std::string> exceeds_peaks(const std::string& key, const json& result,
                                       const json& specs_result) {
    std::vector<std::string> problems;
    const json& devices = result.value("devices", json::array());
    const json& specs = specs_result.value("devices", json::array());
    for (std::size_t d = 0; d < devices.size() && d < specs.size(); ++d) {
        std::string at = "/devices/" + std::to_string(d);
        if (key == "gpu.stream") {
            double peak = peak_value(specs[d], "memory_bandwidth");
            for (const char* kernel : {"copy", "scale", "add", "triad"})
                if (devices[d].contains(kernel))
                    check(problems, at + "/" + kernel, devices[d][kernel], peak,
                          "memory_bandwidth");
        } else if (key == "gpu.gemm") {
            // FP64 GEMM may use FP64 tensor cores (A100, H100), so its ceiling is the larger one.
            static const std::map<std::string, std::vector<std::string>> ceilings = {
                {"fp64", {"fp64", "fp64_tensor"}},  {"fp32", {"fp32"}},
                {"tf32", {"tf32_tensor"}},          {"fp16", {"fp16_tensor"}},
                {"bf16", {"bf16_tensor"}},          {"fp8", {"fp8_tensor"}},
                {"fp8_fast_accum", {"fp8_tensor"}}, {"int8", {"int8_tensor"}}};
            const json& precisions = devices[d].value("precisions", json::object());
            for (const auto& [precision, peaks] : ceilings) {
                if (!precisions.contains(precision))
                    continue;
                double peak = 0;
                std::string name;
                for (const auto& candidate : peaks)
                    if (double p = peak_value(specs[d], candidate); p > peak) {
                        peak = p;
                        name = candidate;
                    }
                check(problems, at + "/precisions/" + precision + "/best",
                      precisions[precision].value("best", json()), peak, name);
            }
        }
    }
    return problems;
}

} // namespace gpuguide::probes
