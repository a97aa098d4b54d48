#include "cpu/llm_kernels.hpp"

#include <algorithm>
#include <cblas.h>
#include <cmath>
#include <cstdint>

namespace gpuguide::probes::llm {
namespace {

/// C[m][n] = beta C + A[m][k] B[n][k]^T: activations times a [out][in] weight matrix.
void matmul_wt(int m, int n, int k, const float* a, const float* w, float* c, float beta) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, m, n, k, 1.0f, a, k, w, k, beta, c, n);
}

/// Fills `values` uniformly in [centre - scale, centre + scale] from a xorshift generator: fast
/// enough for hundreds of MB, and the values do not matter to the time.
void fill(std::vector<float>& values, std::size_t count, float centre, float scale,
          std::uint64_t& state) {
    values.resize(count);
    for (auto& x : values) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        x = centre + scale * (float(state >> 40) / float(1 << 23) - 1.0f);
    }
}

/// Softmax of row[0..n) in place; the max is subtracted first so exp never overflows.
void softmax(float* row, int n) {
    const float top = *std::max_element(row, row + n);
    float sum = 0;
    for (int i = 0; i < n; ++i) {
        row[i] = std::exp(row[i] - top);
        sum += row[i];
    }
    const float inv = 1.0f / sum;
    for (int i = 0; i < n; ++i)
        row[i] *= inv;
}

/// Copies the new tokens' K and V (k, v: [rows][kv_dim]) into sequence seq(r)'s positions.
template <class Seq, class Pos>
void store_kv(KvCache& cache, const float* k, const float* v, int rows, Seq seq, Pos pos) {
    const int hd = cache.head_dim;
    for (int r = 0; r < rows; ++r)
        for (int g = 0; g < cache.kv_heads; ++g) {
            const std::size_t at = cache.offset(seq(r), g, pos(r));
            std::copy_n(k + (std::size_t(r) * cache.kv_heads + g) * hd, hd, cache.k.begin() + at);
            std::copy_n(v + (std::size_t(r) * cache.kv_heads + g) * hd, hd, cache.v.begin() + at);
        }
}

/// Q, K, V projections of the normed rows, RoPE on Q and K.
void project_qkv(const Shape& s, const LayerWeights& w, int rows, const int* positions,
                 Workspace& ws) {
    const std::size_t q_rows = std::size_t(s.q_dim()) * s.hidden;
    const std::size_t kv_rows = std::size_t(s.kv_dim()) * s.hidden;
    matmul_wt(rows, s.q_dim(), s.hidden, ws.normed.data(), w.wqkv.data(), ws.q.data(), 0);
    matmul_wt(rows, s.kv_dim(), s.hidden, ws.normed.data(), w.wqkv.data() + q_rows, ws.k.data(), 0);
    matmul_wt(rows, s.kv_dim(), s.hidden, ws.normed.data(), w.wqkv.data() + q_rows + kv_rows,
              ws.v.data(), 0);
    rope(ws.q.data(), rows, s.q_heads, s.head_dim, positions, s.rope_theta);
    rope(ws.k.data(), rows, s.kv_heads, s.head_dim, positions, s.rope_theta);
}

/// The rest of a layer once attention's output is in ws.attn: output projection and residual,
/// then the SwiGLU feed-forward and its residual.
void finish_layer(const Shape& s, const LayerWeights& w, int rows, float* x, Workspace& ws) {
    matmul_wt(rows, s.hidden, s.q_dim(), ws.attn.data(), w.wo.data(), x, 1.0f);
    rmsnorm(x, w.ffn_norm.data(), ws.normed.data(), rows, s.hidden, s.norm_eps);
    matmul_wt(rows, 2 * s.ffn, s.hidden, ws.normed.data(), w.w_gate_up.data(), ws.gate_up.data(),
              0);
    swiglu(ws.gate_up.data(), ws.act.data(), rows, s.ffn);
    matmul_wt(rows, s.hidden, s.ffn, ws.act.data(), w.w_down.data(), x, 1.0f);
}

} // namespace

