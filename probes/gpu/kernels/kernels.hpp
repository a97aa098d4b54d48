// Host-callable launchers for the probes' CUDA kernels (defined in kernels/*.cu), so the probe
// classes stay plain C++ and the kernels stay small and apart.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>

namespace gpuguide::probes::gpu::kernels {

// --- STREAM (kernels/stream.cu): n doubles, n a multiple of 2 (16-byte accesses) ------------
/// The grid for n-double STREAM kernels: one thread per 16-byte pair, 256 threads a block.
unsigned stream_blocks(std::size_t n);
/// x[i] = value.
void stream_fill(double* x, double value, std::size_t n, unsigned blocks, cudaStream_t stream);
/// STREAM copy: c = a.
void stream_copy(double* c, const double* a, std::size_t n, unsigned blocks, cudaStream_t stream);
/// STREAM scale: b = s c.
void stream_scale(double* b, const double* c, double s, std::size_t n, unsigned blocks,
                  cudaStream_t stream);
/// STREAM add: c = a + b.
void stream_add(double* c, const double* a, const double* b, std::size_t n, unsigned blocks,
                cudaStream_t stream);
/// STREAM triad: a = b + s c.
void stream_triad(double* a, const double* b, const double* c, double s, std::size_t n,
                  unsigned blocks, cudaStream_t stream);

// --- latency (kernels/latency.cu) ---------------------------------------------------------------
/// An empty kernel, one block of one thread: what a launch costs.
void launch_empty(cudaStream_t stream);
/// One thread follows `steps` links from the node whose address is in `sink` (each node's first
/// 8 bytes hold the next node's device address), and writes the address it stopped at back to
/// `sink`: each launch continues the previous one's walk (a set larger than the steps taken is
/// not revisited), and nothing is optimised away. The SM cycles taken (clock64) go to `cycles`.
void pointer_chase(unsigned long long* sink, std::uint32_t steps, long long* cycles,
                   cudaStream_t stream);

// --- GEMM inputs (kernels/fill.cu): uniform_value()/int_value() of gemm_values.hpp ------------
/// Element types of GEMM inputs.
enum class Element { F64, F32, F16, BF16, FP8_E4M3, I8 };
/// Fills n elements of type `element` with reproducible pseudo-random values from `seed`.
void fill_random(void* data, Element element, std::size_t n, std::uint32_t seed,
                 cudaStream_t stream);

} // namespace gpuguide::probes::gpu::kernels
