/* A stand-in for the NVIDIA driver's libcuda.so.1, built by the tests: it answers
 * cuDriverGetVersion with the CUDA version a driver branch reports (12020 for R535's CUDA 12.2,
 * 13000 for R580's CUDA 13.0; STAND_IN_CUDA_VERSION) and has nothing else. It shows what the
 * probe launcher and the probes' version check decide on such a driver; it cannot run a kernel,
 * so nothing past that check is shown by it (tests/probes/bundle_test.cpp). */
int cuDriverGetVersion(int* version) {
    if (!version)
        return 1; /* CUDA_ERROR_INVALID_VALUE */
    *version = STAND_IN_CUDA_VERSION;
    return 0; /* CUDA_SUCCESS */
}
