// A plain reference of one Llama-style decoder layer, for tests/probes/llm_test.cpp (and the GPU
// kernels' test on a GPU host): double precision, every formula written out as the model card's
// reference code has it, no BLAS, no cache layout. Slow and obvious on purpose.
#pragma once

#include "cpu/llm_kernels.hpp"

#include <cmath>
#include <vector>

namespace gpuguide::probes::llm::reference {

using Values = std::vector<double>;

/// y = x / sqrt(mean(x^2) + eps) * w per row.
inline Values rmsnorm(const std::vector<float>& x, const std::vector<float>& w, int rows, int dim,
                      double eps) {
    Values y(x.size());
    for (int r = 0; r < rows; ++r) {
        double sum = 0;
        for (int i = 0; i < dim; ++i)
            sum += double(x[r * dim + i]) * x[r * dim + i];
        for (int i = 0; i < dim; ++i)
            y[r * dim + i] = x[r * dim + i] / std::sqrt(sum / dim + eps) * w[i];
    }
    return y;
}

/// Rotate-half RoPE: pair (i, i + d/2) of each head turned by position * theta^(-2i/d).
inline Values rope(const Values& x, int rows, int heads, int d, const std::vector<int>& positions,
                   double theta) {
    Values y = x;
    for (int r = 0; r < rows; ++r)
        for (int h = 0; h < heads; ++h)
            for (int i = 0; i < d / 2; ++i) {
                const double angle = positions[r] * std::pow(theta, -2.0 * i / d);
                const std::size_t a = (std::size_t(r) * heads + h) * d + i, b = a + d / 2;
                y[a] = x[a] * std::cos(angle) - x[b] * std::sin(angle);
                y[b] = x[b] * std::cos(angle) + x[a] * std::sin(angle);
            }
    return y;
}

/// silu(gate) * up; gate_up rows hold gate then up.
inline Values swiglu(const Values& gate_up, int rows, int ffn) {
    Values y(std::size_t(rows) * ffn);
    for (int r = 0; r < rows; ++r)
        for (int i = 0; i < ffn; ++i) {
            const double g = gate_up[std::size_t(r) * 2 * ffn + i];
            y[std::size_t(r) * ffn + i] =
                g / (1 + std::exp(-g)) * gate_up[std::size_t(r) * 2 * ffn + ffn + i];
        }
    return y;
}

/// Grouped-query attention of `rows` queries (q: [rows][q_heads*d]) over keys and values
/// ([positions][kv_heads*d]); query r sees positions 0 .. visible[r]-1.
inline Values attention(const Shape& s, const Values& q, const Values& k, const Values& v,
                        const std::vector<int>& visible) {
    const int d = s.head_dim, group = s.q_heads / s.kv_heads;
    Values out(q.size(), 0.0);
    for (std::size_t r = 0; r < visible.size(); ++r)
        for (int h = 0; h < s.q_heads; ++h) {
            const int g = h / group, n = visible[r];
            Values p(n);
            double top = -1e300, sum = 0;
            for (int t = 0; t < n; ++t) {
                double dot = 0;
                for (int i = 0; i < d; ++i)
                    dot += q[(r * s.q_heads + h) * d + i] *
                           k[(std::size_t(t) * s.kv_heads + g) * d + i];
                p[t] = dot / std::sqrt(double(d));
                top = std::max(top, p[t]);
            }
            for (auto& e : p)
                sum += (e = std::exp(e - top));
            for (int t = 0; t < n; ++t)
                for (int i = 0; i < d; ++i)
                    out[(r * s.q_heads + h) * d + i] +=
                        p[t] / sum * v[(std::size_t(t) * s.kv_heads + g) * d + i];
        }
    return out;
}

/// y[r][o] = sum_i x[r][i] w[o][i] (+ add[r][o] when given).
inline Values matmul(const Values& x, const std::vector<float>& w, int rows, int in, int out,
                     std::size_t w_offset = 0) {
    Values y(std::size_t(rows) * out, 0.0);
    for (int r = 0; r < rows; ++r)
        for (int o = 0; o < out; ++o)
            for (int i = 0; i < in; ++i)
                y[std::size_t(r) * out + o] +=
                    x[std::size_t(r) * in + i] * w[w_offset + std::size_t(o) * in + i];
    return y;
}

inline std::vector<float> to_float(const Values& x) {
    return std::vector<float>(x.begin(), x.end());
}

/// One layer over a whole sequence x ([tokens][hidden], positions 0..tokens-1, causal): the
/// output rows, and each position's K (after RoPE) and V.
struct LayerOutput {
    Values x, k, v;
};
inline LayerOutput layer(const Shape& s, const LayerWeights& w, const std::vector<float>& x,
                         int tokens) {
    const int h = s.hidden;
    std::vector<int> positions(tokens), visible(tokens);
    for (int t = 0; t < tokens; ++t) {
        positions[t] = t;
        visible[t] = t + 1;
    }
    const Values normed = rmsnorm(x, w.attn_norm, tokens, h, s.norm_eps);
    const std::size_t q_rows = std::size_t(s.q_dim()) * h, kv_rows = std::size_t(s.kv_dim()) * h;
    Values q = rope(matmul(normed, w.wqkv, tokens, h, s.q_dim()), tokens, s.q_heads, s.head_dim,
                    positions, s.rope_theta);
    Values k = rope(matmul(normed, w.wqkv, tokens, h, s.kv_dim(), q_rows), tokens, s.kv_heads,
                    s.head_dim, positions, s.rope_theta);
    Values v = matmul(normed, w.wqkv, tokens, h, s.kv_dim(), q_rows + kv_rows);
    const Values attn = attention(s, q, k, v, visible);
    Values y = matmul(attn, w.wo, tokens, s.q_dim(), h);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] += x[i];
    const Values ffn_in = rmsnorm(to_float(y), w.ffn_norm, tokens, h, s.norm_eps);
    const Values act = swiglu(matmul(ffn_in, w.w_gate_up, tokens, h, 2 * s.ffn), tokens, s.ffn);
    const Values down = matmul(act, w.w_down, tokens, s.ffn, h);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] += down[i];
    return {y, k, v};
}

} // namespace gpuguide::probes::llm::reference
