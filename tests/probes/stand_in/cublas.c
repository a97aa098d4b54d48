/* A stand-in for libcublas.so.N and libcublasLt.so.N, built by the tests: a library of that
 * name that loads, which is all the probe launcher asks of cuBLAS when it picks a build
 * (tests/probes/bundle_test.cpp). STAND_IN_NAME says which one it stands for. */
const char* gpuguide_stand_in_name(void) {
    return STAND_IN_NAME;
}
