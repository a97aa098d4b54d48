#!/usr/bin/env bash
# The fleet at scale: collect and build with N synthetic host documents (default 20,000), four
# faults planted among them, and the issue's targets printed beside each figure.
#
#   bench/fleet/run.sh [N] [ROUNDS]      # as root: starts its own one-node Slurm (slurm-local.sh)
#
# Prints, as medians over ROUNDS (default 3) rounds after a warm-up round:
#   * collect: `gpuguide fleet --slurm --collect JOB` over N finished tasks' documents (each read,
#     validated against the schema, written into --out with the previous collection kept in
#     --out/history/). The documents are synthetic (bench/fleet/make_fleet.py: ±2 % noise, four
#     planted faults, one of which is a node that sent nothing) and the job id is one the local
#     Slurm never had, so the collector sees an array whose tasks have all left squeue: it checks
#     three polls (--poll 0.1) and then takes every document. The polls are counted in the time.
#     From the second round on, each collection replaces the one before (history rotated).
#   * build: `gpuguide build --measure reference --force` of the real guide without and with the
#     N fleet documents, and what the fleet adds; and the same documents copied in by hand (no
#     collection index: every document read and validated);
#   * each language's fleet.html (raw, gzip -9) and its render time in headless Chromium
#     (bench/fleet/render-time.js; needs tests/e2e's npm packages), the largest per-node page;
#   * whether the page names every planted fault and no healthy node (check_detection.py).
# SCREENSHOTS=DIR also saves the fleet page's top in both languages to DIR (fleet-N-LANG.png).
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-20000}
rounds=${2:-3}
gpuguide=${GPUGUIDE:-build/default/generator/gpuguide}
[[ -x $gpuguide ]] || cmake --build --preset default --target gpuguide gpuguide-probe
work=$(mktemp -d /tmp/gpuguide-fleet-bench.XXXXXX)
source bench/fleet/finished_job.sh
finished_job "$work" "$count" # sets $job
cp -r content "$work/content-plain"
cp -r content "$work/content-fleet"
cp -r content "$work/content-by-hand"
mkdir -p "$work/content-by-hand/measurements/fleet"
cp "$work"/hosts/*.json "$work/content-by-hand/measurements/fleet/"

seconds() { # seconds COMMAND...: "WALL CPU" of one run (CPU: user + system), output discarded
  local rc=0
  /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>&1 || rc=$?
  # gpuguide fleet exits 1 when a node sent nothing (the planted silent node): not a failure here.
  [[ $rc == 0 || ($rc == 1 && $2 == fleet) ]] || { echo "bench: failed: $*" >&2; exit 1; }
  awk '{printf "%.3f %.3f\n", $1, $2 + $3}' "$work/time"
}
wall() { echo "${1% *}"; }
cpu() { echo "${1#* }"; }
collect=() plain=() fleet=() by_hand=() collect_cpu=() plain_cpu=() fleet_cpu=() by_hand_cpu=()
for round in $(seq 0 "$rounds"); do # round 0 warms up
  c=$(seconds "$gpuguide" fleet --slurm --collect "$job" --work-dir "$work/fleet-work" \
    --poll 0.1 --out "$work/content-fleet/measurements/fleet")
  p=$(seconds "$gpuguide" build --content "$work/content-plain" --out "$work/site-plain" \
    --measure reference --force -q)
  f=$(seconds "$gpuguide" build --content "$work/content-fleet" --out "$work/site-fleet" \
    --measure reference --force -q)
  h=$(seconds "$gpuguide" build --content "$work/content-by-hand" --out "$work/site-by-hand" \
    --measure reference --force -q)
  ((round == 0)) && continue
  collect+=("$(wall "$c")") plain+=("$(wall "$p")") fleet+=("$(wall "$f")") by_hand+=("$(wall "$h")")
  collect_cpu+=("$(cpu "$c")") plain_cpu+=("$(cpu "$p")") fleet_cpu+=("$(cpu "$f")")
  by_hand_cpu+=("$(cpu "$h")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { if (v <= t) print "meets"; else printf "misses by %.2f (%.0f %%)", v - t, (v - t) / t * 100 }'; }
written=$(ls "$work/content-fleet/measurements/fleet" | grep -c '\.json$')
c=$(median "${collect[@]}") p=$(median "${plain[@]}") f=$(median "${fleet[@]}") h=$(median "${by_hand[@]}")
cc=$(median "${collect_cpu[@]}") pc=$(median "${plain_cpu[@]}") fc=$(median "${fleet_cpu[@]}")
hc=$(median "${by_hand_cpu[@]}")
added=$(echo "$f - $p" | bc -l)
echo "fleet bench: $count synthetic hosts (4 faults planted), $rounds rounds (medians), $(nproc) CPUs," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  (wall time; in brackets the CPU time, user + system, which other load on the machine changes less)"
printf '  collect (%d documents validated and written, history kept): %.2f s (CPU %.2f s)   target: 10 s, %s\n' \
  "$written" "$c" "$cc" "$(verdict "$c" 10)"
printf '  build, real guide without fleet: %.2f s (CPU %.2f s)\n' "$p" "$pc"
printf '  build, real guide with %d hosts:  %.2f s (CPU %.2f s), the fleet adds %.2f s   target: 3 s, %s\n' \
  "$count" "$f" "$fc" "$added" "$(verdict "$added" 3)"
printf '  build with the same documents copied in by hand (no index, all read): %.2f s (CPU %.2f s)\n' \
  "$h" "$hc"
for lang in en zh; do
  page=$work/site-fleet/$lang/fleet.html
  gz=$(($(gzip -9 -c "$page" | wc -c) / 1024))
  printf '  %s/fleet.html: %d KB raw, %d KB gzip -9   target: 150 KB gzip, %s\n' "$lang" \
    $(($(stat -c %s "$page") / 1024)) "$gz" "$(verdict "$gz" 150)"
done
largest=$(ls -S "$work"/site-fleet/en/fleet-hosts-*.html 2>/dev/null | head -n1 || true)
if [[ -n $largest ]]; then
  printf '  largest per-node page: %s, %d KB raw, %d KB gzip -9 (%d pages per language)\n' \
    "$(basename "$largest")" $(($(stat -c %s "$largest") / 1024)) \
    $(($(gzip -9 -c "$largest" | wc -c) / 1024)) "$(ls "$work"/site-fleet/en/fleet-hosts-*.html | wc -l)"
fi
printf '  fleet.csv: %d KB, fleet.json: %d KB\n' $(($(stat -c %s "$work/site-fleet/en/fleet.csv") / 1024)) \
  $(($(stat -c %s "$work/site-fleet/en/fleet.json") / 1024))
if [[ -d tests/e2e/node_modules/playwright-core ]]; then
  shots=()
  [[ -n ${SCREENSHOTS:-} ]] && mkdir -p "$SCREENSHOTS" && shots=(--shots "$(realpath "$SCREENSHOTS")" --label "$count")
  pages=(en/fleet.html zh/fleet.html)
  [[ -n $largest ]] && pages+=("en/$(basename "$largest")")
  node bench/fleet/render-time.js "$work/site-fleet" "${shots[@]}" "${pages[@]}"
else
  echo "  render time: skipped (run: cd tests/e2e && npm ci)"
fi
python3 bench/fleet/check_detection.py "$work/site-fleet" "$work/faults.json"
