// STREAM kernels with 16-byte (double2) accesses and an unrolled grid-stride loop.
#include "gpu/kernels/kernels.hpp"

namespace gpuguide::probes::gpu::kernels {
namespace {

constexpr int kThreads = 256;

__global__ void fill_kernel(double2* x, double value, std::size_t pairs) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < pairs;
         i += std::size_t(gridDim.x) * blockDim.x)
        x[i] = make_double2(value, value);
}

// Each thread keeps kUnroll independent 16-byte loads in flight before its first store. With one
// (a plain grid-stride loop) too few bytes are in flight to fill HBM3e: on an H200 such a copy
// reached 3.98 TB/s against PyTorch's 4.21, while triad, with two loads in flight, reached 4.17
// (bench/probes/README.md, 2026-11-26).
constexpr int kUnroll = 4;

/// out[i] = combine(x[i], y[i]) over `pairs` elements; y is read only when Inputs == 2.
template <int Inputs, class Combine>
__device__ void stream_pass(double2* __restrict__ out, const double2* __restrict__ x,
                            const double2* __restrict__ y, std::size_t pairs, Combine combine) {
    const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
    for (std::size_t base = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; base < pairs;
         base += stride * kUnroll) {
        double2 first[kUnroll], second[kUnroll] = {};
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const std::size_t i = base + u * stride;
            if (i < pairs) {
                first[u] = x[i];
                if constexpr (Inputs == 2)
                    second[u] = y[i];
            }
        }
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const std::size_t i = base + u * stride;
            if (i < pairs)
                out[i] = combine(first[u], second[u]);
        }
    }
}

__global__ void copy_kernel(double2* c, const double2* __restrict__ a, std::size_t pairs) {
    stream_pass<1>(c, a, nullptr, pairs, [](double2 v, double2) { return v; });
}

__global__ void scale_kernel(double2* b, const double2* __restrict__ c, double s,
                             std::size_t pairs) {
    stream_pass<1>(b, c, nullptr, pairs,
                   [s](double2 v, double2) { return make_double2(s * v.x, s * v.y); });
}

__global__ void add_kernel(double2* c, const double2* __restrict__ a, const double2* __restrict__ b,
                           std::size_t pairs) {
    stream_pass<2>(c, a, b, pairs,
                   [](double2 x, double2 y) { return make_double2(x.x + y.x, x.y + y.y); });
}

__global__ void triad_kernel(double2* a, const double2* __restrict__ b,
                             const double2* __restrict__ c, double s, std::size_t pairs) {
    stream_pass<2>(a, b, c, pairs, [s](double2 x, double2 y) {
        return make_double2(x.x + s * y.x, x.y + s * y.y);
    });
}

double2* pairs_of(double* p) {
    return reinterpret_cast<double2*>(p);
}
const double2* pairs_of(const double* p) {
    return reinterpret_cast<const double2*>(p);
}

} // namespace

unsigned stream_blocks(std::size_t n) {
    int device = 0, sms = 1;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    // Enough blocks to fill every SM several times over; the grid-stride loop covers the rest.
    std::size_t wanted = (n / 2 + kThreads - 1) / kThreads;
    std::size_t cap = std::size_t(sms) * 32;
    return unsigned(wanted < cap ? wanted : cap);
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
