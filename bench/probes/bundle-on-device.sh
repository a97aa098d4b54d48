#!/usr/bin/env bash
# The probe bundle (scripts/probe-bundle.sh) on a GPU host, in one go: proves that it measures
# with nothing but the NVIDIA driver, that it finds cuBLAS in PyTorch's wheels, and writes the
# reference document for this GPU.
#
#   bash bench/probes/bundle-on-device.sh [STEP ...]    (default: all steps, in this order)
#
# Steps (each under its own time limit):
#   env          nvidia-smi; where the driver's and cuBLAS's libraries are; the bundle's MANIFEST
#   driver-only  env -i (no PATH, no LD_LIBRARY_PATH) in a private mount namespace where every
#                folder holding cuBLAS is hidden under an empty tmpfs, so the toolkit and the
#                wheels are gone and only the driver is left: every probe must be ok except
#                gpu.gemm and gpu.power, skipped naming what to install (and gpu.multi with one GPU)
#   wheel        env -i with only python3's folder on PATH, every cuBLAS outside that python's
#                prefix hidden: LD_DEBUG must show libcublas loaded from the wheel; then
#                --all --host-name reference-<gpu>: the document to commit (every probe ok but
#                gpu.multi on one GPU)
#   test         probe_tests "[gpu]" (every probe at quick sizes, with all the test's checks)
#   bench        bench/probes/run.sh with the bundle's program: two timed suite runs, the PyTorch
#                anchors, table.md
#
# Input: BUNDLE_DIR (default .devbundle) holding gpuguide-probe-linux-x86_64.tar.xz and, for the
# test step, probe_tests.xz (the build tree's probe_tests, stripped and packed: it travels with
# the working tree, which the device tool limits to 64 MiB). Results: OUT/summary.txt and OUT/results.tar.gz (every
# document, log and table). Leaves the GPU's clocks and power settings alone.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
input=$(cd "${BUNDLE_DIR:-$root/.devbundle}" && pwd) || exit 1
out=${OUT:-$root/bench/probes/out/bundle}
work=$out/results
mkdir -p "$work" /tmp/gpuguide-bundle
tar -C /tmp/gpuguide-bundle -xJf "$input/gpuguide-probe-linux-x86_64.tar.xz" || exit 1
bundle=/tmp/gpuguide-bundle/gpuguide-probe-linux-x86_64
if [[ -f $input/probe_tests.xz ]]; then
  xz -dc "$input/probe_tests.xz" >/tmp/gpuguide-bundle/probe_tests && chmod +x /tmp/gpuguide-bundle/probe_tests
