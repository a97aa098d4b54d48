#include "core/llm_results.hpp"

#include "core/stats.hpp"

namespace gpuguide::probes::llm {

std::string decode_key(int batch, int context) {
    return "batch" + std::to_string(batch) + "_context" + std::to_string(context);
}

nlohmann::json decode_record(const Shape& shape, int layers, int batch, int context,
                             double weight_bytes_per_value, double kv_bytes_per_value,
                             const std::vector<double>& seconds) {
    const double bytes = decode_step_bytes(shape, layers, batch, context, weight_bytes_per_value,
                                           kv_bytes_per_value);
    auto metric = [&](auto f, const char* unit) {
        return stats_metric(transform_samples(seconds, f), unit);
    };
    return {{"batch", batch},
            {"context", context},
            {"bytes_per_step", value_metric(bytes, "B")},
            {"ms_per_step", metric([](double t) { return t * 1000; }, "ms")},
            {"tokens_per_s_per_sequence", metric([](double t) { return 1 / t; }, "tokens/s")},
            {"tokens_per_s", metric([&](double t) { return batch / t; }, "tokens/s")},
            {"bandwidth", metric([&](double t) { return bytes / t / 1e9; }, "GB/s")}};
}

nlohmann::json prefill_record(const Shape& shape, int layers, int tokens,
                              const std::vector<double>& seconds) {
    const double flops = prefill_flops(shape, layers, tokens);
    auto metric = [&](auto f, const char* unit) {
        return stats_metric(transform_samples(seconds, f), unit);
    };
    return {{"batch", 1},
            {"tokens", tokens},
            {"flops", value_metric(flops, "FLOP")},
            {"time_to_first_token", metric([](double t) { return t * 1000; }, "ms")},
            {"tokens_per_s", metric([&](double t) { return tokens / t; }, "tokens/s")},
            {"gflops", metric([&](double t) { return flops / t / 1e9; }, "GFLOP/s")}};
}

} // namespace gpuguide::probes::llm
