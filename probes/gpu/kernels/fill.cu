// Reproducible random GEMM inputs in every element type the GEMM probe uses.
#include "gpu/kernels/gemm_values.hpp"
#include "gpu/kernels/kernels.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

namespace gpuguide::probes::gpu::kernels {
namespace {

template <class T> __device__ T convert(float x) {
    return T(x);
}
template <> __device__ __half convert<__half>(float x) {
    return __float2half_rn(x);
}
template <> __device__ __nv_bfloat16 convert<__nv_bfloat16>(float x) {
    return __float2bfloat16_rn(x);
}
template <> __device__ __nv_fp8_e4m3 convert<__nv_fp8_e4m3>(float x) {
    return __nv_fp8_e4m3(x);
}

template <class T> __global__ void fill_kernel(T* data, std::size_t n, std::uint32_t seed) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
         i += std::size_t(gridDim.x) * blockDim.x) {
        if constexpr (std::is_same_v<T, std::int8_t>)
            data[i] = std::int8_t(int_value(i, seed));
        else
            data[i] = convert<T>(uniform_value(i, seed));
    }
}

template <class T> void launch(void* data, std::size_t n, std::uint32_t seed, cudaStream_t stream) {
    std::size_t blocks = (n + 255) / 256;
    fill_kernel<T><<<unsigned(blocks < 65535 ? blocks : 65535), 256, 0, stream>>>(
        static_cast<T*>(data), n, seed);
}

} // namespace

void fill_random(void* data, Element element, std::size_t n, std::uint32_t seed,
                 cudaStream_t stream) {
    switch (element) {
    case Element::F64:
        launch<double>(data, n, seed, stream);
        break;
    case Element::F32:
        launch<float>(data, n, seed, stream);
        break;
    case Element::F16:
        launch<__half>(data, n, seed, stream);
        break;
    case Element::BF16:
        launch<__nv_bfloat16>(data, n, seed, stream);
        break;
    case Element::FP8_E4M3:
        launch<__nv_fp8_e4m3>(data, n, seed, stream);
        break;
    case Element::I8:
        launch<std::int8_t>(data, n, seed, stream);
        break;
    }
}

} // namespace gpuguide::probes::gpu::kernels
