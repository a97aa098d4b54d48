#!/usr/bin/env bash
# Reproducible builds of the real book. Usage: tests/hardening/determinism.sh GPUGUIDE
#   * two builds of content/ with the same inputs and SOURCE_DATE_EPOCH are byte-identical;
#   * a build with another SOURCE_DATE_EPOCH differs only in lines that carry the date.
# This build's measurements come from the first committed reference document (--measurements),
# so no probe runs and nothing depends on this machine.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
exe=$(realpath "${1:?usage: determinism.sh GPUGUIDE}")
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-determinism.XXXXXX")
trap 'rm -rf "$work"' EXIT

document=$(find "$repo/content/measurements/reference" -name '*.json' | LC_ALL=C sort | head -n 1)
if [[ -z $document ]]; then
  document=$repo/tests/bad-input/base/content/measurements/reference/ref-host.json
fi

# build NAME EPOCH: builds the real book into $work/NAME.
build() {
  (cd "$repo" && SOURCE_DATE_EPOCH=$2 "$exe" build --content content --templates templates \
    --out "$work/$1" --measurements "$document" --quiet >"$work/$1.log" 2>&1) || {
    echo "determinism: the build of the real book failed:" >&2
    cat "$work/$1.log" >&2
    exit 1
  }
}

epoch_a=1700000000 # 2023-11-14
epoch_b=1800000000 # 2027-01-15
build a1 $epoch_a
build a2 $epoch_a
if ! diff -r "$work/a1" "$work/a2" >"$work/same.diff"; then
  echo "determinism: two builds of the same inputs differ:" >&2
  head -n 40 "$work/same.diff" >&2
  exit 1
fi
files=$(find "$work/a1" -type f | wc -l)
echo "determinism: two builds are byte-identical ($files files)"

build b $epoch_b
# Every changed line must carry one of the two dates (ISO, or the year as in "2023年11月14日").
dates='2023-11-14|2027-01-15|2023|2027'
diff -r -U0 "$work/a1" "$work/b" >"$work/dates.diff" || true
if grep '^Only in' "$work/dates.diff" >&2; then
  echo "determinism: another SOURCE_DATE_EPOCH changed which files are written" >&2
  exit 1
fi
changed=$(grep -E '^[-+]' "$work/dates.diff" | grep -Ev '^(\+\+\+|---) ' || true)
if [[ -z $changed ]]; then
  echo "determinism: SOURCE_DATE_EPOCH changed nothing; the build date is not taken from it" >&2
  exit 1
fi
offending=$(grep -Ev "$dates" <<<"$changed" || true)
if [[ -n $offending ]]; then
  echo "determinism: lines that differ without being dates:" >&2
  head -n 20 <<<"$offending" >&2
  exit 1
fi
echo "determinism: another SOURCE_DATE_EPOCH changes only date lines" \
  "($(grep -c '^diff ' "$work/dates.diff" || true) files)"
