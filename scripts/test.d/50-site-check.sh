#!/usr/bin/env bash
# Builds the real guide (content/ + templates/) into a temporary folder and checks that every
# internal link, anchor and image resolves. Uses the committed reference measurements only
# (--measure reference), so the step is the same on any machine and runs no GPU probe.
set -euo pipefail
cd "$(dirname "$0")/../.."
gpuguide=${GPUGUIDE:-build/default/generator/gpuguide}
if [[ ! -x $gpuguide ]]; then
  echo "site-check: $gpuguide is missing; build it first (cmake --build --preset default)" >&2
  exit 1
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-site-check.XXXXXX")
trap 'rm -rf "$out"' EXIT
"$gpuguide" build --content content --templates templates --out "$out/site" --measure reference --quiet
"$gpuguide" check --site "$out/site"
