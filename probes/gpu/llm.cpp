// gpu.llm: Llama 3.1 8B's decoder forward pass in BF16 on one GPU: decode steps at batch 1 to 128
// and contexts 1,024 and 8,192 over a KV cache, and a prefill of 2,048 tokens. GEMMs through
// cuBLAS (cublasGemmEx, loaded as gpu.gemm loads it), the rest kernels/llm.cu. Distinct layers
// and caches are cycled so that no layer's weights are still in L2 when it comes round.
#include "core/budget.hpp"
#include "core/llm_results.hpp"
#include "gpu/cublas_api.hpp"
#include "gpu/cuda_util.hpp"
#include "gpu/gpu_probe.hpp"
#include "gpu/kernels/llm_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

namespace gpuguide::probes::gpu {
namespace {

using kernels::bf16;
using llm::Shape;
constexpr double kBf16 = 2; // bytes per weight and per cached value

/// One cuBLAS handle on the probe's stream.
class Blas {
  public:
    explicit Blas(cudaStream_t stream) : api_(CublasApi::instance()) {
        if (!api_.available())
            throw std::runtime_error(api_.error);
        GG_CUBLAS(api_.create(&handle_));
        GG_CUBLAS(api_.set_stream(handle_, stream));
    }
    ~Blas() { api_.destroy(handle_); }
    Blas(const Blas&) = delete;
    Blas& operator=(const Blas&) = delete;

    /// Column-major cublasGemmEx, FP32 accumulation: C = A·B (+ beta C) with ops ta, tb.
    void gemm(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const void* a,
              int lda, const void* b, int ldb, void* c, cudaDataType c_type, int ldc,
              float beta) const {
        const float alpha = 1.0f;
        GG_CUBLAS(api_.gemm_ex(handle_, ta, tb, m, n, k, &alpha, a, CUDA_R_16BF, lda, b,
                               CUDA_R_16BF, ldb, &beta, c, c_type, ldc, CUBLAS_COMPUTE_32F,
                               CUBLAS_GEMM_DEFAULT));
    }
    /// Row-major y[rows][out] = x[rows][in] · w[out][in]^T (+ beta y): the "TN" GEMM of a layer.
    void linear(const bf16* x, const bf16* w, bf16* y, int rows, int out, int in,
                float beta = 0) const {
        gemm(CUBLAS_OP_T, CUBLAS_OP_N, out, rows, in, w, in, x, in, y, CUDA_R_16BF, out, beta);
    }

