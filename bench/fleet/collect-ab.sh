#!/usr/bin/env bash
# `gpuguide fleet --collect` of two binaries side by side: the same N synthetic documents (one
# job of bench/fleet/run.sh's kind) collected by each in turn, ROUNDS rounds after a warm-up
# round, alternating which goes first; prints every run and the medians.
#
#   bench/fleet/collect-ab.sh BASELINE BINARY [N] [ROUNDS]   # as root: starts its own Slurm
#
# Each binary collects into a folder of its own, so from the second round on each replaces its
# own previous collection (history rotated), as in run.sh. Compare the ratio, not the seconds:
# this machine's speed changes from hour to hour.
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -ge 2 ]] || { sed -n 2,9p "$0" >&2; exit 2; }
baseline=$(realpath "$1") binary=$(realpath "$2") count=${3:-20000} rounds=${4:-5}
work=$(mktemp -d /tmp/gpuguide-collect-ab.XXXXXX)
source bench/fleet/finished_job.sh
finished_job "$work" "$count" # sets $job
# collect NAME BINARY: prints "NAME WALL CPU" (CPU: user + system).
collect() {
  local rc=0
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$2" fleet --slurm --collect "$job" \
    --work-dir "$work/fleet-work" --poll 0.1 --out "$work/out-$1" >/dev/null 2>&1 || rc=$?
  # Exit 1: the planted silent node sent nothing, which is not a failure here.
  [[ $rc == 0 || $rc == 1 ]] || { echo "collect-ab: $2 failed ($rc)" >&2; exit 1; }
  awk -v name="$1" '{printf "%s %.2f %.2f\n", name, $1, $2 + $3}' "$work/time"
}
echo "collect of $count documents, $rounds rounds after a warm-up, $(nproc) CPUs," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); baseline $baseline, binary $binary"
for round in $(seq 0 "$rounds"); do
  if ((round % 2)); then
    collect baseline "$baseline" && collect binary "$binary"
  else
    collect binary "$binary" && collect baseline "$baseline"
  fi | sed "s/^/round $round: /"
done | tee "$work/runs"
python3 - "$work/runs" <<'PY'
import statistics, sys
runs = [line.split()[2:] for line in open(sys.argv[1]) if not line.startswith("round 0:")]
median = {}
for name in ("baseline", "binary"):
    rows = [(float(wall), float(cpu)) for who, wall, cpu in runs if who == name]
    median[name] = tuple(statistics.median(r[i] for r in rows) for i in (0, 1))
    print(f"{name}: median {median[name][0]:.2f} s wall, {median[name][1]:.2f} s CPU ({len(rows)} runs)")
print(f"binary / baseline: {median['binary'][0] / median['baseline'][0]:.2f}x wall, "
      f"{median['binary'][1] / median['baseline'][1]:.2f}x CPU   (target: collect <= 10 s wall)")
PY
