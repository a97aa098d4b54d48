#include "core/budget.hpp"

#include "core/llm_shape.hpp"
#include "core/stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gpuguide::probes::budget {

bool enough(const std::vector<double>& samples, const Repetitions& reps) {
    int n = int(samples.size());
    if (n >= reps.max)
        return true;
    return n >= reps.min && n >= 2 && summarize(samples).cv < kTargetCv;
}

StreamPlan stream_plan(bool quick, std::size_t l2_bytes) {
    // STREAM's rule: each array at least 4x the largest cache; 256 MiB at least. Whole 1024-double
    // blocks, so the 16-byte kernels need no tail.
    std::size_t bytes = std::max<std::size_t>(4 * l2_bytes, quick ? (64u << 20) : (256u << 20));
    bytes = bytes / (8 * 1024) * (8 * 1024);
    // Five 0.2 ms kernels per event pair: the events' microsecond granularity and the launch gap
    // become a fraction of a percent of a sample.
    return {bytes, quick ? 2 : 5, quick ? Repetitions{1, 3, 3} : Repetitions{2, 5, 20}};
}

TransferPlan transfer_plan(bool quick) {
    TransferPlan plan;
    std::size_t largest = quick ? (8u << 20) : (256u << 20);
    for (std::size_t bytes = 4096; bytes <= largest; bytes *= 4)
        plan.sizes.push_back(bytes);
    plan.reps = quick ? Repetitions{1, 3, 3} : Repetitions{1, 5, 7};
    return plan;
}

int TransferPlan::batch(std::size_t bytes) const {
    // 32 MiB per sample from 128 KiB up, 256 copies below (more would cost seconds, since small
    // pageable copies take microseconds each).
    return int(std::clamp<std::size_t>((32u << 20) / bytes, 1, 256));
}

GemmPlan gemm_plan(bool quick) {
    GemmPlan plan;
    plan.sizes = quick ? std::vector<int>{512, 1024} : std::vector<int>{1024, 2048, 4096, 8192};
    plan.reps = quick ? Repetitions{1, 3, 3} : Repetitions{1, 5, 10};
    return plan;
}

int GemmPlan::batch(double one_gemm_seconds) const {
    return int(std::clamp(sample_seconds / std::max(one_gemm_seconds, 1e-7), 1.0, 256.0));
}

LatencyPlan latency_plan(bool quick, std::size_t l2_bytes) {
    LatencyPlan plan;
    plan.launch_reps = quick ? Repetitions{1, 3, 3} : Repetitions{1, 5, 15};
    plan.steps = quick ? 20000 : 200000;
    plan.dram_steps = plan.steps / 4;
    plan.chase_reps = quick ? Repetitions{0, 2, 2} : Repetitions{0, 3, 5};
    // L1: 8 KiB fits every L1; L2: a quarter of L2 (beyond any L1); DRAM: 8x the L2.
    plan.l1_bytes = 8u << 10;
    plan.l2_bytes = l2_bytes / 4;
    plan.dram_bytes = quick ? 4 * l2_bytes : 8 * l2_bytes;
    for (std::size_t bytes = 4u << 10; bytes <= (quick ? 2 : 8) * l2_bytes; bytes *= 4)
        plan.curve.push_back(bytes);
    plan.curve_steps = plan.steps / 4;
    return plan;
}

PowerPlan power_plan(bool quick) {
    return quick ? PowerPlan{2048, 0.3, 2, 0.3} : PowerPlan{8192, 1.0, 3, 1.0};
}

DeviceModel h100_sxm() {
    DeviceModel m;
    m.name = "H100 SXM 80 GB";
    m.l2_bytes = 50u << 20;
    m.memory_bytes_per_s = 3.0e12; // ~90 % of 3.35 TB/s
    m.pinned_bytes_per_s = 50e9;   // PCIe 5.0 x16 after protocol overhead
    m.pageable_bytes_per_s = 15e9; // staged through the driver's pinned buffers
    m.copy_call_s = 5e-6;
    m.launch_sync_s = 7e-6;
    m.launch_async_s = 3e-6;
    m.graph_launch_s = 1.5e-6;
    m.l1_latency_s = 40e-9;
    m.l2_latency_s = 300e-9; // the far L2 partition included
    m.dram_latency_s = 800e-9;
    // fp64 fp32 tf32 fp16 bf16 fp8 fp8_fast_accum int8, at the lower end of published cuBLAS runs.
    m.gemm_ops_per_s = {45e12, 40e12, 300e12, 550e12, 550e12, 900e12, 1100e12, 900e12};
    m.host_hash_s = 10e-9;
    // Measured: the H100 suite's whole time less its probes' own came to 1.9-2.1 s for seven
    // probe processes (bench/probes/results/2026-11-26-h100).
    m.process_start_s = 0.3;
    m.host_chain_node_s = 30e-9;
    return m;
}

