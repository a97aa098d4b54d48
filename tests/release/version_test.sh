#!/usr/bin/env bash
# One version everywhere: `gpuguide --version` and `gpuguide-probe --version` start with
# CHANGELOG.md's top version, name a commit and say whether CUDA and the test hooks are built in;
# a built page's generator tag names the same version; gpuguide's names the memory allocator the
# process runs on, which is ALLOCATOR (jemalloc when built with GPUGUIDE_JEMALLOC, else glibc).
#
#   tests/release/version_test.sh GPUGUIDE GPUGUIDE_PROBE ALLOCATOR
set -euo pipefail
gpuguide=$(realpath "$1") probe=$(realpath "$2") allocator=$3
repo=$(cd "$(dirname "$0")/../.." && pwd)
fail() {
  echo "version_test: $*" >&2
  exit 1
}
source "$repo/scripts/release.d/versions.sh"
expected=$(changelog_version "$repo")
[[ -n $expected ]] || fail "CHANGELOG.md has no '## [X.Y.Z] - DATE' heading"
for program in "$gpuguide" "$probe"; do
  name=$(basename "$program")
  text=$("$program" --version) || fail "$name --version exited $?"
  [[ $(head -1 <<<"$text") == "$name $expected" ]] ||
    fail "$name --version starts '$(head -1 <<<"$text")', not '$name $expected' (CHANGELOG.md)"
  grep -Eq '^commit: ([0-9a-f]{12}(-dirty)?|unknown)$' <<<"$text" || fail "$name --version names no commit"
  grep -Eq '^CUDA probes: (built with CUDA [0-9.]+|not built \(.+\)|in .+)$' <<<"$text" ||
    fail "$name --version does not say whether the CUDA probes are built"
  grep -Eq '^test hooks: (on|off)' <<<"$text" || fail "$name --version does not mention the test hooks"
done
case $allocator in
  jemalloc) pattern='^memory allocator: jemalloc [0-9]+\.[0-9]+' ;;
  glibc) pattern='^memory allocator: glibc malloc$' ;;
  *) fail "ALLOCATOR is jemalloc or glibc, not '$allocator'" ;;
esac
text=$("$gpuguide" --version)
grep -Eq "$pattern" <<<"$text" ||
  fail "gpuguide --version does not say it runs on $allocator: $(tail -1 <<<"$text")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && "$gpuguide" init book >/dev/null && cd book && "$gpuguide" build --quiet >/dev/null) ||
  fail "could not build a new book"
tag=$(grep -ho '<meta name="generator" content="[^"]*">' "$work/book/book/chapter_1.html" | head -1)
[[ $tag == "<meta name=\"generator\" content=\"gpuguide $expected\">" ]] ||
  fail "the page's generator tag is '$tag', not gpuguide $expected"
echo "version_test: gpuguide $expected in both programs' --version and the pages"
