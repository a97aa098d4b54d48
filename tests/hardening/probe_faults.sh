#!/usr/bin/env bash
# Probe faults end to end, through `gpuguide build --measure fresh` and the probes' fault hook
# GPUGUIDE_PROBE_FAULT=KEY:MODE (probes/README.md). Usage: probe_faults.sh GPUGUIDE GPUGUIDE_PROBE
#   1. crashing, absurd and garbage-writing CPU probes are recorded as failed with their reason,
#      the healthy probe's result is kept, the build succeeds and the page shows the failures;
#   2. a build killed (SIGKILL) while a probe hangs leaves the previous site byte for byte, and a
#      cache whose every file is a complete document that the next `--measure cached` build uses.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
exe=$(realpath "${1:?usage: probe_faults.sh GPUGUIDE GPUGUIDE_PROBE}")
probe=$(realpath "${2:?usage: probe_faults.sh GPUGUIDE GPUGUIDE_PROBE}")
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-probe-faults.XXXXXX")
build_pid=
cleanup() {
  [[ -n $build_pid ]] && kill -KILL "$build_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "probe faults: $*" >&2
  exit 1
}

# The hook is compiled in only with GPUGUIDE_TEST_HOOKS=ON; without it every check below would
# measure healthy probes, so say so rather than report a puzzling difference.
grep -aq GPUGUIDE_PROBE_FAULT "$probe" ||
  fail "$probe has no fault injection: configure with -DGPUGUIDE_TEST_HOOKS=ON (scripts/test.sh does)"

book=$work/book
cp -R "$repo/tests/bad-input/base" "$book"
cp -R "$repo/templates" "$book/templates"
echo "- [This CPU](cpu.md)" >>"$book/content/en/SUMMARY.md"
cat >"$book/content/en/cpu.md" <<'PAGE'
---
title: This CPU
---

# This CPU

Cores: `value:cpu.info/cores`. Triad: `value:cpu.stream/triad`.

```gg-table
title: This CPU
columns:
  - {host: this, device: cpu, label: This CPU}
rows:
  - {label: Cores, cpu: cpu.info/cores}
  - {label: Triad, cpu: cpu.stream/triad}
  - {label: DRAM latency, cpu: cpu.latency/dram}
  - {label: GEMM FP32, cpu: cpu.gemm/fp32}
```
PAGE

# gpuguide OUT CACHE ARGS...: builds the book with the probes.
gpuguide() {
  local out=$1 cache=$2
  shift 2
  (cd "$book" && exec "$exe" build --content content --templates templates --out "$out" \
    --probe-exe "$probe" --cache-dir "$cache" "$@")
}

# 1. Faults recorded, the rest kept, the build succeeds and says so on the page.
GPUGUIDE_PROBE_FAULT=cpu.stream:crash,cpu.latency:absurd,cpu.gemm:garbage \
  gpuguide "$work/site" "$work/cache" --measure fresh >"$work/faults.log" 2>&1 ||
  fail "the build with failing probes did not finish: $(tail -n 5 "$work/faults.log")"
page=$work/site/en/cpu.html
[[ -f $page ]] || fail "no en/cpu.html"
python3 - "$page" "$work/cache" <<'PY' || exit 1
import html, json, pathlib, re, sys
page = html.unescape(open(sys.argv[1]).read())
text = re.sub(r"<[^>]+>", " ", page)
cached = [json.loads(p.read_text()) for p in pathlib.Path(sys.argv[2]).rglob("cpu.info.json")]
if not cached:
    sys.exit("probe faults: the healthy cpu.info was not cached")
cores = cached[0]["probes"]["cpu.info"]["result"]["cores"]
missing = [what for what, found in [
    (f"the healthy cpu.info result ({cores} cores)", re.search(r"\b%s\b" % cores, text)),
    ("the crash reason of cpu.stream", re.search(r"crash|signal", page, re.I)),
    ("the rejection reason of cpu.latency (absurd value)", re.search(r"absurd", page, re.I)),
    ("the rejection reason of cpu.gemm (invalid output)", re.search(r"invalid output", page, re.I)),
] if not found]
if missing:
    sys.exit("probe faults: en/cpu.html lacks " + "; ".join(missing))
