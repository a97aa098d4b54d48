#!/usr/bin/env bash
# Build the guide into site/. Installs what is missing (compiler, CMake and the libraries; no test
# tools), compiles the generator and the probes (the CUDA ones when a CUDA compiler is present),
# then runs `gpuguide build`, which ends with its summary. Extra arguments go to gpuguide, e.g.
#   scripts/build.sh --measure fresh --base-url https://example.github.io/gpu-guide/
#   scripts/build.sh --out /tmp/guide        (another folder than site/)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
# The unit tests are configured by scripts/test.sh; building the guide does not need Catch2. The
# probes' test hooks are switched off explicitly, since scripts/test.sh turns them on in the same
# build folder: what this script builds reacts to no test-only environment variable.
cmake --preset default -DGPUGUIDE_BUILD_TESTS=OFF -DGPUGUIDE_TEST_HOOKS=OFF >/dev/null
cmake --build --preset default
# The site goes to site/ unless the arguments name another folder (--out DIR).
out=(--out site)
for arg in "$@"; do
  case $arg in --out | --out=*) out=() ;; esac
done
exec build/default/generator/gpuguide build --content content --templates templates "${out[@]}" "$@"