LayerWeights random_layer(const Shape& s, unsigned seed) {
    std::uint64_t state = 0x9E3779B97F4A7C15ull ^ (std::uint64_t(seed) * 0x100000001B3ull) ^ 1;
    const std::size_t hidden = std::size_t(s.hidden);
    const float in_hidden = 1.0f / std::sqrt(float(s.hidden));
    LayerWeights w;
    fill(w.attn_norm, hidden, 1.0f, 0.1f, state);
    fill(w.wqkv, std::size_t(s.qkv_dim()) * hidden, 0, in_hidden, state);
    fill(w.wo, hidden * std::size_t(s.q_dim()), 0, 1.0f / std::sqrt(float(s.q_dim())), state);
    fill(w.ffn_norm, hidden, 1.0f, 0.1f, state);
    fill(w.w_gate_up, 2 * std::size_t(s.ffn) * hidden, 0, in_hidden, state);
    fill(w.w_down, hidden * std::size_t(s.ffn), 0, 1.0f / std::sqrt(float(s.ffn)), state);
    return w;
}

KvCache::KvCache(const Shape& s, int batch_, int capacity_)
    : batch(batch_), capacity(capacity_), kv_heads(s.kv_heads), head_dim(s.head_dim),
      k(std::size_t(batch_) * s.kv_dim() * std::size_t(capacity_)),
      v(std::size_t(batch_) * s.kv_dim() * std::size_t(capacity_)) {}

Workspace::Workspace(const Shape& s, int rows)
    : normed(std::size_t(rows) * s.hidden), q(std::size_t(rows) * s.q_dim()),
      k(std::size_t(rows) * s.kv_dim()), v(std::size_t(rows) * s.kv_dim()),
      attn(std::size_t(rows) * s.q_dim()), gate_up(std::size_t(rows) * 2 * s.ffn),
      act(std::size_t(rows) * s.ffn) {}

void rmsnorm(const float* x, const float* w, float* y, int rows, int dim, double eps) {
    for (int r = 0; r < rows; ++r) {
        const float* in = x + std::size_t(r) * dim;
        float* out = y + std::size_t(r) * dim;
        double sum = 0;
        for (int i = 0; i < dim; ++i)
            sum += double(in[i]) * in[i];
        const float inv = float(1.0 / std::sqrt(sum / dim + eps));
        for (int i = 0; i < dim; ++i)
            out[i] = in[i] * inv * w[i];
    }
}

void rope(float* x, int rows, int heads, int head_dim, const int* positions, double theta) {
    const int half = head_dim / 2;
    std::vector<double> inv_freq(half);
    for (int i = 0; i < half; ++i)
        inv_freq[i] = std::pow(theta, -2.0 * i / head_dim);
    std::vector<float> cosines(half), sines(half);
    for (int r = 0; r < rows; ++r) {
        for (int i = 0; i < half; ++i) {
            const double angle = positions[r] * inv_freq[i];
            cosines[i] = float(std::cos(angle));
            sines[i] = float(std::sin(angle));
        }
        for (int h = 0; h < heads; ++h) {
            float* head = x + (std::size_t(r) * heads + h) * head_dim;
            for (int i = 0; i < half; ++i) {
                const float a = head[i], b = head[i + half];
                head[i] = a * cosines[i] - b * sines[i];
                head[i + half] = b * cosines[i] + a * sines[i];
            }
        }
    }
}

void swiglu(const float* gate_up, float* out, int rows, int ffn) {
    for (int r = 0; r < rows; ++r) {
        const float* gate = gate_up + std::size_t(r) * 2 * ffn;
        const float* up = gate + ffn;
        for (int i = 0; i < ffn; ++i)
            out[std::size_t(r) * ffn + i] = gate[i] / (1.0f + std::exp(-gate[i])) * up[i];
    }
}

