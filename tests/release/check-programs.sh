#!/usr/bin/env bash
# Runs an installed or unpacked gpuguide as a new user would, with nothing of this checkout
# around it: from an empty folder outside the repository, with `env -i PATH=/usr/bin:/bin` (no
# LD_LIBRARY_PATH, no CUDA_HOME, nothing of this shell). Checks:
#   both programs' --version: the version is CHANGELOG.md's top version;
#   gpuguide init of a book, then build and check;
#   gpuguide-probe --all: the CPU probes measure, the GPU probes skip with a reason; --validate.
#
#   tests/release/check-programs.sh BIN_DIR [--bundle]
#     BIN_DIR   the folder holding gpuguide and gpuguide-probe
#     --bundle  gpuguide-probe is the probe bundle's launcher (provenance.bundle is expected)
set -euo pipefail
bin=$(realpath "$1")
bundle=${2:-}
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-release-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "check-programs: $*" >&2
  exit 1
}
clean() { (cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$@"); }

source "$repo/scripts/release.d/versions.sh"
expected=$(changelog_version "$repo")
[[ -n $expected ]] || fail "CHANGELOG.md has no version heading (## [X.Y.Z] - DATE)"
for program in gpuguide gpuguide-probe; do
  first=$(clean "$bin/$program" --version | head -1) || fail "$program --version failed"
  [[ $first == "$program $expected" ]] ||
    fail "$program --version says '$first'; CHANGELOG.md's top version is $expected"
  echo "  $(clean "$bin/$program" --version | paste -sd ';' -)"
done

clean "$bin/gpuguide" init book >/dev/null || fail "gpuguide init failed"
(cd "$work/book" && env -i PATH=/usr/bin:/bin HOME="$work" "$bin/gpuguide" build --quiet) >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; fail "gpuguide build of a new book failed"; }
(cd "$work/book" && env -i PATH=/usr/bin:/bin HOME="$work" "$bin/gpuguide" check) >"$work/check.log" 2>&1 ||
  { cat "$work/check.log" >&2; fail "gpuguide check of the new book failed"; }
[[ -f $work/book/book/chapter_1.html ]] || fail "gpuguide build wrote no book/chapter_1.html"
echo "  gpuguide init, build, check: $(tail -1 "$work/build.log")"

clean "$bin/gpuguide-probe" --all --out x.json >"$work/probe.log" 2>&1 ||
  { tail -20 "$work/probe.log" >&2; fail "gpuguide-probe --all failed"; }
clean "$bin/gpuguide-probe" --list >"$work/list.txt" || fail "gpuguide-probe --list failed"
clean "$bin/gpuguide-probe" --validate x.json || fail "gpuguide-probe --validate rejected its own document"
bundle_flag=--no-bundle
[[ $bundle == --bundle ]] && bundle_flag=""
python3 "$repo/scripts/probe-bundle.d/check-document.py" $bundle_flag "$work/x.json" "$work/list.txt" ||
  fail "the measurement document is not what a host without a GPU gives"
