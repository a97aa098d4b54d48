// STREAM kernels with 16-byte (double2) accesses, one pair per thread.
#include "gpu/kernels/kernels.hpp"

namespace gpuguide::probes::gpu::kernels {
namespace {

constexpr int kThreads = 256;

__global__ void fill_kernel(double2* x, double value, std::size_t pairs) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < pairs;
         i += std::size_t(gridDim.x) * blockDim.x)
        x[i] = make_double2(value, value);
}

// One 16-byte pair per thread and as many blocks as that takes (BabelStream's shape). A grid-stride
// loop over a grid capped at 32 blocks per SM, even with four loads in flight per thread, copied
// 3.99 TB/s on an H200 where this shape copies 4.20 and cudaMemcpy 4.19 (256 MiB arrays;
// bench/probes/README.md, 2026-11-26).
__global__ void copy_kernel(double2* c, const double2* __restrict__ a, std::size_t pairs) {
    const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    if (i < pairs)
        c[i] = a[i];
}

__global__ void scale_kernel(double2* b, const double2* __restrict__ c, double s,
                             std::size_t pairs) {
    const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    if (i < pairs) {
        const double2 v = c[i];
        b[i] = make_double2(s * v.x, s * v.y);
    }
}

__global__ void add_kernel(double2* c, const double2* __restrict__ a, const double2* __restrict__ b,
                           std::size_t pairs) {
    const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    if (i < pairs) {
        const double2 x = a[i], y = b[i];
        c[i] = make_double2(x.x + y.x, x.y + y.y);
    }
}

__global__ void triad_kernel(double2* a, const double2* __restrict__ b,
                             const double2* __restrict__ c, double s, std::size_t pairs) {
    const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    if (i < pairs) {
        const double2 x = b[i], y = c[i];
        a[i] = make_double2(x.x + s * y.x, x.y + s * y.y);
    }
}

double2* pairs_of(double* p) {
    return reinterpret_cast<double2*>(p);
}
const double2* pairs_of(const double* p) {
    return reinterpret_cast<const double2*>(p);
}

} // namespace

unsigned stream_blocks(std::size_t n) {
    // One thread per pair: the kernels have no loop, so the grid must cover the array.
    return unsigned((n / 2 + kThreads - 1) / kThreads);
}

void stream_fill(double* x, double value, std::size_t n, unsigned blocks, cudaStream_t stream) {
    fill_kernel<<<blocks, kThreads, 0, stream>>>(pairs_of(x), value, n / 2);
}
void stream_copy(double* c, const double* a, std::size_t n, unsigned blocks, cudaStream_t stream) {
    copy_kernel<<<blocks, kThreads, 0, stream>>>(pairs_of(c), pairs_of(a), n / 2);
}
void stream_scale(double* b, const double* c, double s, std::size_t n, unsigned blocks,
                  cudaStream_t stream) {
    scale_kernel<<<blocks, kThreads, 0, stream>>>(pairs_of(b), pairs_of(c), s, n / 2);
}
void stream_add(double* c, const double* a, const double* b, std::size_t n, unsigned blocks,
                cudaStream_t stream) {
    add_kernel<<<blocks, kThreads, 0, stream>>>(pairs_of(c), pairs_of(a), pairs_of(b), n / 2);
}
void stream_triad(double* a, const double* b, const double* c, double s, std::size_t n,
                  unsigned blocks, cudaStream_t stream) {
    triad_kernel<<<blocks, kThreads, 0, stream>>>(pairs_of(a), pairs_of(b), pairs_of(c), s, n / 2);
}

} // namespace gpuguide::probes::gpu::kernels
