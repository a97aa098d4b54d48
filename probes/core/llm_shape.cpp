#include "core/llm_shape.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace gpuguide::probes::llm {

const std::vector<Shape>& catalogue() {
    // Llama 3.1 8B: config.json of meta-llama/Llama-3.1-8B (hidden_size 4096, 32 layers, 32
    // attention and 8 key-value heads, intermediate_size 14336, vocab 128256, rope_theta 500000,
    // rms_norm_eps 1e-5). The quarter-width shape keeps its head size (128) and its 4 query heads
    // per KV head, with a quarter of the heads and of the FFN, and 4 layers: what the CPU probe can
    // run in a second or two. "tiny" is for tests and --quick.
    static const std::vector<Shape> shapes = {
        {"llama-3.1-8b", "llama-3.1-8b", 4096, 32, 32, 8, 128, 14336, 128256, 500000.0, 1e-5},
        {"llama-3.1-8b-quarter", "llama-3.1-8b", 1024, 4, 8, 2, 128, 3584, 32064, 500000.0, 1e-5},
        {"tiny", "llama-3.1-8b", 64, 2, 4, 2, 16, 160, 256, 10000.0, 1e-5},
    };
    return shapes;
}

const Shape& shape(std::string_view name) {
    std::string known;
    for (const auto& entry : catalogue()) {
        if (entry.name == name)
            return entry;
        known += (known.empty() ? "" : ", ") + std::string(entry.name);
    }
    throw std::invalid_argument("unknown LLM shape \"" + std::string(name) + "\" (known: " + known +
                                ")");
}

std::size_t layer_parameters(const Shape& s) {
    const std::size_t hidden = std::size_t(s.hidden);
    const std::size_t attention =
        hidden * std::size_t(s.qkv_dim()) + std::size_t(s.q_dim()) * hidden;
    const std::size_t ffn = 3 * hidden * std::size_t(s.ffn);
    return attention + ffn + 2 * hidden;
}

std::size_t model_parameters(const Shape& s) {
    const std::size_t hidden = std::size_t(s.hidden);
    return std::size_t(s.layers) * layer_parameters(s) + hidden + 2 * std::size_t(s.vocab) * hidden;
}

std::size_t kv_values_per_token(const Shape& s) {
    return 2 * std::size_t(s.kv_dim());
}

double decode_step_bytes(const Shape& s, int layers, int batch, int context,
                         double weight_bytes_per_value, double kv_bytes_per_value) {
    const double weights = double(layer_parameters(s)) * weight_bytes_per_value;
    const double kv =
        double(batch) * double(context) * double(kv_values_per_token(s)) * kv_bytes_per_value;
    return double(layers) * (weights + kv);
}

double prefill_flops(const Shape& s, int layers, int tokens) {
    const double t = double(tokens);
    const double matmul = 2.0 * double(layer_parameters(s) - 2 * std::size_t(s.hidden)) * t;
    // Token i attends to i + 1 positions: sum over i is t(t+1)/2; QK^T and PV are 2 FLOPs per
    // multiply-add each, over every query head.
    const double attention = 4.0 * double(s.q_dim()) * t * (t + 1) / 2;
    return double(layers) * (matmul + attention);
}

int attention_splits(int rows, int q_heads, int longest, int capacity, int sm_count) {
    const int blocks = std::max(1, rows * q_heads);
    const int to_fill = (4 * sm_count + blocks - 1) / blocks;
    const int by_length = std::max(1, (longest + 255) / 256);
    const int needed = (capacity + 8191) / 8192;
    return std::max(needed, std::clamp(std::min(to_fill, by_length), 1, 64));
}

std::size_t attention_scratch_floats(int rows, int q_heads, int head_dim, int splits) {
    return std::size_t(rows) * std::size_t(q_heads) * std::size_t(splits) *
           std::size_t(head_dim + 2);
}

nlohmann::json describe(const Shape& s) {
    return {{"name", s.name},
            {"derived_from", s.derived_from},
            {"hidden", s.hidden},
            {"layers", s.layers},
            {"q_heads", s.q_heads},
            {"kv_heads", s.kv_heads},
            {"head_dim", s.head_dim},
            {"ffn", s.ffn},
            {"rope_theta", s.rope_theta},
            {"norm_eps", s.norm_eps},
            {"parameters_per_layer", layer_parameters(s)}};
}

} // namespace gpuguide::probes::llm