fi
summary=$out/summary.txt
steps=("$@")
((${#steps[@]})) || steps=(env driver-only wheel test bench)

python=$(command -v python3)
python_prefix=$(dirname "$(dirname "$python")")

# cublas_folders: every folder on this host holding a libcublas, one per line.
cublas_folders() {
  timeout 60 find / \( -path /proc -o -path /sys -o -path /dev -o -path /tmp \) -prune -o \
    -name 'libcublas*.so*' -print 2>/dev/null | xargs -r -n1 dirname | sort -u
}

# hidden_run FOLDERS_FILE COMMAND...: COMMAND in a private mount namespace where each folder
# listed in FOLDERS_FILE is covered by an empty tmpfs (the rest of the host unchanged).
hidden_run() {
  local list=$1
  shift
  unshare -m bash -c '
    while read -r folder; do
      # Skipped when empty, or already gone under a hidden parent (lib and lib/stubs).
      [[ -n $folder && -d $folder ]] || continue
      # A folder that also holds the C library or the driver cannot go: the run would prove nothing.
      if [[ -e $folder/libc.so.6 || -e $folder/libcuda.so.1 ]]; then
        echo "hidden_run: $folder also holds libc or libcuda; cannot hide it" >&2
        exit 98
      fi
      mount -t tmpfs -o size=1m,ro none "$folder" || exit 97
    done <"$0"
    exec "$@"' "$list" "$@"
}

# statuses FILE: "key status reason" for each probe of a document.
statuses() {
  python3 -c '
import json, sys
for key, p in sorted(json.load(open(sys.argv[1]))["probes"].items()):
    print("  %-13s %s  %s" % (key, p.get("status"), p.get("reason") or ""))' "$1"
}

# expect FILE KEY=STATUS...: every probe ok except those named, which have the status given.
expect() {
  python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))["probes"]
want = dict(a.split("=") for a in sys.argv[2:])
bad = ["%s: %s (wanted %s)" % (k, p.get("status"), want.get(k, "ok")) for k, p in doc.items()
       if p.get("status") != want.get(k, "ok")]
print("expected statuses: " + ("all as wanted" if not bad else "NOT MET: " + "; ".join(bad)))
sys.exit(1 if bad else 0)' "$@"
}

run_env() {
  timeout 30 nvidia-smi
  timeout 30 nvidia-smi --query-gpu=name,uuid,driver_version,vbios_version,pci.bus_id,clocks.max.sm,power.limit,ecc.mode.current --format=csv
  echo "-- python3: $python ($(timeout 30 python3 -c 'import torch; print("torch", torch.__version__)' 2>&1))"
  echo "-- LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  echo "-- driver libraries in the loader cache:"
  timeout 10 ldconfig -p | grep -E 'libcuda\.so|libnvidia-ml\.so' || echo "  (none)"
  echo "-- folders holding cuBLAS:"
  cublas_folders | tee "$work/cublas-folders.txt"
  cat "$bundle/MANIFEST"
  ls -l "$bundle"
  "$bundle/gpuguide-probe" --identity
}

run_driver_only() {
  cublas_folders >"$work/hide-all.txt"
  hidden_run "$work/hide-all.txt" env -i "$bundle/gpuguide-probe" --identity || return
  hidden_run "$work/hide-all.txt" env -i "$bundle/gpuguide-probe" --all --timeout 45 \
    --out "$work/driver-only.json" || return
  statuses "$work/driver-only.json"
  expect "$work/driver-only.json" gpu.gemm=skipped gpu.power=skipped gpu.multi=skipped
}

run_wheel() {
  cublas_folders | grep -v "^$python_prefix/" >"$work/hide-outside-python.txt"
  echo "-- hidden: $(tr '\n' ' ' <"$work/hide-outside-python.txt")"
  local clean=(env -i "PATH=$(dirname "$python"):/usr/bin:/bin" HOME=/tmp)
  hidden_run "$work/hide-outside-python.txt" "${clean[@]}" LD_DEBUG=files \
    "$bundle/gpuguide-probe" --only gpu.gemm --quick --out "$work/wheel-quick.json" \
    2>"$work/wheel-ld-debug.log" || return
  echo "-- cuBLAS loaded from:"
  grep -oE 'file=[^ ]*libcublas[^ ]*' "$work/wheel-ld-debug.log" | sort -u
  grep -qE "file=$python_prefix/[^ ]*libcublas\.so" "$work/wheel-ld-debug.log" || {
    echo "on-device wheel: libcublas was not loaded from $python_prefix" >&2
    return 1
  }
  local host
  host=reference-$(timeout 30 nvidia-smi --query-gpu=name --format=csv,noheader | head -1 |
    tr 'A-Z' 'a-z' | sed -E 's/^nvidia //; s/ [0-9]+gb.*//; s/[^a-z0-9]+/-/g; s/^-|-$//g')
  hidden_run "$work/hide-outside-python.txt" "${clean[@]}" "$bundle/gpuguide-probe" --all \
    --timeout 45 --host-name "$host" --out "$work/reference.json" || return
  statuses "$work/reference.json"
  expect "$work/reference.json" gpu.multi=skipped
}

seconds_between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# step NAME LIMIT_S COMMAND...: COMMAND's output in results/NAME.log; status and time in summary.
step() {
  local name=$1 limit=$2
  shift 2
  local start end rc
  start=$(date +%s.%N)
  echo "== $name: $*" >>"$work/$name.log"
  timeout --kill-after=10 "$limit" "$@" >>"$work/$name.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  tail -n 30 "$work/$name.log"
  printf '%-12s rc=%-3s %7.1f s   %s\n' "$name" "$rc" "$(seconds_between "$start" "$end")" "$*" |
    tee -a "$summary"
  return $rc
}

export -f cublas_folders hidden_run statuses expect run_env run_driver_only run_wheel
export bundle work python python_prefix

: >"$summary"
echo "bundle-on-device: $(date -u +%Y-%m-%dT%H:%M:%SZ), $(head -1 "$bundle/MANIFEST")" | tee -a "$summary"
for name in "${steps[@]}"; do
  case $name in
  env) step env 120 bash -c run_env ;;
  driver-only) step driver-only 240 bash -c run_driver_only ;;
  wheel) step wheel 240 bash -c run_wheel ;;
  test)
    # The test runs the probe program its build tree names, which did not travel: the bundle's.
    # probe_tests runs the build of its own CUDA version (CUDA 13), not the launcher's pick.
    mkdir -p "$root/build/bundle/probes" && ln -sf "$bundle/cuda13/gpuguide-probe" "$root/build/bundle/probes/"
    step test 240 /tmp/gpuguide-bundle/probe_tests "[gpu]" --durations yes ;;
  bench) GPUGUIDE_PROBE="$bundle/gpuguide-probe" step bench 300 bash "$root/bench/probes/run.sh" - "$work/bench" ;;
  *) echo "bundle-on-device: unknown step '$name' (env driver-only wheel test bench)" >&2; exit 2 ;;
  esac
done
timeout 30 nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv >>"$work/env.log" 2>&1
cp "$summary" "$work/"
tar -C "$out" -czf "$out/results.tar.gz" results
cat "$summary"