namespace {

double stream_seconds(bool quick, const DeviceModel& m) {
    StreamPlan plan = stream_plan(quick, m.l2_bytes);
    double bytes = double(plan.array_bytes);
    // Copy and scale move two arrays, add and triad three: 10 array passes per round.
    double round = plan.kernels_per_sample * 10 * bytes / m.memory_bytes_per_s;
    return 3 * bytes / m.memory_bytes_per_s + (plan.reps.warmups + plan.reps.max) * round;
}

double transfer_seconds(bool quick, const DeviceModel& m) {
    TransferPlan plan = transfer_plan(quick);
    double largest = double(plan.sizes.back());
    double total = 4 * largest / 10e9 + 2 * largest / 5e9; // host memsets, pinned allocation
    for (bool pinned : {true, false})
        for (int direction = 0; direction < 3; ++direction) // H2D, D2H, both
            for (std::size_t bytes : plan.sizes) {
                double rate = pinned ? m.pinned_bytes_per_s : m.pageable_bytes_per_s;
                double copy = m.copy_call_s + double(bytes) / rate;
                // Pinned copies in both directions overlap; pageable ones mostly take turns.
                double copies = direction == 2 && !pinned ? 2 : 1;
                total += (plan.reps.warmups + plan.reps.max) * plan.batch(bytes) * copies * copy;
            }
    return total;
}

double gemm_seconds(bool quick, const DeviceModel& m) {
    GemmPlan plan = gemm_plan(quick);
    double total = 0;
    for (std::size_t p = 0; p < kGemmPrecisions.size(); ++p) {
        double rate = m.gemm_ops_per_s[p];
        bool lt = kGemmPrecisions[p].substr(0, 3) == "fp8" || kGemmPrecisions[p] == "int8";
        auto one = [&](int n) { return 2.0 * n * n * n / rate; };
        // Choosing among cuBLASLt's candidates: a warm-up and two timed GEMMs each.
        auto choose = [&](int n) { return lt ? 3.0 * plan.lt_candidates * one(n) : 0.0; };
        double n3 = double(plan.check_n) * plan.check_n * plan.check_n;
        total += one(plan.check_n) + choose(plan.check_n) + n3 * 2e-9 +
                 2.0 * plan.check_n * plan.check_n * m.host_hash_s;
        for (int n : plan.sizes) {
            double t = one(n);
            bool slow = t > plan.slow_gemm_seconds;
            const Repetitions& reps = slow ? plan.slow_reps : plan.reps;
            total += choose(n) + 2 * t + (reps.warmups + reps.max) * plan.batch(t) * t +
                     plan.check_samples * (2.0 * n * m.host_hash_s + m.copy_call_s);
            if (slow)
                break;
        }
    }
    return total;
}

double chase_seconds(std::size_t bytes, std::uint32_t steps, int reps, const DeviceModel& m) {
    double latency = bytes <= (128u << 10)     ? m.l1_latency_s
                     : bytes <= m.l2_bytes / 2 ? m.l2_latency_s
                                               : m.dram_latency_s;
    double nodes = double(bytes) / 128;
    double warm = nodes <= double(1u << 20) ? nodes : double(1u << 16);
    return nodes * m.host_chain_node_s + double(bytes) / m.pageable_bytes_per_s +
           2.0 * double(m.l2_bytes) / m.memory_bytes_per_s +
           (warm + double(reps) * steps) * latency;
}

double latency_seconds(bool quick, const DeviceModel& m) {
    LatencyPlan plan = latency_plan(quick, m.l2_bytes);
    double rounds = plan.launch_reps.warmups + plan.launch_reps.max;
    double total = rounds * (plan.sync_launches * m.launch_sync_s +
                             plan.async_launches * (m.launch_async_s + m.graph_launch_s)) +
                   plan.async_launches * 2e-6; // capturing and instantiating the graph
    int reps = plan.chase_reps.max;
    total += chase_seconds(plan.l1_bytes, plan.steps, reps, m) +
             chase_seconds(plan.l2_bytes, plan.steps, reps, m) +
             chase_seconds(plan.dram_bytes, plan.dram_steps, reps, m);
    for (std::size_t bytes : plan.curve)
        total += chase_seconds(bytes, plan.curve_steps, plan.curve_reps, m);
    return total;
}

double power_seconds(bool quick, const DeviceModel& m) {
    PowerPlan plan = power_plan(quick);
    std::size_t bf16 = 4; // kGemmPrecisions index of the precision gpu.power uses on an H100
    double eight = 8 * 2.0 * plan.n * double(plan.n) * plan.n / m.gemm_ops_per_s[bf16];
    // Each window ends at a synchronised batch of eight GEMMs, so it overruns by up to a batch.
    return plan.warmup_seconds + plan.windows * (plan.window_seconds + eight) + eight;
}

} // namespace