PY
echo "probe faults: crash, absurd and garbage recorded as failed with reasons; cpu.info kept"

# 2. SIGKILL during a hanging probe: the previous site and the cache stay whole.
digest() { (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
before=$(digest "$work/site")
# exec: $! is gpuguide itself, not a shell around it, so the SIGKILL below reaches the build.
(cd "$book" && GPUGUIDE_PROBE_FAULT=cpu.gemm:hang exec "$exe" build --content content \
  --templates templates --out "$work/site" --probe-exe "$probe" --cache-dir "$work/cache" \
  --measure fresh) >"$work/kill.log" 2>&1 &
build_pid=$!
for _ in $(seq 600); do # until the hanging probe has started (at most 60 s)
  grep -q 'cpu.gemm' "$work/kill.log" && break
  sleep 0.1
done
grep -q 'cpu.gemm' "$work/kill.log" || fail "the build never reached cpu.gemm: $(cat "$work/kill.log")"
sleep 0.5
[[ $(readlink "/proc/$build_pid/exe") == "$exe" ]] || fail "pid $build_pid is not gpuguide"
kill -KILL "$build_pid"
status=0
wait "$build_pid" 2>/dev/null || status=$?
build_pid=
((status == 128 + 9)) || fail "the build was not killed by SIGKILL (exit status $status)"
[[ $before == "$(digest "$work/site")" ]] || fail "the killed build changed the previous site"
python3 - "$work/cache" <<'PY' || exit 1
import json, pathlib, sys
files = [p for p in pathlib.Path(sys.argv[1]).rglob("*.json") if "scratch" not in p.parts]
if not files:
    sys.exit("probe faults: the killed build left no cached result at all")
for file in files:
    try:
        document = json.loads(file.read_text())
    except ValueError as error:
        sys.exit(f"probe faults: {file} is not a complete document after the kill: {error}")
    if document.get("schema") != "gpuguide-measurements":
        sys.exit(f"probe faults: {file} is not a measurement document after the kill")
PY
gpuguide "$work/site-cached" "$work/cache" --measure cached >"$work/cached.log" 2>&1 ||
  fail "the build after the kill failed: $(tail -n 5 "$work/cached.log")"
grep -q 'cpu.info (cache)' "$work/cached.log" ||
  fail "the build after the kill did not use the cached cpu.info: $(cat "$work/cached.log")"
echo "probe faults: a build killed mid-probe left the site and the cache whole; the cache is used"

# 3. The reference path, `gpuguide-probe --all` (bench/probes/on-device.sh): a crashing or hanging
#    probe is failed with its reason, the other probes are measured and the document is valid.
for mode in crash hang; do
  out=$work/all-$mode.json
  GPUGUIDE_PROBE_FAULT=cpu.stream:$mode timeout 300 "$probe" --all --quick --timeout 3 \
    --json-out "$out" 2>"$work/all-$mode.log" ||
    fail "gpuguide-probe --all with cpu.stream:$mode exited non-zero: $(tail -n 5 "$work/all-$mode.log")"
  "$probe" --validate "$out" >/dev/null || fail "gpuguide-probe --all with cpu.stream:$mode wrote an invalid document"
  python3 - "$out" "$mode" <<'PY' || exit 1
import json, sys
probes = json.load(open(sys.argv[1]))["probes"]
want = "crashed" if sys.argv[2] == "crash" else "timed out"
stream, gemm = probes["cpu.stream"], probes["cpu.gemm"]
if stream["status"] != "failed" or want not in (stream["reason"] or ""):
    sys.exit(f"probe faults: --all: cpu.stream should have failed ({want}): {stream}")
if gemm["status"] != "ok":
    sys.exit(f"probe faults: --all: cpu.gemm should be measured: {gemm}")
PY
done
echo "probe faults: gpuguide-probe --all isolates a crashing and a hanging probe; the document stays valid"
