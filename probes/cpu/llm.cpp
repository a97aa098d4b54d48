// cpu.llm: a Llama-style decoder's forward pass on this CPU (FP32, GEMMs through OpenBLAS) at a
// catalogue shape: decode steps at several batches and contexts over a KV cache, and a prefill.
// The kernels are cpu/llm_kernels.cpp; the plan and its time estimate core/budget.cpp.
#include "core/budget.hpp"
#include "core/llm_results.hpp"
#include "core/stats.hpp"
#include "cpu/cpu_probes.hpp"
#include "cpu/llm_kernels.hpp"

#include <algorithm>
#include <cblas.h>
#include <cmath>
#include <stdexcept>

namespace gpuguide::probes {
namespace {

using llm::KvCache;
using llm::LayerWeights;
using llm::Shape;

constexpr int kBytesPerValue = 4; // FP32 weights and cache: this probe has no BF16 GEMM

/// Writes every cache value (so its pages exist before timing) from a repeated random block:
/// attention's time does not depend on the values, only on reading them.
void fill_cache(KvCache& cache) {
    std::vector<float> block = llm::random_layer(llm::shape("tiny"), 99).wqkv;
    for (auto* values : {&cache.k, &cache.v})
        for (std::size_t at = 0; at < values->size(); at += block.size())
            std::copy_n(block.begin(), std::min(block.size(), values->size() - at),
                        values->begin() + at);
}

void require_finite(const std::vector<float>& x, const char* what) {
    if (!std::all_of(x.begin(), x.end(), [](float v) { return std::isfinite(v); }))
        throw std::runtime_error(std::string("non-finite activations after ") + what);
}

/// The model in memory: distinct layers cycled through, one KV cache per layer run per step.
struct Model {
    const Shape& shape;
    std::vector<LayerWeights> layers;
    std::vector<KvCache> caches;
    int next = 0; ///< the next layer to use, so consecutive steps never reuse a cached layer

    const LayerWeights& take() {
        const auto& w = layers[std::size_t(next)];
        next = (next + 1) % int(layers.size());
        return w;
    }
};

/// Times decode steps of `batch` sequences whose caches hold `context` tokens.
nlohmann::json decode_run(Model& model, int batch, int context, const budget::Repetitions& reps) {
    const Shape& s = model.shape;
    std::vector<float> x = llm::random_layer(s, 7).attn_norm; // one row, repeated per sequence
    x.resize(std::size_t(batch) * s.hidden);
    for (int b = 1; b < batch; ++b)
        std::copy_n(x.begin(), s.hidden, x.begin() + std::size_t(b) * s.hidden);
    std::vector<int> positions(std::size_t(batch), context);
    llm::Workspace ws(s, batch);
    auto seconds = time_host(reps.warmups, reps.max, [&] {
        for (int l = 0; l < s.layers; ++l)
            llm::decode_layer(s, model.take(), model.caches[std::size_t(l)], batch,
                              positions.data(), x.data(), ws);
        for (auto& position : positions)
            ++position;
    });
    require_finite(x, "decode");
    return llm::decode_record(s, s.layers, batch, context, kBytesPerValue, kBytesPerValue, seconds);
}

/// Times the prefill of `tokens` tokens of one sequence through every layer run.
nlohmann::json prefill_run(Model& model, int tokens, const budget::Repetitions& reps) {
    const Shape& s = model.shape;
    std::vector<KvCache> caches(std::size_t(s.layers), KvCache(s, 1, tokens));
    llm::Workspace ws(s, tokens);
    const std::vector<float> input = [&] {
        auto w = llm::random_layer(s, 8).attn_norm;
        std::vector<float> rows(std::size_t(tokens) * s.hidden);
        for (int t = 0; t < tokens; ++t)
            std::copy_n(w.begin(), s.hidden, rows.begin() + std::size_t(t) * s.hidden);
        return rows;
    }();
    std::vector<float> x;
    auto seconds = time_host(reps.warmups, reps.max, [&] {
        x = input;
        for (int l = 0; l < s.layers; ++l)
            llm::prefill_layer(s, model.take(), caches[std::size_t(l)], tokens, x.data(), ws);
    });
    require_finite(x, "prefill");
    return llm::prefill_record(s, s.layers, tokens, seconds);
}

class CpuLlmProbe final : public Probe {
  public:
    std::string_view key() const override { return "cpu.llm"; }
    std::string_view description() const override {
        return "LLM decode and prefill: a Llama-3.1-8B-shaped decoder, scaled, FP32 (OpenBLAS)";
    }
    bool needs_gpu() const override { return false; }
    Support supported() const override { return {}; }

    nlohmann::json run(const ProbeContext& context) override {
        const auto plan = budget::cpu_llm_plan(context.quick);
        const Shape& s = llm::shape(plan.shape);
        const double layer_bytes = double(llm::layer_parameters(s)) * kBytesPerValue;
        const double llc = double(last_level_cache_bytes().value_or(std::size_t(32) << 20));
        Model model{s, {}, {}};
        const int distinct = budget::distinct_layers(layer_bytes, llc, s.layers);
        for (int l = 0; l < distinct; ++l)
            model.layers.push_back(llm::random_layer(s, unsigned(l)));
        const int steps = plan.decode_reps.warmups + plan.decode_reps.max;
        const int capacity = *std::max_element(plan.contexts.begin(), plan.contexts.end()) + steps;
        const int max_batch = *std::max_element(plan.batches.begin(), plan.batches.end());
        for (int l = 0; l < s.layers; ++l) {
            model.caches.emplace_back(s, max_batch, capacity);
            fill_cache(model.caches.back());
        }
        nlohmann::json decode = nlohmann::json::object();
        for (int context_tokens : plan.contexts)
            for (int batch : plan.batches)
                decode[llm::decode_key(batch, context_tokens)] =
                    decode_run(model, batch, context_tokens, plan.decode_reps);
        auto prefill = prefill_run(model, plan.prefill_tokens, plan.prefill_reps);
        return {{"shape", llm::describe(s)},
                {"layers_run", s.layers},
                {"layers_allocated", distinct},
                {"precision", "fp32"},
                {"weight_bytes_per_value", kBytesPerValue},
                {"kv_bytes_per_value", kBytesPerValue},
                {"weight_bytes", value_metric(layer_bytes * distinct, "B")},
                {"last_level_cache_bytes", value_metric(llc, "B")},
                {"threads", openblas_get_num_threads()},
                {"scope",
                 "decoder layers only (no embedding, final norm or LM head); KV cache "
                 "filled with random values, not by a prefill; RoPE without Llama "
                 "3.1's frequency scaling; weights and cache FP32 (BF16 halves the bytes)"},
                {"decode", decode},
                {"prefill", prefill}};
    }
};

} // namespace

std::unique_ptr<Probe> make_cpu_llm_probe() {
    return std::make_unique<CpuLlmProbe>();
}

} // namespace gpuguide::probes
