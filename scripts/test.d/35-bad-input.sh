#!/usr/bin/env bash
# Hardening checks on the release build (tests/bad-input/README.md):
#   the bad-input corpus (exact file:line messages, non-zero exit, the earlier site untouched),
#   untrusted strings from measurement documents escaped everywhere, reproducible builds of the
#   real book, and failing, hanging and killed probes end to end.
# GPUGUIDE_BUILD_DIR picks another build tree (default build/default, built by scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${GPUGUIDE_BUILD_DIR:-build/default}
if [[ $bin == build/default ]]; then
  # probe_faults.sh needs the probes' fault injection, which scripts/build.sh leaves out.
  cmake --preset default -DGPUGUIDE_TEST_HOOKS=ON >/dev/null
  cmake --build --preset default --target gpuguide gpuguide-probe
fi
gpuguide=$bin/generator/gpuguide

# Every check runs even when an earlier one fails, so one run reports everything.
failed=0
tests/bad-input/run.sh "$gpuguide" || failed=1
python3 tests/hardening/untrusted_strings.py "$gpuguide" || failed=1
tests/hardening/determinism.sh "$gpuguide" || failed=1
tests/hardening/probe_faults.sh "$gpuguide" "$bin/probes/gpuguide-probe" || failed=1
exit $failed
