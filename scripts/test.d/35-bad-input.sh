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
  cmake --build --preset default --target gpuguide gpuguide-probe
fi
gpuguide=$bin/generator/gpuguide

tests/bad-input/run.sh "$gpuguide"
python3 tests/hardening/untrusted_strings.py "$gpuguide"
tests/hardening/determinism.sh "$gpuguide"
tests/hardening/probe_faults.sh "$gpuguide" "$bin/probes/gpuguide-probe"
