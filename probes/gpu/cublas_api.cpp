#include "gpu/cublas_api.hpp"

#include "core/library_search.hpp"

namespace gpuguide::probes::gpu {

std::string cublas_soname() {
    return "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR);
}
std::string cublaslt_soname() {
    return "libcublasLt.so." + std::to_string(CUBLAS_VER_MAJOR);
}

const CublasApi& CublasApi::instance() {
    static const CublasApi api = load();
    return api;
}

namespace {

/// The pip package that brings this cuBLAS: NVIDIA's CUDA 12 wheels carry the major version in
/// their name, CUDA 13's do not.
std::string cublas_wheel() {
    return CUBLAS_VER_MAJOR == 12 ? "nvidia-cublas-cu12" : "nvidia-cublas";
}

} // namespace

CublasApi CublasApi::load() {
    CublasApi api;
    // Searched once for both: finding the wheels asks every python3 on PATH.
    const auto folders = cuda_library_folders(CUBLAS_VER_MAJOR, process_environment());
    api.lt_library_ = std::make_shared<DynamicLibrary>(cublaslt_soname(), folders);
    api.blas_library_ = std::make_shared<DynamicLibrary>(cublas_soname(), folders);
    const DynamicLibrary &lt = *api.lt_library_, &blas = *api.blas_library_;
    for (const DynamicLibrary* library : {&lt, &blas})
        if (!library->loaded()) {
            api.error = library->error() + ". gpu.gemm and gpu.power need cuBLAS " +
                        std::to_string(CUBLAS_VER_MAJOR) +
                        ": install the CUDA toolkit's cuBLAS, or `pip install " + cublas_wheel() +
                        "` into a python3 on PATH, or put the folder holding " + library->soname() +
                        " on LD_LIBRARY_PATH";
            return api;
        }
    std::string missing;
    auto resolve = [&](const DynamicLibrary& library, auto& pointer, const char* name) {
        pointer = library.function<std::remove_reference_t<decltype(pointer)>>(name);
        if (!pointer)
            missing += (missing.empty() ? "" : ", ") + std::string(name);
    };
    resolve(blas, api.create, "cublasCreate_v2");
    resolve(blas, api.destroy, "cublasDestroy_v2");
    resolve(blas, api.set_stream, "cublasSetStream_v2");
    resolve(blas, api.set_workspace, "cublasSetWorkspace_v2");
    resolve(blas, api.gemm_ex, "cublasGemmEx");
    resolve(blas, api.status_name, "cublasGetStatusName");
    resolve(blas, api.status_string, "cublasGetStatusString");
    resolve(blas, api.get_property, "cublasGetProperty");
    resolve(lt, api.lt_create, "cublasLtCreate");
    resolve(lt, api.lt_destroy, "cublasLtDestroy");
    resolve(lt, api.lt_desc_create, "cublasLtMatmulDescCreate");
    resolve(lt, api.lt_desc_destroy, "cublasLtMatmulDescDestroy");
    resolve(lt, api.lt_desc_set, "cublasLtMatmulDescSetAttribute");
    resolve(lt, api.lt_layout_create, "cublasLtMatrixLayoutCreate");
    resolve(lt, api.lt_layout_destroy, "cublasLtMatrixLayoutDestroy");
    resolve(lt, api.lt_pref_create, "cublasLtMatmulPreferenceCreate");
    resolve(lt, api.lt_pref_destroy, "cublasLtMatmulPreferenceDestroy");
    resolve(lt, api.lt_pref_set, "cublasLtMatmulPreferenceSetAttribute");
    resolve(lt, api.lt_heuristic, "cublasLtMatmulAlgoGetHeuristic");
    resolve(lt, api.lt_matmul, "cublasLtMatmul");
    if (!missing.empty())
        api.error = cublas_soname() + " or " + cublaslt_soname() + " lacks " + missing +
                    " (a different major version on LD_LIBRARY_PATH?)";
    return api;
}

} // namespace gpuguide::probes::gpu
