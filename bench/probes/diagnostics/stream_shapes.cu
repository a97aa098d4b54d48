// bench/probes/diagnostics: a one-off program behind a finding of the first H200 run (README there).
// STREAM copy/triad variants on the H200: array size, grid shape. Median GB/s of 10 samples of k back-to-back kernels.
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <vector>
template <int U> __global__ void copy_gs(double2* __restrict__ c, const double2* __restrict__ a, size_t pairs) {
    size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t base = blockIdx.x * size_t(blockDim.x) + threadIdx.x; base < pairs; base += stride * U) {
        double2 v[U];
#pragma unroll
        for (int u = 0; u < U; ++u) if (base + u * stride < pairs) v[u] = a[base + u * stride];
#pragma unroll
        for (int u = 0; u < U; ++u) if (base + u * stride < pairs) c[base + u * stride] = v[u];
    }
}
__global__ void copy_flat(double2* __restrict__ c, const double2* __restrict__ a, size_t pairs) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < pairs) c[i] = a[i];
}
__global__ void triad_flat(double2* __restrict__ a, const double2* __restrict__ b, const double2* __restrict__ c, double s, size_t pairs) {
    size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
    if (i < pairs) { double2 x = b[i], y = c[i]; a[i] = make_double2(x.x + s * y.x, x.y + s * y.y); }
}
template <class F> double gbs(F launch, double bytes, int k = 10) {
    cudaEvent_t s, e; cudaEventCreate(&s); cudaEventCreate(&e);
    for (int i = 0; i < 3; ++i) launch();
    std::vector<double> v;
    for (int r = 0; r < 10; ++r) {
        cudaEventRecord(s); for (int i = 0; i < k; ++i) launch(); cudaEventRecord(e); cudaEventSynchronize(e);
        float ms; cudaEventElapsedTime(&ms, s, e); v.push_back(bytes * k / (ms / 1e3) / 1e9);
    }
    std::sort(v.begin(), v.end()); return v[5];
}
int main() {
    int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    for (size_t mib : {256, 1024}) {
        size_t bytes = mib << 20, pairs = bytes / 16;
        double2 *a, *b, *c; cudaMalloc(&a, bytes); cudaMalloc(&b, bytes); cudaMalloc(&c, bytes);
        cudaMemset(a, 0, bytes); cudaMemset(b, 0, bytes); cudaMemset(c, 0, bytes);
        unsigned cap = sms * 32, flat = unsigned((pairs + 255) / 256);
        printf("%5zu MiB arrays: copy grid-stride U=4 cap %u: %.0f | U=1: %.0f | U=4, %u blocks: %.0f | flat 256: %.0f | flat 1024: %.0f | triad flat: %.0f GB/s\n", mib, cap,
               gbs([&] { copy_gs<4><<<std::min(cap, flat), 256>>>(c, a, pairs); }, 2.0 * bytes),
               gbs([&] { copy_gs<1><<<std::min(cap, flat), 256>>>(c, a, pairs); }, 2.0 * bytes),
               sms * 8, gbs([&] { copy_gs<4><<<sms * 8, 256>>>(c, a, pairs); }, 2.0 * bytes),
               gbs([&] { copy_flat<<<flat, 256>>>(c, a, pairs); }, 2.0 * bytes),
               gbs([&] { copy_flat<<<unsigned((pairs + 1023) / 1024), 1024>>>(c, a, pairs); }, 2.0 * bytes),
               gbs([&] { triad_flat<<<flat, 256>>>(a, b, c, 3.0, pairs); }, 3.0 * bytes));
        printf("        cudaMemcpy D2D: %.0f GB/s\n", gbs([&] { cudaMemcpyAsync(c, a, bytes, cudaMemcpyDeviceToDevice); }, 2.0 * bytes));
        cudaFree(a); cudaFree(b); cudaFree(c);
    }
}
