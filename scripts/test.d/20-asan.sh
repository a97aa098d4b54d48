#!/usr/bin/env bash
# Every unit test under AddressSanitizer + UndefinedBehaviorSanitizer (preset `asan`: clang, CPU
# only, -O1 with line tables; the same build holds the fuzz targets 30-fuzz runs). clang at -O1
# compiles a sanitized file in less than half the CPU time GCC takes at -O2 -g, and one build for
# both steps saves compiling the generator a third time: CI stays within its time.
# The preset's test environment makes any report (including leaks) fail the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset asan >/dev/null
cmake --build --preset asan
ctest --preset asan -j "${GPUGUIDE_TEST_JOBS:-2}" # scripts/test.sh sets it from the cores
