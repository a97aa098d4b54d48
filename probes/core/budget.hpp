// The GPU suite's time budget: each GPU probe's problem sizes and repetitions (its plan, which
// the probe itself runs) and an estimate of its time from them on a device model. Plain C++ (no
// CUDA), so tests check the whole suite's budget on machines without a GPU.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuguide::probes::budget {

/// Stop taking samples once their coefficient of variation is below this: more would not change
/// a reported figure's precision.
inline constexpr double kTargetCv = 0.01;

/// Timed samples: `warmups` untimed, then at least `min` and at most `max`, stopping early once
/// the CV is below kTargetCv.
struct Repetitions {
    int warmups = 1;
    int min = 5;
    int max = 10;
};

/// True when `samples` (seconds) suffice under `reps`: `max` taken, or `min` with CV < 1 %.
bool enough(const std::vector<double>& samples, const Repetitions& reps);

/// gpu.stream: arrays >= 4x L2 and >= 256 MiB; each sample times `kernels_per_sample` back-to-back
/// launches of one kernel between one event pair.
struct StreamPlan {
    std::size_t array_bytes = 0;
    int kernels_per_sample = 0;
    Repetitions reps;
};
StreamPlan stream_plan(bool quick, std::size_t l2_bytes);

/// gpu.transfer: sizes 4 KiB to the largest (x4 steps), six cases (3 directions x pinned or
/// pageable); small copies batched.
struct TransferPlan {
    std::vector<std::size_t> sizes;
    Repetitions reps;
    /// Copies per sample: 32 MiB worth from 128 KiB up, 256 below.
    int batch(std::size_t bytes) const;
};
TransferPlan transfer_plan(bool quick);

