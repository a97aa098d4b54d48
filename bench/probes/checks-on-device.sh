#!/usr/bin/env bash
# The checks of the probes' tests and release binaries that need a GPU host, in one go, from the
# kit that scripts/device-kit.sh built (release programs without GPUGUIDE_TEST_HOOKS, and
# probe_tests with a gpuguide-probe of its own that has them):
#
#   bash bench/probes/checks-on-device.sh
#
#   1. on-device.sh env test: the kit's libraries and programs, then probe_tests "[gpu]";
#   2. probe_tests "[.may-skip]": the tests whose precondition depends on the host; on a GPU host
#      the no-GPU cases must report skipped, and the fault-injection and cuBLAS cases pass (the
#      kit's probe_tests starts its test-hook gpuguide-probe); none may fail;
#   3. the release gpuguide-probe with both test-hook variables set to faults that would crash,
#      hang and hide cuBLAS in a test build: it must ignore them and measure every probe (one GPU:
#      gpu.multi skipped).
#
# Results under OUT (default bench/probes/out/checks): summary.txt, *.log, hooks.json.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$root/bench/probes/out/checks}
mkdir -p "$out"
summary=$out/summary.txt

OUT=$out/on-device bash "$root/bench/probes/on-device.sh" env test >"$out/on-device.log" 2>&1
echo "on-device env+test rc=$?" | tee -a "$summary"
cat "$out/on-device/summary.txt" >>"$summary" 2>/dev/null

kit=${KIT:-$root/.devkit}
[[ -d $kit ]] || kit=/tmp/gpuguide-kit/$(basename "$kit")

# A skipping case ends its process (exit 77, tests/gpuguide_catch.hpp), so each runs alone, as
# ctest runs them. The kit is built on Debian 12 (Catch2 v2: --list-test-names-only).
"$kit/bin/probe_tests" --list-test-names-only "[.may-skip]" | sed '/^$/d' >"$out/may-skip.txt"
while IFS= read -r name; do
  # A comma or bracket in a name would be read as test-spec syntax: escape it.
  timeout 120 "$kit/bin/probe_tests" "$(sed 's/[],[]/\\&/g' <<<"$name")" >"$out/case.log" 2>&1
  rc=$?
  cat "$out/case.log" >>"$out/may-skip.log"
  case $rc in 0) verdict=passed ;; 77) verdict=skipped ;; *) verdict="FAILED (rc $rc)" ;; esac
  echo "  [.may-skip] $verdict: $name $(grep -m1 '^SKIPPED' "$out/case.log")" | tee -a "$summary"
done <"$out/may-skip.txt"

GPUGUIDE_PROBE_FAULT='gpu.stream:crash,gpu.latency:hang,cpu.stream:garbage' \
  GPUGUIDE_PROBE_HIDE_LIBS='libcublas.so.13,libcublasLt.so.13' \
  timeout 300 "$kit/bin/gpuguide-probe" --all --out "$out/hooks.json" >"$out/hooks.log" 2>&1
echo "gpuguide-probe --all with both hook variables set rc=$?" | tee -a "$summary"
python3 - "$out/hooks.json" <<'PY' 2>&1 | tee -a "$summary"
import json, sys
probes = json.load(open(sys.argv[1]))["probes"]
for key, p in sorted(probes.items()):
    print("  %-12s %-8s %s" % (key, p.get("status"), p.get("reason") or ""))
bad = [k for k, p in probes.items() if p.get("status") != ("skipped" if k == "gpu.multi" else "ok")]
print("hooks ignored: " + ("yes, every probe measured" if not bad else "NO: " + ", ".join(bad)))
PY
