// cpu.llm's kernels against the plain reference (llm_reference.hpp) on the catalogue's "tiny"
// shape, and the shape catalogue's counts against the published model. Tolerances: FP32 kernels
// against a double reference, as a share of the reference's largest magnitude: 1e-5 for one step,
// 1e-4 for a whole layer (a few hundred FP32 roundings deep).
#include "core/llm_results.hpp"
#include "core/llm_shape.hpp"
#include "cpu/cpu_probes.hpp"
#include "cpu/llm_kernels.hpp"
#include "gpuguide_catch.hpp"
#include "llm_reference.hpp"
#include "llm_test_support.hpp"

#include <algorithm>
#include <cmath>

namespace llm = gpuguide::probes::llm;
namespace ref = gpuguide::probes::llm::reference;
using gpuguide::probes::llm::testing::random_values;
using gpuguide::probes::llm::testing::relative_error;

namespace {

ref::Values widen(const std::vector<float>& x) {
    return ref::Values(x.begin(), x.end());
}

const llm::Shape& tiny() {
    return llm::shape("tiny");
}

} // namespace

TEST_CASE("llm: RMSNorm, RoPE and SwiGLU match the reference", "[llm]") {
    const auto& s = tiny();
    const int rows = 4;
    const auto x = random_values(std::size_t(rows) * s.hidden, 1, 3.0f);
    const auto w = random_values(s.hidden, 2);
    std::vector<float> y(x.size());
    llm::rmsnorm(x.data(), w.data(), y.data(), rows, s.hidden, s.norm_eps);
    CHECK(relative_error(y, ref::rmsnorm(x, w, rows, s.hidden, s.norm_eps)) < 1e-5);

    // Positions up to a long context: the angle of pair 0 is the position itself, in radians.
    const std::vector<int> positions = {0, 1, 37, 8191};
    auto q = random_values(std::size_t(rows) * s.q_dim(), 3);
    const auto want = ref::rope(widen(q), rows, s.q_heads, s.head_dim, positions, s.rope_theta);
    llm::rope(q.data(), rows, s.q_heads, s.head_dim, positions.data(), s.rope_theta);
    CHECK(relative_error(q, want) < 1e-5);

    const auto gate_up = random_values(std::size_t(rows) * 2 * s.ffn, 4, 4.0f);
    std::vector<float> act(std::size_t(rows) * s.ffn);
    llm::swiglu(gate_up.data(), act.data(), rows, s.ffn);
    CHECK(relative_error(act, ref::swiglu(widen(gate_up), rows, s.ffn)) < 1e-5);
}

TEST_CASE("llm: decode attention reads each sequence's own cache length and its KV head", "[llm]") {
    const auto& s = tiny();
    const std::vector<int> lengths = {1, 5, 17};
    const int batch = int(lengths.size()), capacity = 20;
    llm::KvCache cache(s, batch, capacity);
    cache.k = random_values(cache.k.size(), 5);
    cache.v = random_values(cache.v.size(), 6);
    const auto q = random_values(std::size_t(batch) * s.q_dim(), 7, 2.0f);
    std::vector<float> out(q.size());
    llm::decode_attention(s, q.data(), cache, batch, lengths.data(), out.data());
    for (int b = 0; b < batch; ++b) {
        // The reference's [position][kv_heads * d] layout, from the cache's own.
        ref::Values k(std::size_t(lengths[b]) * s.kv_dim()), v(k.size());
        for (int t = 0; t < lengths[b]; ++t)
            for (int g = 0; g < s.kv_heads; ++g)
                for (int i = 0; i < s.head_dim; ++i) {
                    k[(std::size_t(t) * s.kv_heads + g) * s.head_dim + i] =
                        cache.k[cache.offset(b, g, t) + i];
                    v[(std::size_t(t) * s.kv_heads + g) * s.head_dim + i] =
                        cache.v[cache.offset(b, g, t) + i];
                }
        const ref::Values qb(q.begin() + b * s.q_dim(), q.begin() + (b + 1) * s.q_dim());
        const std::vector<float> got(out.begin() + b * s.q_dim(),
                                     out.begin() + (b + 1) * s.q_dim());
        INFO("sequence " << b << " of length " << lengths[b]);
        CHECK(relative_error(got, ref::attention(s, qb, k, v, {lengths[b]})) < 1e-5);
    }
}

