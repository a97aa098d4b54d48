#!/usr/bin/env bash
# The release's packaging (scripts/release.sh), made from the programs scripts/build.sh built
# (90-release-binaries runs first and leaves build/default as a user's build):
#   the tarball: unpacked into an empty folder, every program's libraries are its own or glibc's
#     (ldd), and tests/release/check-programs.sh runs it as a new user would;
#   the .deb: lintian finds no error, and the unpacked programs pass the same checks;
#   the README and the manual give no command with <owner> or <repo> to replace.
# The real artifacts are built on Debian 11, 12 and 13 by scripts/release.sh and checked in fresh
# roots (docs/src/contributing/release.md); this step checks the same scripts here.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
source scripts/release.d/common.sh # is_glibc: the libraries a release program may take from the host
work=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-release.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "release artifacts: $*" >&2
  exit 1
}

python3 tests/release/check_docs.py README.md docs/src || fail "a command to copy names a placeholder"

bash scripts/release.sh --here tarball --no-cuda --build build/default --dist "$work/dist" \
  >"$work/tarball.log" 2>&1 || { tail -30 "$work/tarball.log" >&2; fail "the tarball was not made"; }
tarball=$(find "$work/dist" -name 'gpuguide-*-linux-x86_64.tar.xz')
mkdir "$work/unpacked"
tar -C "$work/unpacked" -xf "$tarball"
top=$(find "$work/unpacked" -mindepth 1 -maxdepth 1 -type d)
# Every library a program loads, directly or through another library, resolves inside the tarball
# or is glibc's. (ldd of a program follows its RPATH into lib/ for the whole tree, as the loader
# does; ldd of a bundled library alone would not, since the RPATH is the program's.)
while IFS= read -r file; do
  readelf -h "$file" >/dev/null 2>&1 || continue # ELF files only
  while read -r line; do
    [[ $line == *"not found"* ]] && fail "$file: $line"
    path=$(awk '$2 == "=>" {print $3}' <<<"$line")
    [[ -z $path || $path == "$top"/* ]] && continue
    is_glibc "$path" ||
      fail "${file#"$top"/} loads $path from the system, not from the tarball"
  done < <(env -i ldd "$file" 2>/dev/null | grep '=>')
done < <(find "$top" -type f -perm -u+x)
echo "release artifacts: $(basename "$tarball") ($(du -h "$tarball" | cut -f1)): only glibc from the system"
bash tests/release/check-programs.sh "$top"

bash scripts/release.sh --here deb --build build/default --dist "$work/dist" >"$work/deb.log" 2>&1 ||
  { tail -30 "$work/deb.log" >&2; fail "the .deb was not made or lintian found an error"; }
deb=$(find "$work/dist" -name 'gpuguide_*.deb')
depends=$(dpkg-deb -f "$deb" Depends)
[[ $depends == *libkf5syntaxhighlighting5* && $depends == *libcmark-gfm* ]] ||
  fail "$(basename "$deb") does not depend on the library packages it links: Depends: $depends"
dpkg-deb -x "$deb" "$work/deb"
for page in gpuguide gpuguide-probe; do
  [[ -s $work/deb/usr/share/man/man1/$page.1.gz ]] || fail "the .deb has no man page for $page"
done
[[ -s $work/deb/usr/share/doc/gpuguide/copyright ]] || fail "the .deb has no copyright file"
echo "release artifacts: $(basename "$deb") ($(du -h "$deb" | cut -f1)), lintian: no error; Depends: $depends"
bash tests/release/check-programs.sh "$work/deb/usr/bin"