/// gpu.gemm: precisions in report order (gpu/gemm_runner.cpp's precision_specs() has the same).
inline constexpr std::array<std::string_view, 8> kGemmPrecisions = {
    "fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "fp8_fast_accum", "int8"};

/// gpu.gemm: the size sweep; a sample is about `sample_seconds` of back-to-back GEMMs.
struct GemmPlan {
    std::vector<int> sizes;
    Repetitions reps;
    double sample_seconds = 0.02;
    double slow_gemm_seconds = 0.25; ///< a size whose one GEMM takes longer ends the sweep
    Repetitions slow_reps{1, 3, 3};  ///< ... and gets only these samples
    int check_n = 256;               ///< all entries checked at this size
    int check_samples = 16;          ///< entries checked at each sweep size
    int lt_candidates = 4;           ///< cuBLASLt heuristic algorithms timed, fastest kept
    /// GEMMs per timed sample, so a sample lasts about sample_seconds (1 to 256).
    int batch(double one_gemm_seconds) const;
};
GemmPlan gemm_plan(bool quick);

/// gpu.latency: launch overhead samples and pointer-chase sets.
struct LatencyPlan {
    Repetitions launch_reps;
    int sync_launches = 100;   ///< launch + synchronise pairs per sample (host clock)
    int async_launches = 1000; ///< back-to-back launches per sample (events), also the graph's
    std::uint32_t steps = 0;   ///< dependent loads per L1/L2 sample
    std::uint32_t dram_steps = 0;
    Repetitions chase_reps;
    std::size_t l1_bytes = 0, l2_bytes = 0, dram_bytes = 0; ///< the three chase sets
    std::vector<std::size_t> curve;                         ///< curve sets, 4 KiB up, x4
    std::uint32_t curve_steps = 0;
    int curve_reps = 2;
};
LatencyPlan latency_plan(bool quick, std::size_t l2_bytes);

/// gpu.power: a sustained GEMM of size n, a warm-up, then `windows` energy windows.
struct PowerPlan {
    int n = 0;
    double warmup_seconds = 0;
    int windows = 0;
    double window_seconds = 0;
};
PowerPlan power_plan(bool quick);

/// cpu.llm (and gpu.llm): a catalogue shape (core/llm_shape.hpp), decode steps at each batch x
/// context, and one prefill of `prefill_tokens` at batch 1.
struct LlmPlan {
    std::string_view shape;
    std::vector<int> batches, contexts;
    int prefill_tokens = 0;
    Repetitions decode_reps, prefill_reps;
};
LlmPlan cpu_llm_plan(bool quick);
/// gpu.llm: Llama 3.1 8B itself, BF16; batch 1, 8, 32, 128 at context 1,024 and 8,192; a
/// prefill of 2,048 tokens.
LlmPlan gpu_llm_plan(bool quick);

/// What gpu.llm allocates: distinct layers of weights and distinct per-layer KV caches (each for
/// the largest batch at the longest context), cycled through when the model has more layers.
struct LlmMemory {
    int weight_layers = 0;
    int caches = 0;
};

/// gpu.llm's allocation on a device with `free_bytes` free: half of 90 % of it (less the
/// workspace) at most for weights, up to the model's layers but at least 4x the L2 cache's worth,
/// and as many caches as the rest holds, up to the model's layers. Throws std::runtime_error
/// saying what is missing when not even one cache fits.
LlmMemory gpu_llm_memory(double free_bytes, double l2_bytes, double layer_bytes, double cache_bytes,
                         double workspace_bytes, int layers);

/// Distinct layers to allocate so that cycling through them never finds a layer's weights still
/// in a cache of `cache_bytes`: together at least 4x the cache (STREAM's rule), and never fewer
/// than the `layers_run` of one step.
int distinct_layers(double layer_bytes, double cache_bytes, int layers_run);

/// What the CPU estimate needs: rates this machine reaches (cpu.gemm FP32, cpu.stream triad).
struct CpuModel {
    double gemm_flops_per_s = 0;
    double memory_bytes_per_s = 0;
    double fill_bytes_per_s = 0; ///< writing the weights and the KV cache before measuring
};

/// Seconds cpu.llm takes under `plan` on `model` (every sample taken), set-up included.
double estimate_cpu_llm_seconds(const LlmPlan& plan, const CpuModel& model);

/// What the estimate needs to know of a GPU: rates it reaches, not datasheet peaks.
struct DeviceModel {
    std::string name;
    std::size_t l2_bytes = 0;
    double memory_bytes_per_s = 0;   ///< STREAM-like device bandwidth
    double pinned_bytes_per_s = 0;   ///< host<->device, pinned, one direction
    double pageable_bytes_per_s = 0; ///< host<->device, pageable
    double copy_call_s = 0;          ///< fixed cost of one cudaMemcpyAsync
    double launch_sync_s = 0, launch_async_s = 0, graph_launch_s = 0;
    double l1_latency_s = 0, l2_latency_s = 0, dram_latency_s = 0;
    std::array<double, kGemmPrecisions.size()> gemm_ops_per_s{}; ///< in kGemmPrecisions order
    double host_hash_s = 0;       ///< one input value evaluated on the host (GEMM check)
    double process_start_s = 0;   ///< start of a probe process: CUDA context, module loading
    double host_chain_node_s = 0; ///< building one pointer-chase node on the host
};

/// An H100 SXM (80 GB, 50 MiB L2): rates from NVIDIA's datasheet scaled to what cuBLAS and STREAM
/// reach in published runs (about 90 % of memory bandwidth, 60-75 % of tensor peaks).
DeviceModel h100_sxm();

/// Seconds one probe takes on one device under `model` (its plan at most: early stops only
/// shorten it), including its process start.
double estimate_seconds(std::string_view key, bool quick, const DeviceModel& model);

/// Every GPU probe's estimate on a single-GPU host (gpu.multi is skipped there), in suite order.
std::vector<std::pair<std::string, double>> estimate_suite(bool quick, const DeviceModel& model);

} // namespace gpuguide::probes::budget
