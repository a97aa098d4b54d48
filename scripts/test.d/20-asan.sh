#!/usr/bin/env bash
# Every unit test under AddressSanitizer + UndefinedBehaviorSanitizer (preset `asan`, CPU only).
# The preset's test environment makes any report (including leaks) fail the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset asan >/dev/null
cmake --build --preset asan
ctest --preset asan
