#!/usr/bin/env bash
# The benchmark in one command: bench/run.sh [--sizes 200,2000] [--runs 5]
# Installs hugo, cmark-gfm and time if missing, builds gpuguide (Release, build/default) unless
# $GPUGUIDE names a binary, writes synthetic books under bench/work/, times gpuguide, Hugo and
# the cmark-gfm floor, prints the table and writes it to bench/results.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench

if [[ -z ${GPUGUIDE:-} ]]; then
  cmake --preset default >/dev/null
  cmake --build --preset default --target gpuguide
  GPUGUIDE=build/default/generator/gpuguide
fi

exec python3 bench/bench.py --gpuguide "$GPUGUIDE" --templates templates \
  --reference content/measurements/reference --work bench/work --results bench/results.md "$@"