void decode_attention(const Shape& s, const float* q, const KvCache& cache, int batch,
                      const int* lengths, float* out) {
    const int group = s.q_heads / s.kv_heads, hd = s.head_dim;
    const float scale = 1.0f / std::sqrt(float(hd));
    std::vector<float> scores;
    for (int b = 0; b < batch; ++b) {
        const int n = lengths[b];
        scores.resize(std::size_t(group) * n);
        for (int g = 0; g < s.kv_heads; ++g) {
            // The group's query heads are consecutive: one [group][hd] block.
            const float* qg = q + (std::size_t(b) * s.q_heads + std::size_t(g) * group) * hd;
            const float* keys = cache.k.data() + cache.offset(b, g, 0);
            const float* values = cache.v.data() + cache.offset(b, g, 0);
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, group, n, hd, scale, qg, hd, keys,
                        hd, 0.0f, scores.data(), n);
            for (int h = 0; h < group; ++h)
                softmax(scores.data() + std::size_t(h) * n, n);
            float* og = out + (std::size_t(b) * s.q_heads + std::size_t(g) * group) * hd;
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, group, hd, n, 1.0f,
                        scores.data(), n, values, hd, 0.0f, og, hd);
        }
    }
}

void prefill_attention(const Shape& s, const float* q, const KvCache& cache, int tokens,
                       float* out) {
    const int group = s.q_heads / s.kv_heads, hd = s.head_dim, ld = s.q_dim();
    const float scale = 1.0f / std::sqrt(float(hd));
    std::vector<float> scores(std::size_t(tokens) * tokens);
    for (int h = 0; h < s.q_heads; ++h) {
        const int g = h / group;
        const float* keys = cache.k.data() + cache.offset(0, g, 0);
        const float* values = cache.v.data() + cache.offset(0, g, 0);
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, tokens, tokens, hd, scale,
                    q + std::size_t(h) * hd, ld, keys, hd, 0.0f, scores.data(), tokens);
        for (int i = 0; i < tokens; ++i) { // causal: query i sees positions 0..i
            float* row = scores.data() + std::size_t(i) * tokens;
            softmax(row, i + 1);
            std::fill(row + i + 1, row + tokens, 0.0f);
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, tokens, hd, tokens, 1.0f,
                    scores.data(), tokens, values, hd, 0.0f, out + std::size_t(h) * hd, ld);
    }
}

void decode_layer(const Shape& s, const LayerWeights& w, KvCache& cache, int batch,
                  const int* positions, float* x, Workspace& ws) {
    const int rows = batch;
    rmsnorm(x, w.attn_norm.data(), ws.normed.data(), rows, s.hidden, s.norm_eps);
    project_qkv(s, w, rows, positions, ws);
    store_kv(
        cache, ws.k.data(), ws.v.data(), rows, [](int r) { return r; },
        [&](int r) { return positions[r]; });
    std::vector<int> lengths(positions, positions + rows);
    for (auto& length : lengths)
        ++length; // the new token attends to itself too
    decode_attention(s, ws.q.data(), cache, rows, lengths.data(), ws.attn.data());
    finish_layer(s, w, rows, x, ws);
}

void prefill_layer(const Shape& s, const LayerWeights& w, KvCache& cache, int tokens, float* x,
                   Workspace& ws) {
    std::vector<int> positions(tokens);
    for (int i = 0; i < tokens; ++i)
        positions[i] = i;
    rmsnorm(x, w.attn_norm.data(), ws.normed.data(), tokens, s.hidden, s.norm_eps);
    project_qkv(s, w, tokens, positions.data(), ws);
    store_kv(
        cache, ws.k.data(), ws.v.data(), tokens, [](int) { return 0; }, [](int r) { return r; });
    prefill_attention(s, ws.q.data(), cache, tokens, ws.attn.data());
    finish_layer(s, w, tokens, x, ws);
}

} // namespace gpuguide::probes::llm