  private:
    const CublasApi& api_;
    cublasHandle_t handle_ = nullptr;
};

/// One layer's weights in one allocation, filled on the device.
struct Layer {
    DeviceBuffer memory;
    bf16 *attn_norm, *wqkv, *wo, *ffn_norm, *w_gate_up, *w_down;
    Layer(const Shape& s, std::uint32_t seed, cudaStream_t stream)
        : memory(llm::layer_parameters(s) * sizeof(bf16)) {
        const std::size_t h = std::size_t(s.hidden);
        bf16* at = memory.as<bf16>();
        auto take = [&](std::size_t n, float centre, float scale) {
            bf16* part = at;
            kernels::llm_fill(part, n, centre, scale, seed++, stream);
            at += n;
            return part;
        };
        const float in_h = 1.0f / std::sqrt(float(s.hidden));
        attn_norm = take(h, 1.0f, 0.1f);
        wqkv = take(std::size_t(s.qkv_dim()) * h, 0, in_h);
        wo = take(h * s.q_dim(), 0, 1.0f / std::sqrt(float(s.q_dim())));
        ffn_norm = take(h, 1.0f, 0.1f);
        w_gate_up = take(2 * std::size_t(s.ffn) * h, 0, in_h);
        w_down = take(h * s.ffn, 0, 1.0f / std::sqrt(float(s.ffn)));
    }
};

/// A KV cache for the plan's largest batch at its longest context.
struct Cache {
    DeviceBuffer k, v;
    kernels::LlmCache view;
    Cache(const Shape& s, int batch, int capacity, cudaStream_t stream)
        : k(std::size_t(batch) * s.kv_dim() * capacity * sizeof(bf16)), v(k.bytes()) {
        view = {k.as<bf16>(), v.as<bf16>(), s.kv_heads, s.head_dim, capacity};
        kernels::llm_fill(view.k, k.bytes() / sizeof(bf16), 0, 1, 71, stream);
        kernels::llm_fill(view.v, v.bytes() / sizeof(bf16), 0, 1, 72, stream);
    }
};

/// Activations and scratch for up to `rows` rows (and a prefill's scores).
struct Work {
    DeviceBuffer x, normed, qkv, attn, gate_up, act, scores, probs, scratch, indices;
    Work(const Shape& s, int rows, int prefill, std::size_t scratch_floats)
        : x(std::size_t(rows) * s.hidden * 2), normed(x.bytes()),
          qkv(std::size_t(rows) * s.qkv_dim() * 2), attn(std::size_t(rows) * s.q_dim() * 2),
          gate_up(std::size_t(rows) * 4 * s.ffn), act(std::size_t(rows) * 2 * s.ffn),
          scores(std::size_t(prefill) * prefill * 4), probs(std::size_t(prefill) * prefill * 2),
          scratch(scratch_floats * 4), indices(std::size_t(rows) * 3 * sizeof(int)) {}
};

class LlmRunner {
  public:
    LlmRunner(const Shape& s, const budget::LlmPlan& plan, int device, cudaStream_t stream)
        : s_(s), stream_(stream), blas_(stream) {
        const int max_batch = *std::max_element(plan.batches.begin(), plan.batches.end());
        capacity_ = std::max(*std::max_element(plan.contexts.begin(), plan.contexts.end()) + 1,
                             plan.prefill_tokens);
        rows_ = std::max(max_batch, plan.prefill_tokens);
        sms_ = attribute(cudaDevAttrMultiProcessorCount, device);
        const int most_splits = llm::attention_splits(1, s.q_heads, capacity_, capacity_, sms_);
        work_ = std::make_unique<Work>(
            s, rows_, plan.prefill_tokens,
            llm::attention_scratch_floats(max_batch, s.q_heads, s.head_dim, most_splits));
        std::size_t free = 0, total = 0;
        GG_CUDA(cudaMemGetInfo(&free, &total));
        const double layer_bytes = double(llm::layer_parameters(s)) * kBf16;
        const double cache_bytes = llm::decode_step_bytes(s, 1, max_batch, capacity_, 0, kBf16);
        memory_ = budget::gpu_llm_memory(double(free), attribute(cudaDevAttrL2CacheSize, device),
                                         layer_bytes, cache_bytes, 0, s.layers);
        for (int l = 0; l < memory_.weight_layers; ++l)
            layers_.push_back(std::make_unique<Layer>(s, std::uint32_t(1000 * l), stream));
        for (int c = 0; c < memory_.caches; ++c)
            caches_.push_back(std::make_unique<Cache>(s, max_batch, capacity_, stream));
        GG_LAUNCHED();
    }

    const budget::LlmMemory& memory() const { return memory_; }

    /// Rows of one run: row r is sequence sequence(r) at position(r), seeing length(r) positions.
    template <class F, class G, class H> kernels::LlmRows rows(int n, F seq, G pos, H len) {
        std::vector<int> host(std::size_t(n) * 3);
        for (int r = 0; r < n; ++r) {
            host[std::size_t(r)] = seq(r);
            host[std::size_t(n + r)] = pos(r);
            host[std::size_t(2 * n + r)] = len(r);
        }
        int* device = work_->indices.as<int>();
        GG_CUDA(cudaMemcpyAsync(device, host.data(), host.size() * sizeof(int),
                                cudaMemcpyHostToDevice, stream_));
        GG_CUDA(cudaStreamSynchronize(stream_));
        return {n, device, device + n, device + 2 * n};
    }

