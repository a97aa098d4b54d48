#!/usr/bin/env bash
# Build the probe bundle: gpuguide-probe as one program for any Linux x86-64 host with an NVIDIA
# driver, no root, no CUDA toolkit and none of our Debian packages needed (README, "Measure your
# own GPU").
#
#   scripts/probe-bundle.sh [OUT_DIR]        (default: build/bundle-out)
#
# Writes OUT_DIR/gpuguide-probe-linux-x86_64.tar.xz, which unpacks to one folder holding
#   gpuguide-probe  the probes: CUDA runtime, OpenBLAS, gfortran, libstdc++ and libgcc linked in;
#                   only glibc is needed. The driver, NVML, cuBLAS, cuBLASLt and NCCL are loaded
#                   at run time (probes/README.md, "Where the run-time libraries are found")
#   README.txt      how to run it and what it needs
#   MANIFEST        the commit, the compilers, the GPU code it holds, the oldest glibc and driver
#
# Needs the CUDA toolkit (nvcc) and scripts/deps.sh build's packages. The bundle needs the glibc
# of the system that built it or newer: build it on the oldest system it must run on.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$(realpath -m "${1:-build/bundle-out}")
build=$root/build/bundle
name=gpuguide-probe-linux-x86_64

nvcc=${CUDACXX:-/usr/local/cuda/bin/nvcc}
if [[ ! -x $nvcc ]]; then
  echo "probe-bundle: no CUDA compiler at $nvcc; the bundle's GPU probes need the CUDA toolkit (set CUDACXX to its nvcc)" >&2
  exit 1
fi
scripts/deps.sh build

# SASS for the A100 (8.0), the L4/L40/RTX 40 (8.9) and the H100/H200 (9.0); PTX for 9.0, which
# the driver compiles for newer GPUs (Blackwell) at the first run.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$nvcc" \
  -DGPUGUIDE_BUILD_PROBES_GPU=ON -DGPUGUIDE_PROBE_BUNDLE=ON \
  -DGPUGUIDE_CUDA_ARCHITECTURES="80-real;89-real;90-real;90-virtual" >/dev/null
grep -q 'gpuguide_probe_gpu' "$build/build.ninja" || {
  echo "probe-bundle: the build did not enable CUDA; see $build/CMakeFiles/CMakeOutput.log" >&2
  exit 1
}
cmake --build "$build" --target gpuguide-probe

stage=$out/$name
rm -rf "$stage" && mkdir -p "$stage"
cp "$build/probes/gpuguide-probe" "$stage/"
strip --strip-unneeded "$stage/gpuguide-probe"

# What the program needs of the host: no shared library but glibc's (checked, not assumed).
needed=$(objdump -p "$stage/gpuguide-probe" | awk '$1 == "NEEDED" {print $2}' | sort | tr '\n' ' ')
for library in $needed; do
  [[ $library =~ ^(libc|libm|libdl|librt|libpthread|ld-linux-x86-64)\.so ]] || {
    echo "probe-bundle: gpuguide-probe needs $library, which is not part of glibc" >&2
    exit 1
  }
done
glibc=$(objdump -T "$stage/gpuguide-probe" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
cuda_runtime=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\),.*/\1/p')
cuda_major=${cuda_runtime%%.*}
# The oldest driver each CUDA major version runs on (minor-version compatibility): CUDA 12.x
# from R525, CUDA 13.x from R580 (NVIDIA's CUDA compatibility guide, table 2).
case $cuda_major in
  12) driver="525.60.13 (R525) or newer" ;;
  13) driver="580.65.06 (R580) or newer" ;;
  *) driver="the one CUDA $cuda_runtime needs" ;;
esac

{
  echo "commit: $(git rev-parse HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)')"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "compilers: $(c++ --version | head -1); nvcc $cuda_runtime"
  echo "gpu code: SASS sm_80 sm_89 sm_90, PTX compute_90"
  echo "needs: Linux x86-64, $glibc or newer; libraries: $needed"
  echo "needs for the GPU probes: NVIDIA driver $driver"
  echo "loads at run time: libcuda.so.1, libnvidia-ml.so.1 (driver); libcublas.so.$cuda_major," \
    "libcublasLt.so.$cuda_major (gpu.gemm, gpu.power); libnccl.so.2 (gpu.multi)"
} >"$stage/MANIFEST"

cat >"$stage/README.txt" <<EOF
gpuguide-probe: measures this machine's GPUs and CPU for the GPU Guide.

  ./gpuguide-probe --all --out my-gpu.json     # about 20 s on an H100; no root needed
  ./gpuguide-probe --identity                  # what it sees: driver, CUDA, cuBLAS, GPUs
  ./gpuguide-probe --help

It needs Linux x86-64 with $glibc or newer and, for the GPU probes, NVIDIA driver $driver.
Nothing else: the CUDA runtime is inside. The GEMM and power probes use cuBLAS $cuda_major,
found on LD_LIBRARY_PATH, in a CUDA toolkit (CUDA_HOME, /usr/local/cuda) or in the NVIDIA
wheels of any python3 on PATH (PyTorch installs them); without it they are skipped and the
document says what to install. Every probe that cannot run says why in the document.

To add your GPU to the guide, open a pull request that adds my-gpu.json to the guide's
content/measurements/reference/ (its README: "Contribute a measurement").
EOF

mkdir -p "$out"
tar -C "$out" --owner=0 --group=0 -cJf "$out/$name.tar.xz.tmp" "$name"
mv "$out/$name.tar.xz.tmp" "$out/$name.tar.xz"
echo "probe-bundle: $out/$name.tar.xz ($(du -h "$out/$name.tar.xz" | cut -f1); unpacked $(du -sh "$stage" | cut -f1))"
