// cuBLAS and cuBLASLt resolved at run time from libcublas.so.N and libcublasLt.so.N (N: the
// major version these probes were compiled against), like NVML and NCCL. The toolkit's headers
// give the types only; nothing links to the libraries, so gpuguide-probe starts where they are
// missing and gpu.gemm and gpu.power are skipped with the loader's reason.
#pragma once

#include "core/dynamic_library.hpp"

#include <cublasLt.h>
#include <cublas_v2.h>
#include <memory>
#include <string>

namespace gpuguide::probes::gpu {

/// The functions the probes call, with the signatures of NVIDIA's headers.
struct CublasApi {
    /// The process-wide API, loaded on first use.
    static const CublasApi& instance();
    /// Loads the libraries afresh (instance() does this once; tests call it with the
    /// GPUGUIDE_PROBE_HIDE_LIBS hook set).
    static CublasApi load();

    /// Both libraries loaded and every function found.
    bool available() const { return error.empty(); }
    /// Why not ("libcublas.so.13: cannot open shared object file ..."), empty when available.
    std::string error;

    // cublasGemmEx has a C++ overload for the old cudaDataType compute type: name the one used.
    using GemmEx = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int,
                                      int, int, const void*, const void*, cudaDataType, int,
                                      const void*, cudaDataType, int, const void*, void*,
                                      cudaDataType, int, cublasComputeType_t, cublasGemmAlgo_t);

    decltype(&::cublasCreate_v2) create = nullptr;
    decltype(&::cublasDestroy_v2) destroy = nullptr;
    decltype(&::cublasSetStream_v2) set_stream = nullptr;
    decltype(&::cublasSetWorkspace_v2) set_workspace = nullptr;
    GemmEx gemm_ex = nullptr;
    decltype(&::cublasGetStatusName) status_name = nullptr;
    decltype(&::cublasGetStatusString) status_string = nullptr;
    decltype(&::cublasGetProperty) get_property = nullptr;

    decltype(&::cublasLtCreate) lt_create = nullptr;
    decltype(&::cublasLtDestroy) lt_destroy = nullptr;
    decltype(&::cublasLtMatmulDescCreate) lt_desc_create = nullptr;
    decltype(&::cublasLtMatmulDescDestroy) lt_desc_destroy = nullptr;
    decltype(&::cublasLtMatmulDescSetAttribute) lt_desc_set = nullptr;
    decltype(&::cublasLtMatrixLayoutCreate) lt_layout_create = nullptr;
    decltype(&::cublasLtMatrixLayoutDestroy) lt_layout_destroy = nullptr;
    decltype(&::cublasLtMatmulPreferenceCreate) lt_pref_create = nullptr;
    decltype(&::cublasLtMatmulPreferenceDestroy) lt_pref_destroy = nullptr;
    decltype(&::cublasLtMatmulPreferenceSetAttribute) lt_pref_set = nullptr;
    decltype(&::cublasLtMatmulAlgoGetHeuristic) lt_heuristic = nullptr;
    decltype(&::cublasLtMatmul) lt_matmul = nullptr;

  private:
    std::shared_ptr<DynamicLibrary> lt_library_, blas_library_; // kept open while the API lives
};

/// The sonames loaded: "libcublas.so.13", "libcublasLt.so.13".
std::string cublas_soname();
std::string cublaslt_soname();

} // namespace gpuguide::probes::gpu