    /// One forward pass of every layer over `r` (decode when prefill is false).
    void forward(const kernels::LlmRows& r, int splits, bool prefill) {
        for (int l = 0; l < s_.layers; ++l)
            layer(*layers_[std::size_t(next_++ % layers_.size())],
                  caches_[std::size_t(l) % caches_.size()]->view, r, splits, prefill);
    }

    void fill_input(int n) {
        kernels::llm_fill(work_->x.as<bf16>(), std::size_t(n) * s_.hidden, 0, 1, 5, stream_);
    }
    int sms() const { return sms_; }
    int capacity() const { return capacity_; }

    /// Throws when the activations are not finite (a broken kernel or GEMM).
    void check_output(int n) const {
        std::vector<std::uint16_t> host(std::size_t(n) * s_.hidden);
        GG_CUDA(cudaMemcpyAsync(host.data(), work_->x.as<void>(), host.size() * 2,
                                cudaMemcpyDeviceToHost, stream_));
        GG_CUDA(cudaStreamSynchronize(stream_));
        for (std::uint16_t bits : host)
            if ((bits & 0x7f80u) == 0x7f80u) // BF16 exponent all ones: Inf or NaN
                throw std::runtime_error("gpu.llm: non-finite activations after a forward pass");
    }

  private:
    void layer(const Layer& w, const kernels::LlmCache& cache, const kernels::LlmRows& r,
               int splits, bool prefill) {
        Work& k = *work_;
        bf16 *x = k.x.as<bf16>(), *normed = k.normed.as<bf16>(), *qkv = k.qkv.as<bf16>();
        const int n = r.rows, qkv_dim = s_.qkv_dim();
        kernels::llm_rmsnorm(x, w.attn_norm, normed, n, s_.hidden, float(s_.norm_eps), stream_);
        blas_.linear(normed, w.wqkv, qkv, n, qkv_dim, s_.hidden);
        kernels::llm_rope(qkv, n, qkv_dim, s_.q_heads, s_.head_dim, r.positions,
                          float(s_.rope_theta), stream_);
        kernels::llm_rope(qkv + s_.q_dim(), n, qkv_dim, s_.kv_heads, s_.head_dim, r.positions,
                          float(s_.rope_theta), stream_);
        kernels::llm_store_kv(qkv, qkv_dim, s_.q_dim(), s_.q_dim() + s_.kv_dim(), cache, r,
                              stream_);
        if (prefill)
            prefill_attention(cache, n);
        else
            kernels::llm_attention(qkv, qkv_dim, s_.q_heads, cache, r, splits,
                                   k.scratch.as<float>(), k.attn.as<bf16>(), stream_);
        blas_.linear(k.attn.as<bf16>(), w.wo, x, n, s_.hidden, s_.q_dim(), 1.0f);
        kernels::llm_rmsnorm(x, w.ffn_norm, normed, n, s_.hidden, float(s_.norm_eps), stream_);
        blas_.linear(normed, w.w_gate_up, k.gate_up.as<bf16>(), n, 2 * s_.ffn, s_.hidden);
        kernels::llm_swiglu(k.gate_up.as<bf16>(), k.act.as<bf16>(), n, s_.ffn, stream_);
        blas_.linear(k.act.as<bf16>(), w.w_down, x, n, s_.hidden, s_.ffn, 1.0f);
    }

    /// Causal attention of sequence 0's `t` tokens, per query head: S = Q K^T (FP32), causal
    /// softmax, O = P V, through cuBLAS (column-major views of the row-major arrays).
    void prefill_attention(const kernels::LlmCache& cache, int t) {
        Work& k = *work_;
        const int d = s_.head_dim, group = s_.q_heads / s_.kv_heads;
        for (int h = 0; h < s_.q_heads; ++h) {
            const std::size_t kv = std::size_t(h / group) * cache.capacity * d; // sequence 0
            blas_.gemm(CUBLAS_OP_T, CUBLAS_OP_N, t, t, d, cache.k + kv, d, k.qkv.as<bf16>() + h * d,
                       s_.qkv_dim(), k.scores.as<float>(), CUDA_R_32F, t, 0);
            kernels::llm_causal_softmax(k.scores.as<float>(), k.probs.as<bf16>(), t,
                                        1.0f / std::sqrt(float(d)), stream_);
            blas_.gemm(CUBLAS_OP_N, CUBLAS_OP_N, d, t, t, cache.v + kv, d, k.probs.as<bf16>(), t,
                       k.attn.as<bf16>() + h * d, CUDA_R_16BF, s_.q_dim(), 0);
        }
    }

