// gpu.llm's kernels: RMSNorm, RoPE, SwiGLU, KV cache writes and attention over the cache, BF16 in
// memory, FP32 arithmetic. Plain and correct first; the GEMMs, most of the time, are cuBLAS's.
#include "gpu/kernels/gemm_values.hpp"
#include "gpu/kernels/llm_kernels.hpp"

#include <cmath>

namespace gpuguide::probes::gpu::kernels {
namespace {

__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__device__ float warp_max(float v) {
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

/// Sum (or max) over the block; every thread gets the result. blockDim.x a multiple of 32.
template <bool Max> __device__ float block_reduce(float v) {
    __shared__ float partial[32];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    v = Max ? warp_max(v) : warp_sum(v);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    v = lane < warps ? partial[lane] : (Max ? -INFINITY : 0.0f);
    v = Max ? warp_max(v) : warp_sum(v);
    __syncthreads(); // partial is reused by the next call
    return v;
}

__global__ void fill_kernel(bf16* x, std::size_t n, float centre, float scale, std::uint32_t seed) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x)
        x[i] = __float2bfloat16(centre + scale * uniform_value(i, seed));
}

__global__ void rmsnorm_kernel(const bf16* x, const bf16* w, bf16* y, int dim, float eps) {
    const bf16* in = x + std::size_t(blockIdx.x) * dim;
    bf16* out = y + std::size_t(blockIdx.x) * dim;
    float sum = 0;
    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
        const float v = __bfloat162float(in[i]);
        sum += v * v;
    }
    const float inv = rsqrtf(block_reduce<false>(sum) / dim + eps);
    for (int i = threadIdx.x; i < dim; i += blockDim.x)
        out[i] = __float2bfloat16(__bfloat162float(in[i]) * inv * __bfloat162float(w[i]));
}

__global__ void rope_kernel(bf16* x, int row_stride, int heads, int head_dim, const int* positions,
                            float log_theta) {
    const int half = head_dim / 2;
    bf16* row = x + std::size_t(blockIdx.x) * row_stride;
    const float position = float(positions[blockIdx.x]);
    for (int at = threadIdx.x; at < heads * half; at += blockDim.x) {
        const int h = at / half, i = at % half;
        float s, c;
        sincosf(position * expf(-2.0f * float(i) / float(head_dim) * log_theta), &s, &c);
        bf16* head = row + h * head_dim;
        const float a = __bfloat162float(head[i]), b = __bfloat162float(head[i + half]);
        head[i] = __float2bfloat16(a * c - b * s);
        head[i + half] = __float2bfloat16(b * c + a * s);
    }
}

__global__ void swiglu_kernel(const bf16* gate_up, bf16* out, int rows, int ffn) {
    const std::size_t n = std::size_t(rows) * ffn;
    for (std::size_t at = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; at < n;
         at += std::size_t(gridDim.x) * blockDim.x) {
        const std::size_t r = at / ffn, i = at % ffn;
        const float g = __bfloat162float(gate_up[r * 2 * ffn + i]);
        const float u = __bfloat162float(gate_up[r * 2 * ffn + ffn + i]);
        out[at] = __float2bfloat16(g / (1.0f + expf(-g)) * u);
    }
}

__device__ std::size_t cache_offset(const LlmCache& c, int sequence, int head, int position) {
    return ((std::size_t(sequence) * c.kv_heads + head) * c.capacity + position) * c.head_dim;
}

__global__ void store_kv_kernel(const bf16* qkv, int row_stride, int k_offset, int v_offset,
                                LlmCache cache, LlmRows rows) {
    const int r = blockIdx.x;
    const bf16* row = qkv + std::size_t(r) * row_stride;
    for (int at = threadIdx.x; at < cache.kv_heads * cache.head_dim; at += blockDim.x) {
        const int g = at / cache.head_dim, i = at % cache.head_dim;
        const std::size_t to = cache_offset(cache, rows.sequences[r], g, rows.positions[r]) + i;
        cache.k[to] = row[k_offset + at];
        cache.v[to] = row[v_offset + at];
    }
}

/// One block per (row, query head, split): the split's share of the row's positions. Scores by
/// warps (one position per warp at a time), then the share's max, sum of exponentials and
/// weighted sum of V (two groups of 128 threads, each over half the positions), as a partial
/// result {max, sum, acc[d]} that combine_kernel merges.
__global__ void attention_kernel(const bf16* q, int q_stride, int q_heads, LlmCache cache,
                                 LlmRows rows, float* scratch) {
    extern __shared__ float scores[];
    __shared__ float query[128], halves[2][128];
    const int r = blockIdx.x, h = blockIdx.y, split = blockIdx.z, splits = gridDim.z;
    const int d = cache.head_dim, g = h / (q_heads / cache.kv_heads), n = rows.lengths[r];
    const int chunk = (n + splits - 1) / splits, first = min(n, split * chunk);
    const int count = min(n, first + chunk) - first;
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
    for (int i = threadIdx.x; i < d; i += blockDim.x)
        query[i] = __bfloat162float(q[std::size_t(r) * q_stride + h * d + i]);
    __syncthreads();
    const std::size_t base = cache_offset(cache, rows.sequences[r], g, first);
    const float scale = rsqrtf(float(d));
    for (int t = warp; t < count; t += warps) {
        float dot = 0;
        for (int i = lane; i < d; i += 32)
            dot += query[i] * __bfloat162float(cache.k[base + std::size_t(t) * d + i]);
        dot = warp_sum(dot);
        if (lane == 0)
            scores[t] = dot * scale;
    }
    __syncthreads();
    float top = -INFINITY;
    for (int t = threadIdx.x; t < count; t += blockDim.x)
        top = fmaxf(top, scores[t]);
    top = block_reduce<true>(top);
    float sum = 0;
    for (int t = threadIdx.x; t < count; t += blockDim.x) {
        scores[t] = count > 0 ? expf(scores[t] - top) : 0.0f;
        sum += scores[t];
    }
    sum = block_reduce<false>(sum); // its barriers also publish the scores
    const int group = threadIdx.x / 128, i = threadIdx.x % 128;
    if (i < d) {
        float acc = 0;
#pragma unroll 4
        for (int t = group; t < count; t += 2)
            acc += scores[t] * __bfloat162float(cache.v[base + std::size_t(t) * d + i]);
        halves[group][i] = acc;
    }
    __syncthreads();
    float* part = scratch + ((std::size_t(r) * q_heads + h) * splits + split) * (d + 2);
    if (threadIdx.x < d)
        part[2 + threadIdx.x] = halves[0][threadIdx.x] + halves[1][threadIdx.x];
    if (threadIdx.x == 0) {
        part[0] = top;
        part[1] = sum;
    }
}

