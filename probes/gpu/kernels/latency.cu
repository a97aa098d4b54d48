// Launch-overhead and pointer-chase kernels.
#include "gpu/kernels/kernels.hpp"

namespace gpuguide::probes::gpu::kernels {
namespace {

__global__ void empty_kernel() {}

__global__ void chase_kernel(unsigned long long* sink, std::uint32_t steps, long long* cycles) {
    // Continue where the previous launch stopped: restarting at the first node would replay the
    // same first `steps` nodes, which the L2 keeps, and a set beyond the L2 would read as L2.
    auto at = reinterpret_cast<const unsigned long long*>(*sink);
    long long start = clock64();
    // Each node holds the address of the next: the loaded value is the next load's address, with
    // no arithmetic between dependent loads, so a hop costs the memory latency alone. __ldg reads
    // through the L1/texture path, so small working sets are L1 hits.
    for (std::uint32_t i = 0; i < steps; ++i)
        at = reinterpret_cast<const unsigned long long*>(__ldg(at));
    long long end = clock64();
    *sink = reinterpret_cast<unsigned long long>(at);
    *cycles = end - start;
}

} // namespace

void launch_empty(cudaStream_t stream) {
    empty_kernel<<<1, 1, 0, stream>>>();
}

void pointer_chase(unsigned long long* sink, std::uint32_t steps, long long* cycles,
                   cudaStream_t stream) {
    chase_kernel<<<1, 1, 0, stream>>>(sink, steps, cycles);
}

} // namespace gpuguide::probes::gpu::kernels