    const Shape& s_;
    cudaStream_t stream_;
    Blas blas_;
    int capacity_ = 0, rows_ = 0, sms_ = 0;
    std::size_t next_ = 0;
    budget::LlmMemory memory_;
    std::unique_ptr<Work> work_;
    std::vector<std::unique_ptr<Layer>> layers_;
    std::vector<std::unique_ptr<Cache>> caches_;
};

class LlmProbe final : public PerDeviceProbe {
  public:
    LlmProbe() : PerDeviceProbe("gpu.llm") {}
    Support supported() const override {
        const CublasApi& api = CublasApi::instance();
        return api.available() ? Support{} : Support{false, api.error};
    }

  protected:
    nlohmann::json measure_device(int device, const ProbeContext& context) override {
        const budget::LlmPlan plan = budget::gpu_llm_plan(context.quick);
        const Shape& s = llm::shape(plan.shape);
        EventTimer timer;
        LlmRunner runner(s, plan, device, timer.stream());
        nlohmann::json decode = nlohmann::json::object();
        for (int context_tokens : plan.contexts)
            for (int batch : plan.batches) {
                // Every step decodes at position `context` (its K and V overwrite that slot),
                // so each step sees exactly `context` earlier tokens.
                auto rows = runner.rows(
                    batch, [](int r) { return r; }, [&](int) { return context_tokens; },
                    [&](int) { return context_tokens + 1; });
                const int splits = llm::attention_splits(batch, s.q_heads, context_tokens + 1,
                                                         runner.capacity(), runner.sms());
                runner.fill_input(batch);
                auto seconds =
                    time_gpu(timer, plan.decode_reps, [&] { runner.forward(rows, splits, false); });
                runner.check_output(batch);
                decode[llm::decode_key(batch, context_tokens)] =
                    llm::decode_record(s, s.layers, batch, context_tokens, kBf16, kBf16, seconds);
                decode[llm::decode_key(batch, context_tokens)]["attention_splits"] = splits;
            }
        const int t = plan.prefill_tokens;
        auto rows = runner.rows(
            t, [](int) { return 0; }, [](int r) { return r; }, [](int r) { return r + 1; });
        runner.fill_input(t);
        auto seconds = time_gpu(timer, plan.prefill_reps, [&] { runner.forward(rows, 1, true); });
        runner.check_output(t);
        return {{"shape", llm::describe(s)},
                {"layers_run", s.layers},
                {"layers_allocated", runner.memory().weight_layers},
                {"kv_caches_allocated", runner.memory().caches},
                {"precision", "bf16"},
                {"weight_bytes_per_value", kBf16},
                {"kv_bytes_per_value", kBf16},
                {"gemm", "cublasGemmEx BF16, CUBLAS_COMPUTE_32F, TN"},
                {"scope", "decoder layers only (no embedding, final norm or LM head); KV cache "
                          "filled with random values; distinct layers and caches cycled; "
                          "decode attention split over positions (flash-decoding), prefill "
                          "attention as two GEMMs per head; no FP8; RoPE without Llama 3.1's "
                          "frequency scaling"},
                {"decode", decode},
                {"prefill", llm::prefill_record(s, s.layers, t, seconds)}};
    }
};

} // namespace

std::unique_ptr<Probe> make_llm_probe() {
    return std::make_unique<LlmProbe>();
}

} // namespace gpuguide::probes::gpu