TEST_CASE("llm: a prefill layer matches the reference layer, causal attention included", "[llm]") {
    const auto& s = tiny();
    const int tokens = 9;
    const auto w = llm::random_layer(s, 11);
    auto x = random_values(std::size_t(tokens) * s.hidden, 12);
    const auto want = ref::layer(s, w, x, tokens);
    llm::KvCache cache(s, 1, 16);
    llm::Workspace ws(s, tokens);
    llm::prefill_layer(s, w, cache, tokens, x.data(), ws);
    CHECK(relative_error(x, want.x) < 1e-4);
    // The cache holds each position's K after RoPE, and V.
    std::vector<float> k3(cache.k.begin() + cache.offset(0, 1, 3),
                          cache.k.begin() + cache.offset(0, 1, 4));
    const ref::Values want_k3(want.k.begin() + (3 * s.kv_heads + 1) * s.head_dim,
                              want.k.begin() + (3 * s.kv_heads + 2) * s.head_dim);
    CHECK(relative_error(k3, want_k3) < 1e-5);
}

TEST_CASE("llm: a batched decode step continues each sequence as the reference does", "[llm]") {
    // Two sequences of 6 and 3 earlier tokens: the cache holds the reference's K and V of those
    // tokens; one decode step of the next token must give the reference's last row.
    const auto& s = tiny();
    const std::vector<int> earlier = {6, 3};
    const int batch = 2;
    const auto w = llm::random_layer(s, 21);
    llm::KvCache cache(s, batch, 8);
    std::vector<float> x(std::size_t(batch) * s.hidden);
    std::vector<ref::Values> want(batch);
    for (int b = 0; b < batch; ++b) {
        const int tokens = earlier[b] + 1;
        const auto sequence = random_values(std::size_t(tokens) * s.hidden, 30 + b);
        const auto full = ref::layer(s, w, sequence, tokens);
        for (int t = 0; t < earlier[b]; ++t)
            for (int g = 0; g < s.kv_heads; ++g)
                for (int i = 0; i < s.head_dim; ++i) {
                    const std::size_t at = (std::size_t(t) * s.kv_heads + g) * s.head_dim + i;
                    cache.k[cache.offset(b, g, t) + i] = float(full.k[at]);
                    cache.v[cache.offset(b, g, t) + i] = float(full.v[at]);
                }
        std::copy_n(sequence.end() - s.hidden, s.hidden, x.begin() + b * s.hidden);
        want[b].assign(full.x.end() - s.hidden, full.x.end());
    }
    llm::Workspace ws(s, batch);
    llm::decode_layer(s, w, cache, batch, earlier.data(), x.data(), ws);
    for (int b = 0; b < batch; ++b) {
        INFO("sequence " << b);
        CHECK(relative_error({x.begin() + b * s.hidden, x.begin() + (b + 1) * s.hidden}, want[b]) <
              1e-4);
    }
}

TEST_CASE("llm: the catalogue's Llama 3.1 8B has the published parameter count", "[llm]") {
    const auto& full = llm::shape("llama-3.1-8b");
    // 8,030,261,248: the parameter count of meta-llama/Llama-3.1-8B's safetensors index.
    CHECK(llm::model_parameters(full) == 8030261248ull);
    CHECK(llm::layer_parameters(full) == 218112000ull);
    CHECK(full.q_heads / full.kv_heads == 4);
    // The quarter-width shape keeps the head size and the query heads per KV head.
    const auto& quarter = llm::shape("llama-3.1-8b-quarter");
    CHECK(quarter.head_dim == full.head_dim);
    CHECK(quarter.q_heads / quarter.kv_heads == full.q_heads / full.kv_heads);
    CHECK_THROWS_WITH(llm::shape("gpt"), Catch::Matchers::ContainsSubstring("known: llama-3.1-8b"));
}

TEST_CASE("llm: decode bytes and prefill FLOPs are counted by hand on the tiny shape", "[llm]") {
    const auto& s = tiny();
    // Per layer: Q 64x64, K and V 32x64 each, O 64x64, gate/up/down 3x160x64, two norms of 64.
    const double layer = 64.0 * 64 + 2 * 32 * 64 + 64 * 64 + 3 * 160 * 64 + 2 * 64;
    REQUIRE(llm::layer_parameters(s) == std::size_t(layer));
    // 2 layers, BF16 weights; batch 3 at context 10: 3 x 10 x (K and V of 32) x 2 bytes per layer.
    CHECK(llm::decode_step_bytes(s, 2, 3, 10, 2, 2) == Approx(2 * (layer * 2 + 3 * 10 * 64 * 2)));
    // Prefill of 4 tokens: 2 FLOPs per weight per token, attention 4 x 64 x (1+2+3+4).
    CHECK(llm::prefill_flops(s, 1, 4) == Approx(2 * (layer - 128) * 4 + 4 * 64 * 10));
}

