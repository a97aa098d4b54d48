#!/usr/bin/env bash
# Run every test: unit tests, the bad-input corpus, the sanitizer build, bounded fuzz runs and the
# browser tests. Installs what is missing. Used as is by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test

echo "== unit and integration tests (release build)"
cmake --preset default >/dev/null
cmake --build --preset default
ctest --preset default

for step in scripts/test.d/*.sh; do
  [[ -e $step ]] || continue
  echo "== $(basename "$step" .sh)"
  bash "$step"
done
echo "all test steps passed"
