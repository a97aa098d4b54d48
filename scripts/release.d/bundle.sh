#!/usr/bin/env bash
# The probe bundle, dist/gpuguide-probe-linux-x86_64.tar.xz (scripts/release.sh --here bundle):
# scripts/probe-bundle.sh, on Debian 11 held to glibc 2.31.
#
#   release.d/bundle.sh [--cuda DIR]...   (environment: root, dist, SOURCE_DATE_EPOCH)
set -euo pipefail
cd "$root"
source scripts/release.d/common.sh
limit=()
is_debian_11 && limit=(--max-glibc 2.31)
scripts/probe-bundle.sh "$@" "${limit[@]}" build/bundle-out
cp build/bundle-out/gpuguide-probe-linux-x86_64.tar.xz "$dist/"
