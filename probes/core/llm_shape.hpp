// The decoder shapes the LLM probes run (cpu.llm, gpu.llm): a catalogue by name, and the byte and
// FLOP counts of a forward pass, plain C++ so that the CPU probe, the GPU probe's host side and the
// tests share one set of counts.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

namespace gpuguide::probes::llm {

/// A Llama-style decoder: RMSNorm, grouped-query attention with RoPE, SwiGLU feed-forward.
struct Shape {
    std::string_view name;         ///< catalogue key, e.g. "llama-3.1-8b"
    std::string_view derived_from; ///< the full model a scaled shape keeps the head layout of
    int hidden = 0;                ///< model width
    int layers = 0;                ///< decoder layers run per token
    int q_heads = 0, kv_heads = 0, head_dim = 0;
    int ffn = 0;   ///< SwiGLU inner width
    int vocab = 0; ///< counted in model_parameters(); the probes do not run the LM head
    double rope_theta = 0;
    double norm_eps = 0;

    int q_dim() const { return q_heads * head_dim; }
    int kv_dim() const { return kv_heads * head_dim; }
    /// Rows of the fused Q, K and V projection.
    int qkv_dim() const { return q_dim() + 2 * kv_dim(); }
};

/// Every shape the probes know, the full model first.
const std::vector<Shape>& catalogue();

/// The catalogue entry `name`; throws std::invalid_argument naming the known ones.
const Shape& shape(std::string_view name);

/// Weights of one layer: Q, K, V, O projections, gate, up and down, and the two norm vectors.
std::size_t layer_parameters(const Shape& shape);

/// The whole model: layers, final norm, embedding and an untied LM head.
std::size_t model_parameters(const Shape& shape);

/// Values the KV cache holds per token in one layer (K and V).
std::size_t kv_values_per_token(const Shape& shape);

/// Bytes one decode step reads with `layers` layers at `batch` sequences each `context` tokens
/// long: every layer's weights once (shared by the batch), and each sequence's K and V.
double decode_step_bytes(const Shape& shape, int layers, int batch, int context,
                         double weight_bytes_per_value, double kv_bytes_per_value);

/// FLOPs of `layers` layers' forward pass over `tokens` tokens of one sequence, starting empty
/// (prefill): 2 per weight per token, plus causal attention (QK^T and PV).
double prefill_flops(const Shape& shape, int layers, int tokens);

/// Blocks per (row, query head) for gpu.llm's split attention over a cache of `capacity`
/// positions whose longest row has `longest`: about 4 blocks per SM in all, no more splits than
/// 256-position shares of the longest row, at most 64, and never a share above 8,192 positions
/// (the scores of one share sit in 32 KiB of shared memory).
int attention_splits(int rows, int q_heads, int longest, int capacity, int sm_count);

/// Floats of scratch the split attention needs: {max, sum, acc[head_dim]} per split.
std::size_t attention_scratch_floats(int rows, int q_heads, int head_dim, int splits);

/// The shape as it goes into a measurement document.
nlohmann::json describe(const Shape& shape);

} // namespace gpuguide::probes::llm
