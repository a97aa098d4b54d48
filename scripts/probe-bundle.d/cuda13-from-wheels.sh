#!/usr/bin/env bash
# A CUDA 13.0 toolkit for the bundle's CUDA 13 build, from NVIDIA's pip wheels (the packages
# PyTorch's CUDA 13 builds install), laid out as NVIDIA lays out a toolkit in DEST: the compiler
# (nvcc, crt, nvvm), the runtime, CCCL, and the cuBLAS and NCCL headers. The versions are those
# of the toolkit that built the committed reference measurements (its dist-info folders).
#
#   scripts/probe-bundle.d/cuda13-from-wheels.sh DEST
#
# Needs python3's pip and PyPI: CI has both (.github/workflows/probe-bundle.yml). Where PyPI is
# out of reach, give scripts/probe-bundle.sh an installed CUDA 13 toolkit with --cuda.
set -euo pipefail
(($# == 1)) || { sed -n '2,10p' "$0" >&2; exit 2; }
dest=$(realpath -m "$1")
if [[ -x $dest/bin/nvcc && -f $dest/.complete ]]; then
  echo "cuda13-from-wheels: $dest is there"
  exit 0
fi
wheels=$dest.wheels
rm -rf "$dest" "$wheels"
python3 -m pip install --quiet --no-deps --no-compile --target "$wheels" \
  nvidia-cuda-nvcc==13.0.88 nvidia-cuda-crt==13.0.88 nvidia-nvvm==13.0.88 \
  nvidia-cuda-runtime==13.0.96 nvidia-cuda-cccl==13.0.85 nvidia-cuda-culibos==13.0.85 \
  nvidia-cublas==13.1.0.3 nvidia-nccl-cu13==2.28.9
# The CUDA 13 wheels share one tree, nvidia/cu13 (bin, include, lib, nvvm); nvcc.profile finds
# its files relative to itself. Added here: the names a toolkit install has and CMake looks for.
mv "$wheels/nvidia/cu13" "$dest"
cp -a "$wheels"/nvidia/nccl/include/. "$dest/include/"
ln -s libcudart.so.13 "$dest/lib/libcudart.so"
ln -s lib "$dest/lib64"
mkdir -p "$dest/targets/x86_64-linux"
ln -s ../../include "$dest/targets/x86_64-linux/include"
ln -s ../../lib "$dest/targets/x86_64-linux/lib"
rm -rf "$wheels"
"$dest/bin/nvcc" --version | tail -2
touch "$dest/.complete"
echo "cuda13-from-wheels: CUDA 13.0 in $dest ($(du -sh "$dest" | cut -f1))"
