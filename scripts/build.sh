#!/usr/bin/env bash
# Build the guide into site/. Installs what is missing, compiles the generator (and the probes
# when a CUDA compiler is present), then runs `gpuguide build`. Extra arguments go to gpuguide,
# e.g. scripts/build.sh --measure fresh --base-url https://example.github.io/gpu-guide/
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake --preset default >/dev/null
cmake --build --preset default
exec build/default/generator/gpuguide build --content content --templates templates --out site "$@"
