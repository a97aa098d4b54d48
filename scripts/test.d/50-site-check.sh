#!/usr/bin/env bash
# Builds the real guide (content/ + templates/) into a temporary folder and checks that every
# internal link, anchor and image resolves. Uses the committed reference measurements only
# (--measure reference), so the step is the same on any machine and runs no GPU probe.
# Then builds it again from a complete synthetic measurement document (every field the probes
# write; tests/books/full_shape_document.py) and checks that every measured table cell, chart
# and inline value of the chapter shows a figure: the GPU pages as a GPU host will see them.
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
python3 tests/books/full_shape_document.py "$out/full-shape.json"
"$gpuguide" build --content content --templates templates --out "$out/full-shape-site" \
  --measurements "$out/full-shape.json" --quiet
"$gpuguide" check --site "$out/full-shape-site"
python3 tests/books/check_full_shape_site.py "$out/full-shape-site" "$out/full-shape.json"
