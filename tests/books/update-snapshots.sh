#!/usr/bin/env bash
# Regenerates tests/books/<name>/expected/ (the snapshots site_test.cpp compares against) with the
# current generator. Review `git diff tests/books` before committing: every change is an output
# change. Usage: tests/books/update-snapshots.sh   (GPUGUIDE=path/to/gpuguide to pick a binary)
set -euo pipefail
cd "$(dirname "$0")/../.."
gpuguide=${GPUGUIDE:-build/default/generator/gpuguide}
[[ -x $gpuguide ]] || { echo "no $gpuguide; build first (cmake --build --preset default) or set GPUGUIDE" >&2; exit 1; }
for book in tests/books/*/; do
  book=${book%/}
  [[ -f $book/this-host.json ]] || continue
  rm -rf "$book/expected"
  # Same options as BookCopy::options() in tests/generator/generator_fixture.hpp.
  SOURCE_DATE_EPOCH=1763755200 "$gpuguide" build --content "$book/content" --templates "$book/templates" \
    --out "$book/expected" --measurements "$book/this-host.json" --force --quiet --jobs 2 >/dev/null
  rm -f "$book/expected.gpuguide-manifest" # the no-change manifest, beside the output
  echo "updated $book/expected ($(find "$book/expected" -type f | wc -l) files)"
done