/// gpu.llm: filling weights and caches, then every decode step and prefill at the plan's
/// maximum samples: bytes at the memory rate, FLOPs at the BF16 GEMM rate, and each step's
/// kernel launches (13 per layer) at the back-to-back launch cost, all added (no overlap).
double gpu_llm_seconds(bool quick, const DeviceModel& model) {
    const LlmPlan plan = gpu_llm_plan(quick);
    const auto& shape = llm::shape(plan.shape);
    const double bf16 = model.gemm_ops_per_s[4];
    const int layers = shape.layers;
    const double layer_bytes = double(llm::layer_parameters(shape)) * 2;
    const int max_batch = *std::max_element(plan.batches.begin(), plan.batches.end());
    const int max_context = *std::max_element(plan.contexts.begin(), plan.contexts.end());
    const double cache_bytes = llm::decode_step_bytes(shape, 1, max_batch, max_context, 0, 2);
    const double launches = layers * 13 * model.launch_async_s;
    // At most every layer of weights and 13 caches (an 80 GB card) are written once.
    double seconds =
        (layers * layer_bytes + std::min(layers, 13) * cache_bytes) / model.memory_bytes_per_s;
    const int steps = plan.decode_reps.warmups + plan.decode_reps.max;
    for (int batch : plan.batches)
        for (int context : plan.contexts)
            seconds += steps * (llm::decode_step_bytes(shape, layers, batch, context, 2, 2) /
                                    model.memory_bytes_per_s +
                                batch * llm::prefill_flops(shape, layers, 1) / bf16 + launches);
    // The prefill's attention runs as full (not causal) GEMMs per head: twice the causal count.
    const double t = plan.prefill_tokens;
    const double attention = layers * 4.0 * shape.q_dim() * t * t;
    const int prefills = plan.prefill_reps.warmups + plan.prefill_reps.max;
    seconds +=
        prefills * ((llm::prefill_flops(shape, layers, plan.prefill_tokens) + attention) / bf16 +
                    layers * (8 + 3 * shape.q_heads) * model.launch_async_s);
    return seconds;
}

double estimate_seconds(std::string_view key, bool quick, const DeviceModel& model) {
    double work = key == "gpu.specs"      ? 0.05
                  : key == "gpu.stream"   ? stream_seconds(quick, model)
                  : key == "gpu.transfer" ? transfer_seconds(quick, model)
                  : key == "gpu.gemm"     ? gemm_seconds(quick, model)
                  : key == "gpu.latency"  ? latency_seconds(quick, model)
                  : key == "gpu.power"    ? power_seconds(quick, model)
                  : key == "gpu.multi"    ? 0.0 // one GPU: skipped
                  : key == "gpu.llm"      ? gpu_llm_seconds(quick, model)
                                          : -1;
    if (work < 0)
        throw std::invalid_argument("no time estimate for probe " + std::string(key));
    return model.process_start_s + work;
}

