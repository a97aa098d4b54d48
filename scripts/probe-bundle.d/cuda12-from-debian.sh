#!/usr/bin/env bash
# A CUDA 12.4 toolkit for the bundle's CUDA 12 build, made from Debian 13's non-free packages
# (nvidia-cuda-toolkit, nvidia-cuda-dev, libcudart12, libcu++-dev; libnccl-dev from contrib for
# nccl.h) on any Debian or Ubuntu system, without installing them: only the files a build of the
# probes needs, laid out as NVIDIA lays out a toolkit (bin/nvcc, include/, lib64/,
# nvvm/libdevice), with an nvcc.profile that points there. NVIDIA's compiler programs in these
# packages need glibc 2.7 or newer, so the toolkit runs on Debian 11, where the bundle is built.
#
#   scripts/probe-bundle.d/cuda12-from-debian.sh DEST     (1.1 GB downloaded; DEST: 0.15 GB)
#
# The packages are NVIDIA's, under NVIDIA's licence (Debian's non-free section); a bundle built
# with them links NVIDIA's CUDA runtime, as every build of the probes does.
set -euo pipefail
(($# == 1)) || { sed -n '2,12p' "$0" >&2; exit 2; }
dest=$(realpath -m "$1")
here=$(dirname "$0")
if [[ -x $dest/bin/nvcc && -f $dest/.complete ]]; then
  echo "cuda12-from-debian: $dest is there ($("$dest/bin/nvcc" --version | grep -o 'release [0-9.]*'))"
  exit 0
fi
rm -rf "$dest" && mkdir -p "$dest"
cache=$(dirname "$dest")/apt-trixie
mapfile -t debs < <("$here/debian-fetch.sh" trixie "main contrib non-free" "$cache" \
  nvidia-cuda-toolkit nvidia-cuda-dev libcudart12 libcu++-dev libnccl-dev)

unpacked=$dest.unpacked
rm -rf "$unpacked" && mkdir -p "$unpacked"
for deb in "${debs[@]}"; do
  # Only what the build uses: the compiler's programs, the headers, the static runtime. Each
  # package holds some of these; tar's complaints about the others are not errors.
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$unpacked" --wildcards \
    './usr/bin/*' './usr/lib/nvidia-cuda-toolkit/*' './usr/include/*' \
    './usr/lib/x86_64-linux-gnu/libcudart_static.a' './usr/lib/x86_64-linux-gnu/libcudadevrt.a' \
    './usr/lib/x86_64-linux-gnu/libculibos.a' './usr/lib/x86_64-linux-gnu/stubs/*' \
    './usr/lib/x86_64-linux-gnu/libcudart.so*' 2>"$unpacked.log" || true
  if grep -v -e 'Not found in archive' -e 'Exiting with failure status' "$unpacked.log" >&2; then
    echo "cuda12-from-debian: unpacking $deb failed" >&2
    exit 1
  fi
done
rm -f "$unpacked.log"

toolkit=$unpacked/usr/lib/nvidia-cuda-toolkit
mkdir -p "$dest/bin" "$dest/lib64" "$dest/nvvm" "$dest/targets/x86_64-linux"
# Debian's /usr/bin/nvcc is a script that runs the real one in nvidia-cuda-toolkit/bin.
cp -a "$toolkit/bin/nvcc" "$toolkit/bin/cicc" "$toolkit/bin/crt" "$dest/bin/"
for program in ptxas fatbinary nvlink cudafe++ bin2c cuobjdump nvprune; do
  cp -a "$unpacked/usr/bin/$program" "$dest/bin/"
done
cp -a "$toolkit/libdevice" "$dest/nvvm/libdevice"
cp -a "$unpacked/usr/include" "$dest/include"
# CMake's FindCUDAToolkit wants the shared runtime too, though the probes link the static one.
cp -a "$unpacked"/usr/lib/x86_64-linux-gnu/{libcudart_static.a,libcudadevrt.a,libculibos.a,stubs} \
  "$unpacked"/usr/lib/x86_64-linux-gnu/libcudart.so* "$dest/lib64/"
ln -s ../../include "$dest/targets/x86_64-linux/include"
ln -s ../../lib64 "$dest/targets/x86_64-linux/lib"
cat >"$dest/bin/nvcc.profile" <<'PROFILE'
# Written by scripts/probe-bundle.d/cuda12-from-debian.sh: NVIDIA's layout, from Debian's files.
TOP              = $(_HERE_)/..
NVVMIR_LIBRARY_DIR = $(TOP)/nvvm/libdevice
PATH            += $(_HERE_):
INCLUDES        +=  "-I$(TOP)/include" $(_SPACE_)
LIBRARIES        =+ $(_SPACE_) "-L$(TOP)/lib64/stubs" "-L$(TOP)/lib64"
CUDAFE_FLAGS    +=
PTXAS_FLAGS     +=
PROFILE
rm -rf "$unpacked"
version=$("$dest/bin/nvcc" --version | grep -o 'release [0-9.]*')
[[ -f $dest/include/cublas_v2.h && -f $dest/include/nccl.h && -f $dest/lib64/libcudart_static.a ]] || {
  echo "cuda12-from-debian: the packages lacked headers or the static runtime; see $dest" >&2
  exit 1
}
touch "$dest/.complete"
echo "cuda12-from-debian: CUDA $version in $dest ($(du -sh "$dest" | cut -f1))"
