#!/usr/bin/env bash
# What scripts/build.sh builds reacts to no test-only environment variable: the probes' fault
# injection (GPUGUIDE_PROBE_FAULT, GPUGUIDE_PROBE_HIDE_LIBS) exists only in test builds (CMake
# option GPUGUIDE_TEST_HOOKS, which scripts/test.sh turns on in the same build folder). Runs last:
# it builds as a user does, so build/default is left as scripts/build.sh leaves it.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-release-binaries.XXXXXX")
trap 'rm -rf "$out"' EXIT
fail() {
  echo "release binaries: $*" >&2
  exit 1
}

scripts/build.sh --out "$out/site" --measure reference --quiet
probe=build/default/probes/gpuguide-probe
gpuguide=build/default/generator/gpuguide

# Neither program so much as names a hook's variable (getenv needs the name).
for program in "$probe" "$gpuguide"; do
  for variable in GPUGUIDE_PROBE_FAULT GPUGUIDE_PROBE_HIDE_LIBS; do
    if grep -aq "$variable" "$program"; then
      fail "$program reads $variable: a test hook is compiled into the release build"
    fi
  done
done

# And with both set, the probes measure as if they were not: no crash, no hidden library.
GPUGUIDE_PROBE_FAULT=cpu.info:crash,cpu.stream:garbage \
  GPUGUIDE_PROBE_HIDE_LIBS=libcuda.so.1,libnvidia-ml.so.1,libcublas.so.13 \
  "$probe" --quick --only cpu.info --only cpu.stream --json-out "$out/m.json" ||
  fail "gpuguide-probe failed with the test variables set"
python3 - "$out/m.json" <<'PY' || fail "the test variables changed what the release probes measured"
import json, sys
document = json.load(open(sys.argv[1], encoding="utf-8"))
for key in ("cpu.info", "cpu.stream"):
    entry = document["probes"][key]
    if entry["status"] != "ok":
        sys.exit(f"{key}: {entry['status']}: {entry['reason']}")
if "hidden by" in json.dumps(document["provenance"]):
    sys.exit("a library was reported hidden by the test hook")
PY
echo "release binaries: no test hook in gpuguide-probe or gpuguide; both variables ignored"
