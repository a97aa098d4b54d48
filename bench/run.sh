#!/usr/bin/env bash
# The benchmark in one command: bench/run.sh [--pages 2000] [--runs 5] [--no-guide] [--no-sidebar-hugo]
# Installs hugo, cmark-gfm and time if missing, builds gpuguide (build/default) unless $GPUGUIDE
# names a binary, writes a synthetic book under bench/work/, times gpuguide, Hugo and the
# cmark-gfm floor side by side (interleaved), then the real guide's cold build with its probes,
# prints the table and writes it to bench/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench

if [[ -z ${GPUGUIDE:-} ]]; then
  cmake --preset default >/dev/null
  cmake --build --preset default --target gpuguide gpuguide-probe
  GPUGUIDE=build/default/generator/gpuguide
fi

exec python3 bench/bench.py --gpuguide "$GPUGUIDE" --templates templates --content content \
  --work bench/work --results bench/results.md "$@"