std::vector<std::pair<std::string, double>> estimate_suite(bool quick, const DeviceModel& model) {
    std::vector<std::pair<std::string, double>> suite;
    for (const char* key : {"gpu.specs", "gpu.stream", "gpu.transfer", "gpu.gemm", "gpu.latency",
                            "gpu.power", "gpu.multi", "gpu.llm"})
        suite.emplace_back(key, estimate_seconds(key, quick, model));
    return suite;
}

LlmPlan cpu_llm_plan(bool quick) {
    if (quick)
        return {"tiny", {1, 4}, {16, 64}, 32, {1, 3, 3}, {1, 3, 3}}; // odd: medians map exactly
    // The quarter-width Llama 3.1 8B: 218 MB of FP32 weights per step, 8 KB of KV cache per token
    // per sequence; batch 32 at context 1,024 reads 268 MB of cache besides. The decode runs warm
    // the BLAS up, so the prefill needs no warm-up of its own. Odd sample counts: the median rate
    // is then the rate of the median time.
    return {"llama-3.1-8b-quarter", {1, 8, 32}, {256, 1024}, 128, {1, 3, 3}, {0, 3, 3}};
}

int distinct_layers(double layer_bytes, double cache_bytes, int layers_run) {
    return std::max(layers_run, int(std::ceil(4 * cache_bytes / layer_bytes)));
}

LlmPlan gpu_llm_plan(bool quick) {
    if (quick)
        return {"tiny", {1, 4}, {16, 64}, 32, {1, 3, 3}, {1, 3, 3}};
    return {"llama-3.1-8b", {1, 8, 32, 128}, {1024, 8192}, 2048, {1, 3, 5}, {1, 3, 3}};
}

LlmMemory gpu_llm_memory(double free_bytes, double l2_bytes, double layer_bytes, double cache_bytes,
                         double workspace_bytes, int layers) {
    const double usable = 0.9 * free_bytes - workspace_bytes;
    const int wanted = std::min(layers, int(std::ceil(4 * l2_bytes / layer_bytes)));
    LlmMemory memory;
    memory.weight_layers = std::min(layers, int(std::floor(0.5 * usable / layer_bytes)));
    if (memory.weight_layers < std::max(1, wanted))
        throw std::runtime_error("not enough free GPU memory for " + std::to_string(wanted) +
                                 " distinct layers of " + std::to_string(layer_bytes / 1e9) +
                                 " GB");
    const double left = usable - memory.weight_layers * layer_bytes;
    memory.caches = std::min(layers, int(std::floor(left / cache_bytes)));
    if (memory.caches < 1)
        throw std::runtime_error("not enough free GPU memory for one layer's KV cache of " +
                                 std::to_string(cache_bytes / 1e9) + " GB after the weights");
    return memory;
}

double estimate_cpu_llm_seconds(const LlmPlan& plan, const CpuModel& model) {
    const auto& shape = llm::shape(plan.shape);
    const int layers = shape.layers;
    const double weights = double(layers) * double(llm::layer_parameters(shape)) * 4;
    const int max_batch = *std::max_element(plan.batches.begin(), plan.batches.end());
    const int max_context = *std::max_element(plan.contexts.begin(), plan.contexts.end());
    const double cache = llm::decode_step_bytes(shape, layers, max_batch, max_context, 0, 4);
    double seconds = (weights + cache) / model.fill_bytes_per_s;
    const int decode_steps = plan.decode_reps.warmups + plan.decode_reps.max;
    for (int batch : plan.batches)
        for (int context : plan.contexts) {
            // Memory-bound at these batches: the weights and the cache once per step, plus the
            // GEMM time of the batch's rows.
            const double bytes = llm::decode_step_bytes(shape, layers, batch, context, 4, 4);
            const double flops = llm::prefill_flops(shape, layers, 1) * batch;
            seconds +=
                decode_steps * (bytes / model.memory_bytes_per_s + flops / model.gemm_flops_per_s);
        }
    const int prefills = plan.prefill_reps.warmups + plan.prefill_reps.max;
    seconds +=
        prefills * llm::prefill_flops(shape, layers, plan.prefill_tokens) / model.gemm_flops_per_s;
    return seconds;
}

} // namespace gpuguide::probes::budget
