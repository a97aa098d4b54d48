#!/usr/bin/env bash
# Everything the probes need measured on a GPU host, in one go, from the kit that
# scripts/device-kit.sh built elsewhere (the host needs only the driver, the CUDA toolkit's
# libraries and, for the anchors, python3 with PyTorch).
#
#   bash bench/probes/on-device.sh [STEP ...]      (default: all steps, in this order)
#
# Steps (each under its own time limit, so one hang cannot eat the others):
#   env        nvidia-smi before; every library the kit loads at run time (driver, NVML, cuBLAS,
#              cuBLASLt) found, else it stops the run at once naming what is missing; every kit
#              program starts
#   test       the GPU test case (probe_tests "[gpu]": quick sizes, every check)
#   bench      bench/probes/run.sh: two timed GPU-suite runs, the PyTorch anchors, table.md
#   reference  gpuguide-probe --all: the document to commit as content/measurements/reference/
#   build      gpuguide build --measure fresh, then --measure cached: the second measures nothing
#              and writes byte-identical pages (checked); the fresh site as site-fresh.tar.gz
#   site       the guide built from the reference document, packed as site.tar.gz
#
# Environment: KIT (default .devkit, or .devkit.tar.xz unpacked to /tmp when only that came),
# OUT (default bench/probes/out/device; the device tool sets it), REFERENCE_HOST (the reference
# document's host name; default reference-<gpu>, e.g. reference-h200).
# Results: OUT/summary.txt (each step's status and time), OUT/results.tar.gz (every JSON, log and
# table), OUT/site-fresh.tar.gz and OUT/site.tar.gz. Leaves the GPU's clocks and power settings
# alone.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
kit=${KIT:-$root/.devkit}
# The kit travels packed (scripts/device-kit.sh writes KIT.tar.xz): unpack it outside the tree.
if [[ ! -d $kit && -f $kit.tar.xz ]]; then
  mkdir -p /tmp/gpuguide-kit && tar -C /tmp/gpuguide-kit -xJf "$kit.tar.xz" &&
    kit=/tmp/gpuguide-kit/$(basename "$kit")