TEST_CASE("llm: cpu.llm's quick run reports decode and prefill figures with their settings",
          "[llm]") {
    auto probe = gpuguide::probes::make_cpu_llm_probe();
    REQUIRE(probe->key() == "cpu.llm");
    const auto result = probe->run({true, {}});
    const auto& s = llm::shape(result["shape"]["name"].get<std::string>());
    const int layers = result["layers_run"];
    REQUIRE(result["decode"].size() >= 2);
    CHECK(result["decode"].contains("batch4_context64"));
    for (const auto& run : result["decode"]) {
        const int batch = run["batch"], context = run["context"];
        INFO(run.dump());
        CHECK(run["bytes_per_step"]["value"].get<double>() ==
              Approx(llm::decode_step_bytes(s, layers, batch, context, 4, 4)));
        const double ms = run["ms_per_step"]["median"];
        CHECK(ms > 0);
        // Every sequence gets a token per step: total tokens/s is batch x per sequence.
        CHECK(run["tokens_per_s"]["median"].get<double>() ==
              Approx(batch * run["tokens_per_s_per_sequence"]["median"].get<double>()));
        CHECK(run["tokens_per_s_per_sequence"]["median"].get<double>() == Approx(1000 / ms));
        CHECK(run["bandwidth"]["median"].get<double>() ==
              Approx(run["bytes_per_step"]["value"].get<double>() / (ms / 1000) / 1e9));
    }
    const auto& prefill = result["prefill"];
    CHECK(prefill["tokens_per_s"]["median"].get<double>() ==
          Approx(prefill["tokens"].get<double>() /
                 (prefill["time_to_first_token"]["median"].get<double>() / 1000)));
    CHECK(result["weight_bytes_per_value"] == 4);
}

TEST_CASE("llm: a decode record's rates and bytes follow from its step times", "[llm]") {
    const auto& s = llm::shape("llama-3.1-8b");
    // Three steps of 20, 25 and 30 ms at batch 8, context 1,024, BF16 (2 bytes a value).
    const auto record = llm::decode_record(s, 32, 8, 1024, 2, 2, {0.030, 0.020, 0.025});
    // 32 layers x (218,112,000 weights + 8 x 1,024 x 2,048 cached values) x 2 bytes.
    const double bytes = 32 * (218112000.0 + 8 * 1024 * 2048.0) * 2;
    CHECK(record["bytes_per_step"]["value"].get<double>() == Approx(bytes));
    CHECK(record["ms_per_step"]["median"].get<double>() == Approx(25));
    CHECK(record["tokens_per_s"]["median"].get<double>() == Approx(8 / 0.025));
    CHECK(record["tokens_per_s_per_sequence"]["median"].get<double>() == Approx(40));
    CHECK(record["bandwidth"]["median"].get<double>() == Approx(bytes / 0.025 / 1e9));
    CHECK(record["bandwidth"]["max"].get<double>() == Approx(bytes / 0.020 / 1e9));
    CHECK(llm::decode_key(8, 1024) == "batch8_context1024");
    const auto prefill = llm::prefill_record(s, 32, 2048, {0.1});
    CHECK(prefill["time_to_first_token"]["median"].get<double>() == Approx(100));
    CHECK(prefill["tokens_per_s"]["median"].get<double>() == Approx(20480));
}

TEST_CASE("llm: split attention fills the GPU and keeps each share within shared memory", "[llm]") {
    // An H100 (132 SMs), Llama 3.1 8B's 32 query heads, a cache of 8,193 positions.
    CHECK(llm::attention_splits(1, 32, 8193, 8193, 132) == 17);  // 4 x 132 / 32 blocks
    CHECK(llm::attention_splits(128, 32, 8193, 8193, 132) == 2); // enough blocks; 8,192 a share
    CHECK(llm::attention_splits(1, 32, 100, 1025, 132) == 1);    // short rows: one share
    CHECK(llm::attention_splits(8, 32, 1025, 8193, 132) == 3);
    CHECK(llm::attention_scratch_floats(2, 32, 128, 3) == 2u * 32 * 3 * 130);
}
