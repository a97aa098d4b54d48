// Launch-overhead and pointer-chase kernels.
#include "gpu/kernels/kernels.hpp"

namespace gpuguide::probes::gpu::kernels {
namespace {

__global__ void empty_kernel() {}

__global__ void chase_kernel(const std::uint32_t* __restrict__ next, std::uint32_t steps,
                             std::uint32_t* sink, long long* cycles) {
    // Continue where the previous launch stopped: restarting at node 0 would replay the same
    // first `steps` nodes, which the L2 keeps, and a set beyond the L2 would read as L2 latency.
    std::uint32_t at = *sink;
    long long start = clock64();
    // Each load's address depends on the previous load: the loop runs at memory latency.
    // __ldg reads through the L1/texture path, so small working sets are L1 hits.
    for (std::uint32_t i = 0; i < steps; ++i)
        at = __ldg(next + at);
    long long end = clock64();
    *sink = at;
    *cycles = end - start;
}

} // namespace

void launch_empty(cudaStream_t stream) {
    empty_kernel<<<1, 1, 0, stream>>>();
}

void pointer_chase(const std::uint32_t* next, std::uint32_t steps, std::uint32_t* sink,
                   long long* cycles, cudaStream_t stream) {
    chase_kernel<<<1, 1, 0, stream>>>(next, steps, sink, cycles);
}

} // namespace gpuguide::probes::gpu::kernels
