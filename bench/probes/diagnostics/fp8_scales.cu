// bench/probes/diagnostics: a one-off program behind a finding of the first H200 run (README there).
// Which detail makes cuBLASLt refuse our FP8 GEMM on the H200? Each variant: heuristic, then launch each candidate.
#include <cublasLt.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#define CK(x) do { auto e = (x); if (e != 0) { printf("%s -> %d\n", #x, int(e)); return; } } while (0)
void variant(const char* name, int n, bool separate_scales, int scale_gap_floats, bool set_fast, bool separate_c) {
    cublasLtHandle_t lt; cublasLtCreate(&lt);
    void *a, *b, *d, *c2, *ws; float *s1, *s2;
    cudaMalloc(&a, size_t(n) * n); cudaMalloc(&b, size_t(n) * n); cudaMalloc(&d, size_t(n) * n * 2); cudaMalloc(&c2, size_t(n) * n * 2);
    cudaMemset(a, 0x38, size_t(n) * n); cudaMemset(b, 0x38, size_t(n) * n);
    size_t wsb = 64 << 20; cudaMalloc(&ws, wsb);
    std::vector<float> ones(64, 1.0f);
    if (separate_scales) { cudaMalloc(&s1, 4); cudaMalloc(&s2, 4); cudaMemcpy(s1, ones.data(), 4, cudaMemcpyHostToDevice); cudaMemcpy(s2, ones.data(), 4, cudaMemcpyHostToDevice); }
    else { cudaMalloc(&s1, 256); cudaMemcpy(s1, ones.data(), 256, cudaMemcpyHostToDevice); s2 = s1 + scale_gap_floats; }
    cublasLtMatmulDesc_t op; CK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    cublasOperation_t t = CUBLAS_OP_T, nn = CUBLAS_OP_N;
    CK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &t, sizeof t));
    CK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &nn, sizeof nn));
    if (set_fast) { int8_t f = 0; CK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &f, sizeof f)); }
    CK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &s1, sizeof s1));
    CK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &s2, sizeof s2));
    cublasLtMatrixLayout_t la, lb, ld;
    cublasLtMatrixLayoutCreate(&la, CUDA_R_8F_E4M3, n, n, n); cublasLtMatrixLayoutCreate(&lb, CUDA_R_8F_E4M3, n, n, n); cublasLtMatrixLayoutCreate(&ld, CUDA_R_16BF, n, n, n);
    cublasLtMatmulPreference_t pref; cublasLtMatmulPreferenceCreate(&pref);
    cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &wsb, sizeof wsb);
    cublasLtMatmulHeuristicResult_t r[4]; int found = 0;
    CK(cublasLtMatmulAlgoGetHeuristic(lt, op, la, lb, ld, ld, pref, 4, r, &found));
    float alpha = 1, beta = 0;
    printf("%-44s n=%5d s1=%p s2=%p found=%d:", name, n, (void*)s1, (void*)s2, found);
    for (int i = 0; i < found; ++i) {
        auto st = cublasLtMatmul(lt, op, &alpha, a, la, b, lb, &beta, separate_c ? c2 : d, ld, d, ld, &r[i].algo, ws, wsb, 0);
        auto e = cudaDeviceSynchronize();
        printf(" %d/%d", int(st), int(e));
    }
    printf("\n");
    cudaFree(a); cudaFree(b); cudaFree(d); cudaFree(c2); cudaFree(ws); cublasLtDestroy(lt);
}
int main() {
    for (int n : {256, 8192}) {
        variant("as the probe: one buffer, scales 4 B apart", n, false, 1, true, false);
        variant("one buffer, scales 16 B apart", n, false, 4, true, false);
        variant("one buffer, scales 256 B apart", n, false, 64, true, false);
        variant("separate allocations", n, true, 0, true, false);
        variant("separate allocations, FAST_ACCUM unset", n, true, 0, false, false);
        variant("4 B apart, FAST_ACCUM unset", n, false, 1, false, false);
        variant("4 B apart, separate C", n, false, 1, true, true);
    }
}
