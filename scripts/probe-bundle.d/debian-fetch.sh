#!/usr/bin/env bash
# Download Debian packages of another release without installing anything: apt-get download
# with its own sources, lists and cache (no root needed). Prints the path of each .deb, for the
# caller to unpack (dpkg-deb -x). For files a build needs from a release the system is not:
# Debian 13's CUDA 12.4 toolkit, Debian 12's header-only CLI11 on Debian 11.
#
#   scripts/probe-bundle.d/debian-fetch.sh [--source] SUITE COMPONENTS CACHE PACKAGE...
#     e.g. debian-fetch.sh trixie "main contrib non-free" build/apt-trixie nvidia-cuda-dev
#   --source: the source package's upstream tarball instead (its path is printed), e.g. for a
#   header-only library whose Debian -dev package is built as a compiled one.
#
# The mirror is the one this system's apt sources name for Debian (DEBIAN_MIRROR overrides it);
# packages are checked against Debian's archive keyring as apt always does.
set -euo pipefail
source=0
[[ ${1:-} == --source ]] && { source=1; shift; }
(($# >= 4)) || { sed -n '2,10p' "$0" >&2; exit 2; }
suite=$1 components=$2 cache=$(realpath -m "$3")
shift 3

mirror=${DEBIAN_MIRROR:-}
if [[ -z $mirror ]]; then
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
fi
if [[ -z $mirror ]]; then
  mirror=$(awk '$1 == "deb" && $2 !~ /security/ {print ($2 ~ /^\[/ ? $3 : $2); exit}' \
    /etc/apt/sources.list 2>/dev/null || true)
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
if [[ -z $mirror || ! -s $keyring ]]; then
  echo "debian-fetch: needs a Debian system (its apt sources name the mirror, $keyring checks" \
    "it), or DEBIAN_MIRROR and the debian-archive-keyring package" >&2
  exit 1
fi

mkdir -p "$cache/lists/partial" "$cache/archives/partial"
kind=deb
((source)) && kind=deb-src
echo "$kind [signed-by=$keyring] $mirror $suite $components" >"$cache/sources.list"
apt_options=(-o "Dir::Etc::SourceList=$cache/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$cache/lists" -o "Dir::Cache=$cache" -o Dir::State::status=/dev/null
  -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)" -q)
apt-get "${apt_options[@]}" update >"$cache/update.log" 2>&1 ||
  { echo "debian-fetch: apt-get update for $suite failed:" >&2; tail -5 "$cache/update.log" >&2; exit 1; }
cd "$cache/archives"
if ((source)); then
  apt-get "${apt_options[@]}" source --download-only "$@" >"$cache/download.log" 2>&1 ||
    { echo "debian-fetch: downloading the source of $* from $suite failed:" >&2; tail -5 "$cache/download.log" >&2; exit 1; }
  for package in "$@"; do
    echo "$cache/archives/$(ls -t -- "${package}"_*.orig.tar.* | head -1)"
  done
  exit 0
fi
apt-get "${apt_options[@]}" download "$@" >"$cache/download.log" 2>&1 ||
  { echo "debian-fetch: downloading $* from $suite failed:" >&2; tail -5 "$cache/download.log" >&2; exit 1; }
for package in "$@"; do
  echo "$cache/archives/$(ls -t -- "${package}"_*.deb | head -1)"
done
