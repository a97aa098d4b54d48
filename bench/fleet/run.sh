#!/usr/bin/env bash
# The fleet at scale: collect and build with N synthetic host documents (default 1,000).
#
#   bench/fleet/run.sh [N] [ROUNDS]      # as root: starts its own one-node Slurm (slurm-local.sh)
#
# Prints, as medians over ROUNDS (default 5) interleaved rounds:
#   * collect: `gpuguide fleet --slurm --collect JOB` over N finished tasks' documents (each read,
#     validated against the schema and written atomically into --out). The tasks are synthetic
#     (bench/fleet/make_fleet.py, not measured) and the job id is one the local Slurm never had,
#     so the collector sees what it sees for an array whose tasks have all left squeue: it checks
#     three polls (--poll 0.1) and then takes every document. The polls are counted in the time.
#   * build: `gpuguide build --measure reference --force` of the real guide, with and without the
#     N fleet documents, and the ratio;
#   * the size of each language's fleet.html, raw and gzip -9 (the issue's limit: 200 KB gzip).
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-1000}
rounds=${2:-5}
gpuguide=${GPUGUIDE:-build/default/generator/gpuguide}
[[ -x $gpuguide ]] || cmake --build --preset default --target gpuguide gpuguide-probe
work=$(mktemp -d /tmp/gpuguide-fleet-bench.XXXXXX)
export GPUGUIDE_SLURM_DIR=$work/slurm SLURM_CONF=$work/slurm/slurm.conf
export GPUGUIDE_SLURM_PORT=${GPUGUIDE_SLURM_PORT:-$((20000 + $$ % 20000 * 2))}
trap 'scripts/slurm-local.sh stop >/dev/null; rm -rf "$work"' EXIT
scripts/slurm-local.sh start >/dev/null

python3 bench/fleet/make_fleet.py "$count" "$work/hosts"
job=99999999
mkdir -p "$work/fleet-work"
python3 - "$work" "$count" "$job" <<'PY'
import json, os, shutil, sys
work, count, job = sys.argv[1], int(sys.argv[2]), sys.argv[3]
nodes = ["node%04d" % i for i in range(count)]
for i, node in enumerate(nodes):
    shutil.copy(os.path.join(work, "hosts", node + ".json"),
                os.path.join(work, "fleet-work", "%s_%d.json" % (job, i)))
json.dump({"job": job, "nodes": nodes}, open(os.path.join(work, "fleet-work", job + ".plan.json"), "w"))
PY
cp -r content "$work/content-plain"
cp -r content "$work/content-fleet"
mkdir -p "$work/content-fleet/measurements/fleet"

seconds() { # seconds COMMAND...: wall time of one run, output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || { echo "bench: failed: $*" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
collect=() plain=() fleet=()
for round in $(seq 0 "$rounds"); do # round 0 warms up
  rm -rf "$work/content-fleet/measurements/fleet"
  c=$(seconds "$gpuguide" fleet --slurm --collect "$job" --work-dir "$work/fleet-work" \
    --poll 0.1 --out "$work/content-fleet/measurements/fleet")
  p=$(seconds "$gpuguide" build --content "$work/content-plain" --out "$work/site-plain" \
    --measure reference --force -q)
  f=$(seconds "$gpuguide" build --content "$work/content-fleet" --out "$work/site-fleet" \
    --measure reference --force -q)
  ((round == 0)) && continue
  collect+=("$c") plain+=("$p") fleet+=("$f")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
written=$(ls "$work/content-fleet/measurements/fleet" | wc -l)
echo "fleet bench: $count synthetic hosts, $rounds rounds (medians), $(nproc) CPUs"
printf '  collect (%d documents validated and written): %.2f s\n' "$written" "$(median "${collect[@]}")"
printf '  build, real guide without fleet:  %.2f s\n' "$(median "${plain[@]}")"
printf '  build, real guide with %d hosts: %.2f s (ratio %.2f)\n' "$count" \
  "$(median "${fleet[@]}")" "$(echo "$(median "${fleet[@]}") / $(median "${plain[@]}")" | bc -l)"
for lang in en zh; do
  page=$work/site-fleet/$lang/fleet.html
  printf '  %s/fleet.html: %d KB raw, %d KB gzip -9\n' "$lang" $(($(stat -c %s "$page") / 1024)) \
    $(($(gzip -9 -c "$page" | wc -c) / 1024))
done
