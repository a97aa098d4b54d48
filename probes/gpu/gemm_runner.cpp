#include "gpu/gemm_runner.hpp"

#include "gpu/cublas_api.hpp"
#include "gpu/gemm_check.hpp"
#include "gpu/kernels/gemm_values.hpp"

#include <cmath>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

namespace gpuguide::probes::gpu {
namespace {

using kernels::Element;
constexpr std::size_t kWorkspaceBytes = 64u << 20;
constexpr std::uint32_t kSeedA = 11, kSeedB = 29;

std::size_t element_bytes(cudaDataType_t type) {
    switch (type) {
    case CUDA_R_64F:
        return 8;
    case CUDA_R_32F:
    case CUDA_R_32I:
        return 4;
    case CUDA_R_16F:
    case CUDA_R_16BF:
        return 2;
    default:
        return 1; // FP8, INT8
    }
}

/// The value the GPU holds at `index` of an input, after rounding to its element type.
double input_value(Element element, std::uint64_t index, std::uint32_t seed) {
    float v = uniform_value(index, seed);
    switch (element) {
    case Element::F64:
    case Element::F32:
        return v;
    case Element::F16:
        return __half2float(__float2half_rn(v));
    case Element::BF16:
        return __bfloat162float(__float2bfloat16_rn(v));
    case Element::FP8_E4M3:
        return float(__nv_fp8_e4m3(v));
    case Element::I8:
        return int_value(index, seed);
    }
    return v;
}

double output_value(cudaDataType_t type, const unsigned char* bytes) {
    switch (type) {
    case CUDA_R_64F:
        return *reinterpret_cast<const double*>(bytes);
    case CUDA_R_32F:
        return *reinterpret_cast<const float*>(bytes);
    case CUDA_R_32I:
        return *reinterpret_cast<const std::int32_t*>(bytes);
    case CUDA_R_16F:
        return __half2float(*reinterpret_cast<const __half*>(bytes));
    case CUDA_R_16BF:
        return __bfloat162float(*reinterpret_cast<const __nv_bfloat16*>(bytes));
    default:
        return std::nan("");
    }
}

} // namespace

const std::vector<PrecisionSpec>& precision_specs() {
    static const std::vector<PrecisionSpec> specs = {
        {"fp64", Element::F64, CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, false, false, 0, 1e-10,
         "cublasGemmEx CUBLAS_COMPUTE_64F (FP64 tensor cores where present), TN", "TFLOP/s"},
        {"fp32", Element::F32, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_PEDANTIC, false, false, 0,
         1e-4, "cublasGemmEx CUBLAS_COMPUTE_32F_PEDANTIC (true FP32: no TF32, no emulation), TN",
         "TFLOP/s"},
        {"tf32", Element::F32, CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, false, false,
         80, 5e-3, "cublasGemmEx CUBLAS_COMPUTE_32F_FAST_TF32, TN", "TFLOP/s"},
        {"fp16", Element::F16, CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, false, false, 70, 1e-2,
         "cublasGemmEx FP16 inputs and output, CUBLAS_COMPUTE_32F (FP32 accumulate), TN",
         "TFLOP/s"},
        {"bf16", Element::BF16, CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, false, false, 80,
         1e-2, "cublasGemmEx BF16 inputs and output, CUBLAS_COMPUTE_32F (FP32 accumulate), TN",
         "TFLOP/s"},
        {"fp8", Element::FP8_E4M3, CUDA_R_8F_E4M3, CUDA_R_16BF, CUBLAS_COMPUTE_32F, true, false, 89,
         2e-2,
         "cublasLtMatmul E4M3 inputs, BF16 output, CUBLAS_COMPUTE_32F, scales 1.0, precise "
         "accumulation (FAST_ACCUM off), TN",
         "TFLOP/s"},
        // What many published FP8 figures use: partial sums kept in lower precision for speed.
        {"fp8_fast_accum", Element::FP8_E4M3, CUDA_R_8F_E4M3, CUDA_R_16BF, CUBLAS_COMPUTE_32F, true,
         true, 89, 2e-2,
         "cublasLtMatmul E4M3 inputs, BF16 output, CUBLAS_COMPUTE_32F, scales 1.0, "
         "CUBLASLT_MATMUL_DESC_FAST_ACCUM on, TN",
         "TFLOP/s"},
        {"int8", Element::I8, CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I, true, false, 75, 0.0,
         "cublasLtMatmul INT8 inputs, INT32 output, CUBLAS_COMPUTE_32I, TN", "TOP/s"},
    };
    return specs;
}

BlasContext::BlasContext(cudaStream_t stream) : stream_(stream), workspace_(kWorkspaceBytes) {
    const CublasApi& api = CublasApi::instance();
    if (!api.available())
        throw std::runtime_error(api.error);
    GG_CUBLAS(api.create(&blas_));
    GG_CUBLAS(api.set_stream(blas_, stream));
    GG_CUBLAS(api.set_workspace(blas_, workspace_.as<void>(), workspace_.bytes()));
    GG_CUBLAS(api.lt_create(&lt_));
}

BlasContext::~BlasContext() {
    const CublasApi& api = CublasApi::instance();
    if (lt_)
        api.lt_destroy(lt_);
    if (blas_)
        api.destroy(blas_);
}

/// cuBLASLt descriptors and the algorithm kept.
struct GemmCase::Lt {
    cublasLtMatmulDesc_t op = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
    cublasLtMatmulPreference_t preference = nullptr;
    cublasLtMatmulAlgo_t algo{};
    ~Lt() {
        const CublasApi& api = CublasApi::instance();
        api.lt_pref_destroy(preference);
        api.lt_layout_destroy(d);
        api.lt_layout_destroy(b);
        api.lt_layout_destroy(a);
        api.lt_desc_destroy(op);
    }
};

GemmCase::GemmCase(const PrecisionSpec& spec, int n, BlasContext& blas)
    : spec_(spec), n_(n), blas_(blas) {
    const CublasApi& api = CublasApi::instance();
    cudaStream_t stream = blas.stream();
    std::size_t count = std::size_t(n) * n;
    a_ = std::make_unique<DeviceBuffer>(count * element_bytes(spec.ab_type));
    b_ = std::make_unique<DeviceBuffer>(count * element_bytes(spec.ab_type));
    d_ = std::make_unique<DeviceBuffer>(count * element_bytes(spec.d_type));
    kernels::fill_random(a_->as<void>(), spec.input, count, kSeedA, stream);
    kernels::fill_random(b_->as<void>(), spec.input, count, kSeedB, stream);
    GG_LAUNCHED();
    // Poison the output, so an entry the GEMM never wrote cannot pass the check: 0x7f bytes are
    // NaN in FP16 and huge finite values in the other output types, far outside any tolerance.
    GG_CUDA(cudaMemsetAsync(d_->as<void>(), 0x7f, d_->bytes(), stream));
    if (!spec.use_lt)
        return;
    lt_ = std::make_unique<Lt>();
    cudaDataType_t scale_type = spec.compute == CUBLAS_COMPUTE_32I ? CUDA_R_32I : CUDA_R_32F;
    GG_CUBLAS(api.lt_desc_create(&lt_->op, spec.compute, scale_type));
    cublasOperation_t transpose = CUBLAS_OP_T, keep = CUBLAS_OP_N;
    GG_CUBLAS(api.lt_desc_set(lt_->op, CUBLASLT_MATMUL_DESC_TRANSA, &transpose, sizeof transpose));
    GG_CUBLAS(api.lt_desc_set(lt_->op, CUBLASLT_MATMUL_DESC_TRANSB, &keep, sizeof keep));
    if (spec.ab_type == CUDA_R_8F_E4M3) {
        // Set explicitly either way, so the result records what ran, not a library default.
        std::int8_t fast = spec.fast_accum ? 1 : 0;
        GG_CUBLAS(api.lt_desc_set(lt_->op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof fast));
        // FP8 takes per-tensor scale factors from device memory; 1.0 leaves the values as they are.
        // Each scale pointer must be 16-byte aligned: with the two floats side by side (4 bytes
        // apart) cuBLASLt 13.1 on an H200 refused every algorithm its heuristic offered
        // (CUBLAS_STATUS_NOT_SUPPORTED). So each gets its own 256-byte slot, as cudaMalloc would.
        constexpr std::size_t kSlot = 256 / sizeof(float);
        std::vector<float> ones(2 * kSlot, 1.0f);
        scales_ = std::make_unique<DeviceBuffer>(ones.size() * sizeof(float));
        // On the GEMM's own (non-blocking) stream, so the GEMM is ordered after the copy.
        GG_CUDA(cudaMemcpyAsync(scales_->as<void>(), ones.data(), scales_->bytes(),
                                cudaMemcpyHostToDevice, stream));
        GG_CUDA(cudaStreamSynchronize(stream)); // `ones` lives on this stack frame
        const float* scale_a = scales_->as<float>();
        const float* scale_b = scales_->as<float>() + kSlot;
        GG_CUBLAS(api.lt_desc_set(lt_->op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &scale_a,
                                  sizeof scale_a));
        GG_CUBLAS(api.lt_desc_set(lt_->op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &scale_b,
                                  sizeof scale_b));
    }
    // Column-major: A is stored k×m (ld k) and used transposed, B is k×n (ld k), D is m×n (ld m).
    GG_CUBLAS(api.lt_layout_create(&lt_->a, spec.ab_type, n, n, n));
    GG_CUBLAS(api.lt_layout_create(&lt_->b, spec.ab_type, n, n, n));
    GG_CUBLAS(api.lt_layout_create(&lt_->d, spec.d_type, n, n, n));
    GG_CUBLAS(api.lt_pref_create(&lt_->preference));
    std::size_t workspace = blas.workspace_bytes();
    GG_CUBLAS(api.lt_pref_set(lt_->preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspace,
                              sizeof workspace));
    choose_lt_algorithm();
}

void GemmCase::choose_lt_algorithm() {
    const CublasApi& api = CublasApi::instance();
    // As many candidates as the plan times (budget::GemmPlan::lt_candidates).
    std::vector<cublasLtMatmulHeuristicResult_t> candidates(
        std::size_t(budget::gemm_plan(false).lt_candidates));
    int found = 0;
    GG_CUBLAS(api.lt_heuristic(blas_.lt(), lt_->op, lt_->a, lt_->b, lt_->d, lt_->d, lt_->preference,
                               int(candidates.size()), candidates.data(), &found));
    // The heuristic's first choice is a prediction: time the top few (one warm-up, then two
    // GEMMs) and keep the fastest. A candidate that fails to run is passed over.
    cudaEvent_t start = nullptr, stop = nullptr;
    GG_CUDA(cudaEventCreate(&start));
    GG_CUDA(cudaEventCreate(&stop));
    float best_ms = -1;
    cublasLtMatmulAlgo_t chosen{};
    std::string first_failure; // why the first candidate that did not run failed
    for (int c = 0; c < found; ++c) {
        if (candidates[c].state != CUBLAS_STATUS_SUCCESS)
            continue;
        lt_->algo = candidates[c].algo;
        ++algorithms_tried_;
        float ms = 0;
        cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
        cudaError_t error = cudaSuccess;
        for (int launch = 0; launch < 3 && status == CUBLAS_STATUS_SUCCESS; ++launch) {
            if (launch == 1)
                error = cudaEventRecord(start, blas_.stream());
            status = launch_status();
        }
        if (status == CUBLAS_STATUS_SUCCESS && error == cudaSuccess) {
            error = cudaEventRecord(stop, blas_.stream());
            if (error == cudaSuccess)
                error = cudaEventSynchronize(stop);
            if (error == cudaSuccess)
                error = cudaEventElapsedTime(&ms, start, stop);
        }
        if (status == CUBLAS_STATUS_SUCCESS && error == cudaSuccess) {
            if (best_ms < 0 || ms < best_ms) {
                best_ms = ms;
                chosen = candidates[c].algo;
            }
        } else if (first_failure.empty()) {
            first_failure = status != CUBLAS_STATUS_SUCCESS ? cublas_status_text(status)
                                                            : cudaGetErrorName(error);
        }
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    if (best_ms < 0)
        throw std::runtime_error(
            "cuBLASLt found no algorithm that runs for " + spec_.name +
            " at n=" + std::to_string(n_) + " (" + std::to_string(found) + " candidates" +
            (first_failure.empty() ? "" : "; the first failed with " + first_failure) + ")");
    lt_->algo = chosen;
    // The timing runs wrote D: poison it again, so the check still sees only the timed GEMMs'.
    GG_CUDA(cudaMemsetAsync(d_->as<void>(), 0x7f, d_->bytes(), blas_.stream()));
}

GemmCase::~GemmCase() = default;

void GemmCase::launch() {
    GG_CUBLAS(launch_status());
}

cublasStatus_t GemmCase::launch_status() {
    const CublasApi& api = CublasApi::instance();
    const bool integer = spec_.compute == CUBLAS_COMPUTE_32I;
    const bool fp64 = spec_.compute == CUBLAS_COMPUTE_64F;
    const double alpha64 = 1.0, beta64 = 0.0;
    const float alpha32 = 1.0f, beta32 = 0.0f;
    const std::int32_t alpha_i = 1, beta_i = 0;
    const void* alpha = integer ? static_cast<const void*>(&alpha_i)
                        : fp64  ? static_cast<const void*>(&alpha64)
                                : &alpha32;
    const void* beta = integer ? static_cast<const void*>(&beta_i)
                       : fp64  ? static_cast<const void*>(&beta64)
                               : &beta32;
    if (lt_)
        return api.lt_matmul(blas_.lt(), lt_->op, alpha, a_->as<void>(), lt_->a, b_->as<void>(),
                             lt_->b, beta, d_->as<void>(), lt_->d, d_->as<void>(), lt_->d,
                             &lt_->algo, blas_.workspace(), blas_.workspace_bytes(),
                             blas_.stream());
    return api.gemm_ex(blas_.blas(), CUBLAS_OP_T, CUBLAS_OP_N, n_, n_, n_, alpha, a_->as<void>(),
                       spec_.ab_type, n_, b_->as<void>(), spec_.ab_type, n_, beta, d_->as<void>(),
                       spec_.d_type, n_, spec_.compute, CUBLAS_GEMM_DEFAULT);
}

double GemmCase::max_relative_error(int samples) const {
    GG_CUDA(cudaStreamSynchronize(blas_.stream()));
    std::size_t out_bytes = element_bytes(spec_.d_type);
    // A full check copies D whole; a sampled one only its sampled entries (a few bytes each,
    // rather than up to 256 MiB per case).
    std::vector<unsigned char> d(samples <= 0 ? std::size_t(n_) * n_ * out_bytes : 0);
    if (samples <= 0)
        GG_CUDA(cudaMemcpy(d.data(), d_->as<void>(), d.size(), cudaMemcpyDeviceToHost));
    std::vector<GemmEntry> entries;
    for (auto [i, j] : gemm_check_positions(n_, samples)) {
        std::size_t offset = (std::size_t(j) * n_ + i) * out_bytes;
        unsigned char bytes[8] = {};
        if (samples > 0)
            GG_CUDA(cudaMemcpy(bytes, d_->as<unsigned char>() + offset, out_bytes,
                               cudaMemcpyDeviceToHost));
        entries.push_back(
            {i, j, output_value(spec_.d_type, samples <= 0 ? d.data() + offset : bytes)});
    }
    return reference_gemm_error(
        n_, entries, [&](std::uint64_t index) { return input_value(spec_.input, index, kSeedA); },
        [&](std::uint64_t index) { return input_value(spec_.input, index, kSeedB); });
}

} // namespace gpuguide::probes::gpu
