// Host-callable launchers for gpu.llm's kernels (kernels/llm.cu): the non-GEMM steps of a
// Llama-style decoder layer in BF16 (FP32 arithmetic inside). Row-major, like cpu.llm's; the KV
// cache is [sequence][kv head][position][head_dim]. tests/probes/gpu_llm_test.cpp compares each
// with the plain reference on a GPU host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

namespace gpuguide::probes::gpu::kernels {

using bf16 = __nv_bfloat16;

/// x[i] = centre + scale * u, u uniform in [-1, 1) from uniform_value(i, seed).
void llm_fill(bf16* x, std::size_t n, float centre, float scale, std::uint32_t seed,
              cudaStream_t stream);

/// y = x / sqrt(mean(x^2) + eps) * w per row; `rows` rows of `dim`.
void llm_rmsnorm(const bf16* x, const bf16* w, bf16* y, int rows, int dim, float eps,
                 cudaStream_t stream);

/// Rotate-half RoPE in place on `heads` heads of each row (head h at x + r*row_stride +
/// h*head_dim), row r turned by positions[r] (device array).
void llm_rope(bf16* x, int rows, int row_stride, int heads, int head_dim, const int* positions,
              float theta, cudaStream_t stream);

/// out[r][i] = silu(gate_up[r][i]) * gate_up[r][ffn + i].
void llm_swiglu(const bf16* gate_up, bf16* out, int rows, int ffn, cudaStream_t stream);

/// Where the layer's rows live in the cache: row r is sequence sequences[r] at position
/// positions[r], and attends to positions 0 .. lengths[r]-1 of it (device arrays).
struct LlmRows {
    int rows = 0;
    const int* sequences = nullptr;
    const int* positions = nullptr;
    const int* lengths = nullptr;
};

/// A cache of `capacity` positions per sequence and KV head.
struct LlmCache {
    bf16* k = nullptr;
    bf16* v = nullptr;
    int kv_heads = 0, head_dim = 0, capacity = 0;
};

/// Copies each row's K and V (at k_offset and v_offset of a row of `row_stride`) into the cache.
void llm_store_kv(const bf16* qkv, int row_stride, int k_offset, int v_offset, LlmCache cache,
                  LlmRows rows, cudaStream_t stream);

/// Attention of each row's `q_heads` query heads (at q + r*q_stride) over its cache positions,
/// query head h reading KV head h / (q_heads / kv_heads); softmax scaled by 1/sqrt(head_dim).
/// out: [rows][q_heads * head_dim]. Split over the positions as flash-decoding does: `splits`
/// blocks per (row, head) (llm::attention_splits()) each take a share of the positions, at most
/// 8,192 each (their scores live in shared memory), and write a partial result to `scratch`
/// (llm::attention_scratch_floats() floats), which a second kernel combines. head_dim at most 128.
void llm_attention(const bf16* q, int q_stride, int q_heads, LlmCache cache, LlmRows rows,
                   int splits, float* scratch, bf16* out, cudaStream_t stream);

/// Causal softmax for prefill: row i of `scores` ([tokens][tokens], FP32, QK^T unscaled) becomes
/// softmax(scale * scores[i][0..i]) in p (BF16), zeros after position i.
void llm_causal_softmax(const float* scores, bf16* p, int tokens, float scale, cudaStream_t stream);

} // namespace gpuguide::probes::gpu::kernels