fi
kit=$(cd "$kit" 2>/dev/null && pwd) || {
  echo "on-device: no kit at ${KIT:-$root/.devkit} (nor its .tar.xz); build one with scripts/device-kit.sh" >&2
  exit 1
}
out=${OUT:-$root/bench/probes/out/device}
work=$out/results
mkdir -p "$work"
summary=$out/summary.txt
steps=("$@")
((${#steps[@]})) || steps=(env test bench reference build site)

# Our programs use the kit's libraries through its wrappers; cuBLAS comes from this host (loaded
# with dlopen). Where the toolkit folder lacks it, use the copy PyTorch's wheels bring (same
# major version, 13). The search is bounded: a slow network file system must not eat the session.
if ! ls "${CUDA_HOME:-/usr/local/cuda}"/lib*/libcublas.so.13 >/dev/null 2>&1; then
  cublas=$(timeout 20 find / -xdev -name 'libcublas.so.13' -not -path '*/proc/*' 2>/dev/null | head -1)
  [[ -n $cublas ]] && export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$(dirname "$cublas")"
fi

seconds_between() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# step NAME LIMIT_S COMMAND...: runs COMMAND with its output in results/NAME.log and records
# the exit status and wall time in summary.txt.
step() {
  local name=$1 limit=$2
  shift 2
  local start end rc
  start=$(date +%s.%N)
  echo "== $name: $*" >>"$work/$name.log"
  timeout --kill-after=10 "$limit" "$@" >>"$work/$name.log" 2>&1
  rc=$?
  end=$(date +%s.%N)
  tail -n 25 "$work/$name.log"
  printf '%-10s rc=%-3s %7.1f s   %s\n' "$name" "$rc" "$(seconds_between "$start" "$end")" "$*" |
    tee -a "$summary"
  return $rc
}

# find_library NAME: true when the dynamic loader can find NAME through LD_LIBRARY_PATH, the CUDA
# toolkit's folders or the ld.so cache (ldconfig bounded by a time limit).
find_library() {
  local dir cuda=${CUDA_HOME:-/usr/local/cuda}
  local IFS=:
  for dir in ${LD_LIBRARY_PATH:-} "$cuda/lib64" "$cuda/lib"; do
    [[ -n $dir && -e $dir/$1 ]] && return 0
  done
  timeout 10 ldconfig -p 2>/dev/null | grep -qF " $1 "
}

run_env() {
  # The probes load these at run time; without one, GPU figures would be missing from every later
  # step, so stop now and say which.
  local missing=() lib
  for lib in libcuda.so.1 libnvidia-ml.so.1 libcublas.so.13 libcublasLt.so.13; do
    find_library "$lib" || missing+=("$lib")
  done
  if ((${#missing[@]})); then
    echo "on-device env: not found: ${missing[*]} (searched LD_LIBRARY_PATH, ${CUDA_HOME:-/usr/local/cuda}/lib64, ldconfig -p)." >&2
    echo "  libcuda/libnvidia-ml come with the NVIDIA driver; libcublas* with the CUDA 13 toolkit (or PyTorch's nvidia-cublas wheel): put its folder on LD_LIBRARY_PATH and run again." >&2
    return 1
  fi
  timeout 30 nvidia-smi
  timeout 30 nvidia-smi --query-gpu=name,uuid,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,power.limit,temperature.gpu --format=csv
  # Each wrapper starting its program shows the libraries resolve (the loader names any missing).
  for program in "$kit"/bin/*; do
    timeout 30 "$program" --help >/dev/null || { echo "on-device env: $(basename "$program") does not start" >&2; return 1; }
    echo "-- $(basename "$program"): starts"
  done
  cat "$kit/MANIFEST"
  timeout 60 "$kit/bin/gpuguide-probe" --identity
}

# reference_host: the name pages show beside the reference figures, from the GPU's
# ("NVIDIA H200" -> reference-h200); a lent machine's own host name means nothing to readers.
reference_host() {
  local gpu
  gpu=$(timeout 30 nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 |
    tr 'A-Z' 'a-z' | sed -E 's/^nvidia //; s/[^a-z0-9]+/-/g; s/^-|-$//g')
  echo "reference${gpu:+-$gpu}"
}

# run_build: the build-time path on this GPU. A fresh build measures; a second, cached build must
# run no probe and write byte-identical pages. The fresh site comes back as site-fresh.tar.gz.
run_build() {
  set -o pipefail # bash -c runs this function without the script's options
  local cache=$work/cache
  rm -rf "$cache" "$out/site-fresh" "$out/site-cached"
  "$kit/bin/gpuguide" build --content "$root/content" --templates "$root/templates" \
    --out "$out/site-fresh" --measure fresh --cache-dir "$cache" --force || return
  local start end
  start=$(date +%s.%N)
  "$kit/bin/gpuguide" build --content "$root/content" --templates "$root/templates" \
    --out "$out/site-cached" --measure cached --cache-dir "$cache" --force 2>&1 |
    tee "$work/build-cached.log" || return
  end=$(date +%s.%N)
  echo "cached rebuild: $(seconds_between "$start" "$end") s"
  grep -q '^measurements: 0 measured by this build' "$work/build-cached.log" ||
    { echo "on-device build: the cached build measured again" >&2; return 1; }
  diff -r "$out/site-fresh" "$out/site-cached" >"$work/build-diff.txt" ||
    { echo "on-device build: cached and fresh sites differ (results/build-diff.txt)" >&2; return 1; }
  echo "cached and fresh sites: byte-identical ($(find "$out/site-fresh" -type f | wc -l) files)"
  tar -C "$out" -czf "$out/site-fresh.tar.gz" site-fresh
  rm -rf "$out/site-fresh" "$out/site-cached" "$out"/site-*.gpuguide-manifest
}

run_site() {
  [[ -f $work/reference.json ]] || {
    echo "on-device site: no results/reference.json in $out: the site is built from the reference step's document; run both: bash bench/probes/on-device.sh reference site" >&2
    return 1
  }
  "$kit/bin/gpuguide" build --content "$root/content" --templates "$root/templates" \
    --out "$out/site" --measurements "$work/reference.json" --force &&
    tar -C "$out" -czf "$out/site.tar.gz" site && rm -rf "$out/site"
}

# The steps that are shell functions run under `timeout` through bash -c.
export -f find_library run_env run_build run_site seconds_between
export kit root out work

: >"$summary"
echo "on-device: $(date -u +%Y-%m-%dT%H:%M:%SZ), kit $(head -1 "$kit/MANIFEST")" | tee -a "$summary"
for name in "${steps[@]}"; do
  case $name in
  env) step env 60 bash -c run_env || {
    echo "on-device: the env step failed (see above); nothing else was run" | tee -a "$summary"
    break
  } ;;
  test) step test 240 "$kit/bin/probe_tests" "[gpu]" --durations yes ;;
  bench) GPUGUIDE_PROBE="$kit/bin/gpuguide-probe" step bench 420 bash "$root/bench/probes/run.sh" - "$work/bench" ;;
  reference) step reference 180 "$kit/bin/gpuguide-probe" --all --timeout 45 \
    --host-name "${REFERENCE_HOST:-$(reference_host)}" --out "$work/reference.json" ;;
  build) step build 300 bash -c run_build ;;
  site) step site 120 bash -c run_site ;;
  *) echo "on-device: unknown step '$name' (env test bench reference build site)" >&2; exit 2 ;;
  esac
done
timeout 30 nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv >>"$work/env.log" 2>&1
cp "$summary" "$work/"
tar -C "$out" -czf "$out/results.tar.gz" results
echo "on-device: results in $out: summary.txt, results.tar.gz$([[ -f $out/site.tar.gz ]] && echo ", site.tar.gz")"
cat "$summary"
