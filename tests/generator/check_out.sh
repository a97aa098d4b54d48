#!/usr/bin/env bash
# `gpuguide check --out DIR` builds the book into DIR, keeps it and checks it; with --site as well
# it is refused (the two name different sites), naming both options, and writes nothing.
#   tests/generator/check_out.sh build/default/generator/gpuguide
set -euo pipefail
gpuguide=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$gpuguide" init book >/dev/null
cd book

"$gpuguide" check --out "$work/kept" >"$work/check.log" 2>&1 ||
  { cat "$work/check.log"; echo "FAIL: check --out exited non-zero"; exit 1; }
[[ -f $work/kept/index.html && -f $work/kept/chapter_1.html ]] ||
  { cat "$work/check.log"; echo "FAIL: check --out did not build the book into --out"; exit 1; }
grep -q 'every link, anchor and image resolves' "$work/check.log" ||
  { cat "$work/check.log"; echo "FAIL: check --out did not check the site"; exit 1; }
[[ ! -e book ]] || { echo "FAIL: check --out also wrote book.toml's build-dir"; exit 1; }

status=0
"$gpuguide" check --site "$work/kept" --out "$work/other" >"$work/both.log" 2>&1 || status=$?
[[ $status -eq 1 ]] || { cat "$work/both.log"; echo "FAIL: --site with --out exited $status, not 1"; exit 1; }
grep -q -- '--site and --out together' "$work/both.log" ||
  { cat "$work/both.log"; echo "FAIL: no message naming --site and --out"; exit 1; }
[[ ! -e $work/other ]] || { echo "FAIL: --site with --out wrote $work/other"; exit 1; }
echo "check --out: builds into --out and checks it; refused beside --site"
