#!/usr/bin/env bash
# Build the guide into site/. Installs what is missing (compiler, CMake and the libraries; no test
# tools), compiles the generator and the probes (the CUDA ones when a CUDA compiler is present),
# then runs `gpuguide build`, which ends with its summary. Extra arguments go to gpuguide, e.g.
#   scripts/build.sh --measure fresh --base-url https://example.github.io/gpu-guide/
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
# The unit tests are configured by scripts/test.sh; building the guide does not need Catch2.
cmake --preset default -DGPUGUIDE_BUILD_TESTS=OFF >/dev/null
cmake --build --preset default
exec build/default/generator/gpuguide build --content content --templates templates --out site "$@"
