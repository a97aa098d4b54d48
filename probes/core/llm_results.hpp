// The records cpu.llm and gpu.llm write for a decode setting and a prefill, from their timed
// samples: one place, so both probes count bytes and rates the same way (tested on the CPU).
#pragma once

#include "core/llm_shape.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpuguide::probes::llm {

/// "batch8_context1024": the key of a decode setting in a result's "decode" object, so that a
/// page's pointer names its settings (and breaks loudly if the plan changes).
std::string decode_key(int batch, int context);

/// One decode setting from the seconds each timed step took: bytes_per_step (B), ms_per_step,
/// tokens_per_s_per_sequence, tokens_per_s (all sequences) and the bandwidth the bytes imply.
nlohmann::json decode_record(const Shape& shape, int layers, int batch, int context,
                             double weight_bytes_per_value, double kv_bytes_per_value,
                             const std::vector<double>& seconds);

/// A prefill of `tokens` tokens at batch 1 from the seconds each timed run took:
/// time_to_first_token (ms), tokens_per_s, flops (FLOP) and the rate they imply (GFLOP/s).
nlohmann::json prefill_record(const Shape& shape, int layers, int tokens,
                              const std::vector<double>& seconds);

} // namespace gpuguide::probes::llm