/// Merges the splits' partial results of one (row, head): the usual log-sum-exp rescaling.
__global__ void combine_kernel(const float* scratch, int q_heads, int splits, int d, bf16* out) {
    const int r = blockIdx.x, h = blockIdx.y, i = threadIdx.x;
    const float* parts = scratch + (std::size_t(r) * q_heads + h) * splits * (d + 2);
    float top = -INFINITY;
    for (int s = 0; s < splits; ++s)
        top = fmaxf(top, parts[s * (d + 2)]);
    float sum = 0, acc = 0;
    for (int s = 0; s < splits; ++s) {
        const float* part = parts + s * (d + 2);
        if (part[1] == 0.0f)
            continue; // an empty split
        const float weight = expf(part[0] - top);
        sum += part[1] * weight;
        acc += part[2 + i] * weight;
    }
    out[(std::size_t(r) * q_heads + h) * d + i] = __float2bfloat16(acc / sum);
}

__global__ void causal_softmax_kernel(const float* scores, bf16* p, int tokens, float scale) {
    const int row = blockIdx.x, n = row + 1;
    const float* in = scores + std::size_t(row) * tokens;
    bf16* out = p + std::size_t(row) * tokens;
    float top = -INFINITY;
    for (int t = threadIdx.x; t < n; t += blockDim.x)
        top = fmaxf(top, in[t] * scale);
    top = block_reduce<true>(top);
    float sum = 0;
    for (int t = threadIdx.x; t < n; t += blockDim.x)
        sum += expf(in[t] * scale - top);
    const float inv = 1.0f / block_reduce<false>(sum);
    for (int t = threadIdx.x; t < tokens; t += blockDim.x)
        out[t] = __float2bfloat16(t < n ? expf(in[t] * scale - top) * inv : 0.0f);
}

unsigned grid_for(std::size_t n) {
    return unsigned(std::min<std::size_t>((n + 255) / 256, 65535));
}

} // namespace

void llm_fill(bf16* x, std::size_t n, float centre, float scale, std::uint32_t seed,
              cudaStream_t stream) {
    fill_kernel<<<grid_for(n), 256, 0, stream>>>(x, n, centre, scale, seed);
}

void llm_rmsnorm(const bf16* x, const bf16* w, bf16* y, int rows, int dim, float eps,
                 cudaStream_t stream) {
    rmsnorm_kernel<<<rows, 256, 0, stream>>>(x, w, y, dim, eps);
}

void llm_rope(bf16* x, int rows, int row_stride, int heads, int head_dim, const int* positions,
              float theta, cudaStream_t stream) {
    rope_kernel<<<rows, 256, 0, stream>>>(x, row_stride, heads, head_dim, positions,
                                          std::log(theta));
}

void llm_swiglu(const bf16* gate_up, bf16* out, int rows, int ffn, cudaStream_t stream) {
    swiglu_kernel<<<grid_for(std::size_t(rows) * ffn), 256, 0, stream>>>(gate_up, out, rows, ffn);
}

void llm_store_kv(const bf16* qkv, int row_stride, int k_offset, int v_offset, LlmCache cache,
                  LlmRows rows, cudaStream_t stream) {
    store_kv_kernel<<<rows.rows, 256, 0, stream>>>(qkv, row_stride, k_offset, v_offset, cache,
                                                   rows);
}

void llm_attention(const bf16* q, int q_stride, int q_heads, LlmCache cache, LlmRows rows,
                   int splits, float* scratch, bf16* out, cudaStream_t stream) {
    // Scores for one split's share of the longest row the cache holds (llm::attention_splits()
    // keeps it within 8,192 positions, 32 KiB).
    const int longest = cache.capacity;
    const std::size_t shared = std::size_t((longest + splits - 1) / splits) * sizeof(float);
    attention_kernel<<<dim3(unsigned(rows.rows), unsigned(q_heads), unsigned(splits)), 256, shared,
                       stream>>>(q, q_stride, q_heads, cache, rows, scratch);
    combine_kernel<<<dim3(unsigned(rows.rows), unsigned(q_heads)), unsigned(cache.head_dim), 0,
                     stream>>>(scratch, q_heads, splits, cache.head_dim, out);
}

void llm_causal_softmax(const float* scores, bf16* p, int tokens, float scale,
                        cudaStream_t stream) {
    causal_softmax_kernel<<<tokens, 256, 0, stream>>>(scores, p, tokens, scale);
}

} // namespace gpuguide::probes::gpu::kernels
