#!/usr/bin/env bash
# Install what a step needs, and only what is missing. Usage: scripts/deps.sh build|test|bench
# Runs as root on a fresh Debian/Ubuntu machine (uses sudo when not root).
set -euo pipefail

build_pkgs=(
  build-essential cmake ninja-build pkg-config
  libcmark-gfm-dev libcmark-gfm-extensions-dev
  nlohmann-json3-dev libkainjow-mustache-dev libcli11-dev libyaml-cpp-dev
  libcpp-httplib-dev libopenblas-dev
  catch2  # the default preset builds the unit tests too, so one build serves both commands
)
test_pkgs=(clang libclang-rt-14-dev chromium nodejs npm libxml2-utils python3 fonts-wqy-microhei)
bench_pkgs=(hugo cmark-gfm hyperfine time)

case "${1:-build}" in
  build) wanted=("${build_pkgs[@]}") ;;
  test) wanted=("${build_pkgs[@]}" "${test_pkgs[@]}") ;;
  bench) wanted=("${build_pkgs[@]}" "${bench_pkgs[@]}") ;;
  *) echo "usage: $0 build|test|bench" >&2; exit 2 ;;
esac

missing=()
for pkg in "${wanted[@]}"; do
  # Debian's own node may be replaced by a newer one from elsewhere; accept any working node/npm.
  if [[ $pkg == nodejs && -x "$(command -v node)" ]] || [[ $pkg == npm && -x "$(command -v npm)" ]]; then
    continue
  fi
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if ((${#missing[@]})); then
  echo "deps: installing ${missing[*]}"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
