#!/usr/bin/env bash
# The CUDA toolkits the probe bundle is built with when none is named: CUDA 13 at $CUDA13_HOME or
# /usr/local/cuda, and CUDA 12.4 made from Debian 13's packages in build/toolkits/cuda-12.4 (fetched
# on first use, 1.1 GB; cuda12-from-debian.sh). Sourced by probe-bundle.sh and release.sh, which
# mounts them into the Debian 11 root it builds the bundle in.
#
#   default_toolkits ROOT ARRAY    sets the array variable ARRAY to the two toolkit folders
default_toolkits() {
  local root=$1
  local -n into=$2
  into=("${CUDA13_HOME:-/usr/local/cuda}" "$root/build/toolkits/cuda-12.4")
  [[ -x ${into[1]}/bin/nvcc ]] || "$root/scripts/probe-bundle.d/cuda12-from-debian.sh" "${into[1]}" >&2
}
