#!/usr/bin/env bash
# Install what a step needs, and only what is missing.
# Usage: scripts/deps.sh build|test|bench|bundle|release|release-debian11
# Runs as root (or with sudo) on a fresh Debian 12 or Debian 13 (Ubuntu 24.04: expected to work,
# not tested, as the Pages workflow runs it there); checked on fresh
# Debian 12 and 13 roots (docs/src/contributing/fresh-install.md). Package names are the same on
# all three; the one that carries a version (the clang runtime for the fuzzers) is derived from the
# installed clang.
# The bundle step (scripts/probe-bundle.sh: the probes alone) also runs on Debian 11.
set -euo pipefail

# Building the guide: the compiler, CMake and the libraries the generator and probes link
# (KSyntaxHighlighting: code highlighted at build time, docs/src/design/markdown.md "Code blocks";
# jemalloc: gpuguide's malloc, GPUGUIDE_JEMALLOC; simdjson: fleet documents read quickly).
build_pkgs=(
  build-essential cmake ninja-build pkg-config
  libcmark-gfm-dev libcmark-gfm-extensions-dev
  nlohmann-json3-dev libkainjow-mustache-dev libcli11-dev libyaml-cpp-dev
  libcpp-httplib-dev libopenblas-dev libtomlplusplus-dev
  libkf5syntaxhighlighting-dev libjemalloc-dev libsimdjson-dev
)
# Testing it: Catch2 (v2 or v3, whichever the system ships), clang for the fuzzers, the browser
# tests' Chromium and Node.js, xmllint for the SVG checks, a CJK font for the screenshots, and a
# real one-node Slurm for the fleet tests (scripts/slurm-local.sh: Slurm 22.05 on Debian 12, 24.11
# on Debian 13), the release tools the release-artifacts step packs and checks with, and KaTeX
# (libjs-katex, with fonts-katex) that gpuguide copies into books with mathjax-support.
test_pkgs=(catch2 clang chromium nodejs npm libxml2-utils python3 fonts-wqy-microhei
  slurmctld slurmd slurm-client munge help2man patchelf dpkg-dev lintian xz-utils libjs-katex)
bench_pkgs=(hugo cmark-gfm hyperfine time)
# Release artifacts (scripts/release.sh): man pages from --help, RPATH editing for the tarball,
# dpkg-shlibdeps and lintian for the .deb.
release_tools=(help2man patchelf dpkg-dev lintian xz-utils git)
# The tarball is built on Debian 11, whose CLI11, nlohmann-json, toml++ and cpp-httplib are
# missing or too old: scripts/release.d/common.sh takes those, header-only, from Debian 12.
release_debian11_pkgs=(build-essential cmake ninja-build pkg-config libcmark-gfm-dev
  libcmark-gfm-extensions-dev libkainjow-mustache-dev libyaml-cpp-dev libopenblas-dev
  libkf5syntaxhighlighting-dev libjemalloc-dev libsimdjson-dev gfortran help2man patchelf xz-utils git ca-certificates)
# The probe bundle: the probes alone, linked with static archives (libopenblas.a is in
# libopenblas-dev; gfortran brings libgfortran.a). Debian 11 has no CLI11 and an nlohmann-json
# older than the probes use: scripts/probe-bundle.sh takes both, header-only, from Debian 12.
bundle_pkgs=(build-essential cmake ninja-build pkg-config libopenblas-dev gfortran git xz-utils)
if ! grep -qx 'VERSION_ID="11"' /etc/os-release 2>/dev/null; then
  bundle_pkgs+=(libcli11-dev nlohmann-json3-dev)
fi

step=${1:-build}
case $step in
  build) wanted=("${build_pkgs[@]}") ;;
  test) wanted=("${build_pkgs[@]}" "${test_pkgs[@]}") ;;
  bench) wanted=("${build_pkgs[@]}" "${bench_pkgs[@]}") ;;
  bundle) wanted=("${bundle_pkgs[@]}") ;;
  release) wanted=("${build_pkgs[@]}" "${release_tools[@]}") ;;
  release-debian11) wanted=("${release_debian11_pkgs[@]}") ;;
  *) echo "usage: $0 build|test|bench|bundle|release|release-debian11" >&2; exit 2 ;;
esac

sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
updated=0

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

# A program that is already on PATH counts, whichever package brought it: a newer Node.js, or the
# Chromium or Chrome that GitHub's Ubuntu runner image ships (Ubuntu's own chromium is a snap).
present_otherwise() {
  case $1 in
    nodejs) command -v node >/dev/null ;;
    npm) command -v npm >/dev/null ;;
    chromium) command -v chromium >/dev/null || command -v chromium-browser >/dev/null ||
      command -v google-chrome >/dev/null ;;
    *) return 1 ;;
  esac
}

install_missing() {
  local -a missing=()
  local pkg
  for pkg in "$@"; do
    installed "$pkg" || present_otherwise "$pkg" || missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  echo "deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if ((!updated)); then
    $sudo apt-get update -q
    updated=1
  fi
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

start=$SECONDS
# munge's installer runs a command as its own user, which cannot even start /bin/sh when / is not
# searchable by others: apt-get would stop with an obscure "su: Permission denied". A normal system
# has / at 755; a chroot unpacked into a `mktemp -d` folder has it at 700. In a chroot (ischroot,
# from Debian's essential debianutils) that folder is only the chroot's, so it gets Debian's 755;
# on a real system, where something else made / private, say what is wrong and change nothing.
root_mode=$(stat -c %a /)
if [[ $step == test ]] && ! installed munge && [[ $root_mode != *[157] ]]; then
  if ischroot 2>/dev/null; then
    echo "deps: this chroot's / is mode $root_mode; setting it to 755, as Debian has it," \
      "so that munge's installer can run as its own user"
    $sudo chmod 755 /
  else
    echo "deps: / is mode $root_mode, so munge's installer (Slurm, for the fleet tests) cannot" \
      "run as its own user; run 'chmod 755 /' (a normal system has / at 755) and try again" >&2
    exit 1
  fi
fi
install_missing "${wanted[@]}"

if [[ $step == test ]]; then
  # libFuzzer and the sanitizer runtimes live in a package named after clang's major version
  # (libclang-rt-14-dev on Debian 12, -19- on Debian 13, -18- on Ubuntu 24.04).
  clang_major=$(clang -dumpversion | cut -d. -f1)
  install_missing "libclang-rt-$clang_major-dev"
  # html-validate 9 and playwright-core 1.61 (tests/e2e/package.json) need Node.js 18.19 or later.
  node_version=$(node --version)
  IFS=. read -r node_major node_minor _ <<<"${node_version#v}"
  if ((node_major < 18 || (node_major == 18 && node_minor < 19))); then
    echo "deps: Node.js $node_version is too old for the browser tests; 18.19 or later is needed" \
      "(Debian 12 and Ubuntu 24.04 ship 18.19+, Debian 13 ships 20)" >&2
    exit 1
  fi
fi
echo "deps ($step): everything needed is installed ($((SECONDS - start)) s)"
