// One square GEMM, D = A^T B ("TN", the layout FP8 and INT8 tensor-core kernels need), set up
// for one precision on the current device: inputs filled with reproducible random values, and
// either cublasGemmEx or cublasLtMatmul (FP8, INT8) to run it, through the handles and 64 MiB
// workspace of a BlasContext made once per device. cuBLAS is reached through CublasApi (dlopen).
#pragma once

#include "gpu/cuda_util.hpp"
#include "gpu/kernels/kernels.hpp"

#include <memory>
#include <string>
#include <vector>

namespace gpuguide::probes::gpu {

/// What a precision needs: element types, compute type and how to check its result.
struct PrecisionSpec {
    std::string name;       ///< "fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "int8"
    kernels::Element input; ///< A and B
    cudaDataType_t ab_type, d_type;
    cublasComputeType_t compute;
    bool use_lt;           ///< cublasLtMatmul (FP8, INT8) rather than cublasGemmEx
    bool fast_accum;       ///< FP8 only: CUBLASLT_MATMUL_DESC_FAST_ACCUM (faster, less precise)
    int min_cc;            ///< major*10+minor below which the GPU has no such path
    double tolerance;      ///< max error relative to sum |a_ik b_kj| (0: exact)
    std::string math_mode; ///< recorded as is in the result
    std::string unit;      ///< "TFLOP/s" or "TOP/s"
};

/// The precisions in the order they are reported: fp64, fp32, tf32, fp16, bf16, fp8 (precise
/// accumulation, cuBLASLt's default), fp8_fast_accum, int8.
const std::vector<PrecisionSpec>& precision_specs();

/// cuBLAS and cuBLASLt handles bound to one stream, and the workspace both use: created once per
/// device, shared by every GemmCase there (a handle costs milliseconds and device memory).
class BlasContext {
  public:
    explicit BlasContext(cudaStream_t stream);
    ~BlasContext();
    BlasContext(const BlasContext&) = delete;
    BlasContext& operator=(const BlasContext&) = delete;
    cudaStream_t stream() const { return stream_; }
    cublasHandle_t blas() const { return blas_; }
    cublasLtHandle_t lt() const { return lt_; }
    void* workspace() const { return workspace_.as<void>(); }
    std::size_t workspace_bytes() const { return workspace_.bytes(); }

  private:
    cudaStream_t stream_;
    DeviceBuffer workspace_;
    cublasHandle_t blas_ = nullptr;
    cublasLtHandle_t lt_ = nullptr;
};

/// A ready-to-run n×n×n GEMM of one precision.
class GemmCase {
  public:
    GemmCase(const PrecisionSpec& spec, int n, BlasContext& blas);
    ~GemmCase();
    GemmCase(const GemmCase&) = delete;
    GemmCase& operator=(const GemmCase&) = delete;

    /// Enqueues one D = A^T B on the stream.
    void launch();
    /// 2 n^3: multiply-adds counted as two operations.
    double operations() const { return 2.0 * double(n_) * n_ * n_; }
    /// Largest error of `samples` output entries (all when samples <= 0) against a host FP64
    /// reference, relative to the sum of |products| of each entry. Only the sampled entries are
    /// copied from the device.
    double max_relative_error(int samples) const;
    /// cuBLASLt candidates timed before the fastest was kept (0 for cublasGemmEx).
    int algorithms_tried() const { return algorithms_tried_; }

  private:
    struct Lt;
    void choose_lt_algorithm();
    cublasStatus_t launch_status(); ///< enqueues one GEMM; the library's status
    const PrecisionSpec& spec_;
    int n_;
    BlasContext& blas_;
    int algorithms_tried_ = 0;
    std::unique_ptr<DeviceBuffer> a_, b_, d_, scales_;
    std::unique_ptr<Lt> lt_;
};

} // namespace gpuguide::probes::gpu
