#!/usr/bin/env bash
# GPU-host benchmark of the probes: runs the GPU suite twice (timed), compares the two runs figure
# by figure, runs PyTorch anchors, and writes a side-by-side markdown table.
#
#   bench/probes/run.sh [BUILD_DIR] [OUT_DIR]     (defaults: build/default, bench/probes/out)
#   GPUGUIDE_PROBE=PATH overrides BUILD_DIR/probes/gpuguide-probe (e.g. the device kit's wrapper).
#
# Needs: an NVIDIA GPU with its driver, gpuguide-probe built in BUILD_DIR, python3 with torch
# (for the anchors; without torch the table has no anchor column). Leaves the GPU's settings alone.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build/default}
out=${2:-$here/out}
probe=${GPUGUIDE_PROBE:-$build/probes/gpuguide-probe}
mkdir -p "$out"

if [[ ! -x $probe ]]; then
  echo "run.sh: $probe not found; build it first: cmake --preset default && cmake --build build/default --target gpuguide-probe" >&2
  exit 1
fi
if ! "$probe" --identity | python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["gpu_usable"] else 1)'; then
  echo "run.sh: no usable GPU here:" >&2
  "$probe" --identity | python3 -c 'import json,sys; print("  " + json.load(sys.stdin)["gpu_reason"])' >&2
  exit 1
fi

for run in 1 2; do
  echo "== GPU suite, run $run"
  start=$(date +%s.%N)
  "$probe" --gpu-only --json-out "$out/run$run.json"
  end=$(date +%s.%N)
  python3 -c "print(f'run $run: {$end - $start:.1f} s wall')" | tee "$out/run$run.time"
done

echo "== PyTorch anchors"
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  python3 "$here/anchors.py" > "$out/anchors.json"
else
  echo '{"error": "PyTorch with CUDA not available"}' > "$out/anchors.json"
fi

python3 "$here/compare.py" "$out/run1.json" "$out/run2.json" "$out/anchors.json" \
  "$out/run1.time" "$out/run2.time" > "$out/table.md"
cat "$out/table.md"
echo "written: $out/table.md"
