// The CPU probes: they run everywhere (CI included) and take a few seconds in all.
#pragma once

#include "core/probe.hpp"

#include <cstddef>
#include <memory>
#include <optional>

namespace gpuguide::probes {

/// Factories for the CPU probes (cpu.info, cpu.stream, cpu.latency, cpu.gemm, cpu.llm).
std::unique_ptr<Probe> make_cpu_info_probe();
std::unique_ptr<Probe> make_cpu_stream_probe();
std::unique_ptr<Probe> make_cpu_latency_probe();
std::unique_ptr<Probe> make_cpu_gemm_probe();
std::unique_ptr<Probe> make_cpu_llm_probe();

/// Size in bytes of the largest cache level (from /sys, else sysconf); nullopt when unknown.
std::optional<std::size_t> last_level_cache_bytes();

/// The CPU model name from /proc/cpuinfo ("unknown CPU" when absent).
std::string cpu_model_name();

} // namespace gpuguide::probes
