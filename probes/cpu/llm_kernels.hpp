// cpu.llm's kernels, apart from the probe: one Llama-style decoder layer in FP32, its GEMMs through
// OpenBLAS (cblas_sgemm), the rest plain loops. Layouts are row-major; a weight matrix is
// [out][in], as checkpoints store it. tests/probes/llm_test.cpp compares each step with a plain
// reference (tests/probes/llm_reference.hpp).
#pragma once

#include "core/llm_shape.hpp"

#include <cstddef>
#include <vector>

namespace gpuguide::probes::llm {

/// One layer's weights, FP32.
struct LayerWeights {
    std::vector<float> attn_norm; ///< [hidden]
    std::vector<float> wqkv;      ///< [q_dim + 2 kv_dim][hidden]: Q rows, then K, then V
    std::vector<float> wo;        ///< [hidden][q_dim]
    std::vector<float> ffn_norm;  ///< [hidden]
    std::vector<float> w_gate_up; ///< [2 ffn][hidden]: gate rows, then up rows
    std::vector<float> w_down;    ///< [hidden][ffn]
};

/// Weights of the right sizes, filled from `seed` with values of scale 1/sqrt(fan-in) (norm
/// vectors near 1), so activations stay of order one through many layers.
LayerWeights random_layer(const Shape& shape, unsigned seed);

/// One layer's KV cache for `batch` sequences of up to `capacity` tokens, laid out
/// [sequence][kv head][position][head_dim] so that one head's keys are contiguous.
struct KvCache {
    int batch = 0, capacity = 0, kv_heads = 0, head_dim = 0;
    std::vector<float> k, v;
    KvCache(const Shape& shape, int batch, int capacity);
    std::size_t offset(int sequence, int head, int position) const {
        return ((std::size_t(sequence) * kv_heads + head) * capacity + position) * head_dim;
    }
};

/// y = x / sqrt(mean(x^2) + eps) * w, row by row; `rows` rows of `dim`.
void rmsnorm(const float* x, const float* w, float* y, int rows, int dim, double eps);

/// Rotates `heads` heads of each row in place (x: [rows][heads * head_dim]) by its position, in
/// the rotate-half pairing (i, i + head_dim/2) of Llama's reference code, frequencies
/// theta^(-2i/head_dim).
void rope(float* x, int rows, int heads, int head_dim, const int* positions, double theta);

/// out[r][i] = silu(gate[r][i]) * up[r][i]; gate_up: [rows][2 ffn], gate first.
void swiglu(const float* gate_up, float* out, int rows, int ffn);

/// Decode attention: sequence b's query (q: [batch][q_heads * head_dim]) attends to positions
/// 0 .. lengths[b]-1 of the cache, softmax scaled by 1/sqrt(head_dim); query head h reads KV
/// head h / (q_heads / kv_heads), the group's queries together (two sgemm calls per KV head).
/// out: [batch][q_heads * head_dim]. Sequences 0 .. batch-1 of the cache take part.
void decode_attention(const Shape& shape, const float* q, const KvCache& cache, int batch,
                      const int* lengths, float* out);

/// Causal attention of one sequence's `tokens` queries over cache positions 0 .. tokens-1 of
/// sequence 0 (each query i sees positions 0..i), through sgemm per head.
void prefill_attention(const Shape& shape, const float* q, const KvCache& cache, int tokens,
                       float* out);

/// Scratch space for one layer pass over up to `rows` rows.
struct Workspace {
    std::vector<float> normed, q, k, v, attn, gate_up, act;
    Workspace(const Shape& shape, int rows);
};

/// One decode step of one layer for the cache's first `batch` sequences: x ([batch][hidden]) is
/// updated in place; sequence b's new token sits at position positions[b], its K and V are written
/// there, and it attends to positions 0 .. positions[b].
void decode_layer(const Shape& shape, const LayerWeights& w, KvCache& cache, int batch,
                  const int* positions, float* x, Workspace& ws);

/// One layer over `tokens` tokens of sequence 0 starting at position 0 (prefill): x
/// ([tokens][hidden]) in place, K and V written to positions 0 .. tokens-1.
void prefill_layer(const Shape& shape, const LayerWeights& w, KvCache& cache, int tokens, float* x,
                   Workspace& ws);

} // namespace gpuguide::probes::llm
