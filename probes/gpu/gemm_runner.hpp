// One square GEMM, D = A^T B ("TN", the layout FP8 and INT8 tensor-core kernels need), set up
// for one precision on the current device: inputs filled with reproducible random values, a
// 64 MiB workspace, and either cublasGemmEx or cublasLtMatmul (FP8, INT8) to run it.
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
    int min_cc;            ///< major*10+minor below which the GPU has no such path
    double tolerance;      ///< max error relative to sum |a_ik b_kj| (0: exact)
    std::string math_mode; ///< recorded as is in the result
    std::string unit;      ///< "TFLOP/s" or "TOP/s"
};

/// The seven precisions in the order they are reported.
const std::vector<PrecisionSpec>& precision_specs();

/// A ready-to-run n×n×n GEMM of one precision.
class GemmCase {
  public:
    GemmCase(const PrecisionSpec& spec, int n, cudaStream_t stream);
    ~GemmCase();
    GemmCase(const GemmCase&) = delete;
    GemmCase& operator=(const GemmCase&) = delete;

    /// Enqueues one D = A^T B on the stream.
    void launch();
    /// 2 n^3: multiply-adds counted as two operations.
    double operations() const { return 2.0 * double(n_) * n_ * n_; }
    /// Largest error of `samples` output entries (all when samples <= 0) against a host FP64
    /// reference, relative to the sum of |products| of each entry.
    double max_relative_error(int samples) const;

  private:
    struct Lt;
    const PrecisionSpec& spec_;
    int n_;
    cudaStream_t stream_;
    cublasHandle_t handle_ = nullptr;
    std::unique_ptr<DeviceBuffer> a_, b_, d_, workspace_, scales_;
    std::unique_ptr<Lt> lt_;
};

} // namespace gpuguide::probes::gpu
