#!/usr/bin/env bash
# Build the probe bundle: gpuguide-probe for any Linux x86-64 host with an NVIDIA driver of branch
# R525 or newer (R535, R550, R570, R580, ...), no root, no CUDA toolkit and none of our Debian
# packages needed (README, "Three ways to use it"; probes/README.md, "The probe bundle").
#
#   scripts/probe-bundle.sh [--cuda DIR]... [--max-glibc X.Y] [OUT_DIR]   (default build/bundle-out)
#
#   --cuda DIR       a CUDA toolkit (DIR/bin/nvcc) to make one build of the probes with, one per
#                    CUDA major version the bundle carries. Default: the CUDA 13 toolkit at
#                    $CUDA13_HOME or /usr/local/cuda, and a CUDA 12.4 toolkit made from Debian 13's
#                    packages in build/toolkits/cuda-12.4 (probe-bundle.d/cuda12-from-debian.sh)
#   --max-glibc X.Y  fail if the bundle would need a newer glibc (CI builds on Debian 11: 2.31)
#
# Writes OUT_DIR/gpuguide-probe-linux-x86_64.tar.xz, which unpacks to one folder holding
#   gpuguide-probe          the launcher: runs the build that this host's driver and cuBLAS allow
#   cuda12/gpuguide-probe   the probes built with CUDA 12: driver R525 or newer, cuBLAS 12
#   cuda13/gpuguide-probe   the probes built with CUDA 13: driver R580 or newer, cuBLAS 13
#   README.txt, MANIFEST    how to run it; the commit, compilers, GPU code, glibc and drivers
# Every program has OpenBLAS, gfortran, libstdc++ and libgcc linked in (the probes also the CUDA
# runtime) and needs only glibc, that of the system that built it or newer: build on the oldest
# system it must run on. CI (.github/workflows/probe-bundle.yml) builds on Debian 11.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
name=gpuguide-probe-linux-x86_64
# SASS for the A100 (8.0; also runs on 8.6 and 8.7), L4/L40/RTX 40 (8.9) and H100/H200 (9.0); PTX
# for 9.0, which the driver compiles for newer GPUs (Blackwell) at the first run.
architectures="80-real;89-real;90-real;90-virtual"

toolkits=() max_glibc="" out=""
while (($#)); do
  case $1 in
    --cuda) toolkits+=("$(realpath -m "$2")"); shift 2 ;;
    --max-glibc) max_glibc=$2; shift 2 ;;
    -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
    -*) echo "probe-bundle: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
out=$(realpath -m "${out:-build/bundle-out}")

scripts/deps.sh bundle
prefix_path=()
if grep -qx 'VERSION_ID="11"' /etc/os-release 2>/dev/null; then
  # Debian 11 has no CLI11 and an nlohmann-json older than 3.11: Debian 12's, header-only.
  headers=$root/build/bundle-deps/debian12
  if [[ ! -d $headers/usr/include/CLI ]]; then
    mkdir -p "$headers"
    for deb in $(scripts/probe-bundle.d/debian-fetch.sh bookworm main build/bundle-deps/apt-bookworm \
      libcli11-dev nlohmann-json3-dev); do
      dpkg-deb -x "$deb" "$headers"
    done
  fi
  prefix_path=(-DCMAKE_PREFIX_PATH="$headers/usr")
fi

if ((${#toolkits[@]} == 0)); then
  source scripts/probe-bundle.d/default-toolkits.sh
  default_toolkits "$root" toolkits
fi

release_of() { "$1/bin/nvcc" --version | sed -n 's/.*release \([0-9.]*\),.*/\1/p'; }
# The oldest driver a CUDA major version runs on (minor-version compatibility; NVIDIA's CUDA
# compatibility guide), as core/cuda_version.cpp gives it to the probes.
driver_of() {
  case $1 in
    12) echo "R525 (525.60.13) or newer" ;;
    13) echo "R580 (580.65.06) or newer" ;;
    *) echo "the one CUDA $1 needs" ;;
  esac
}
launcher_flags=()
command -v ccache >/dev/null && launcher_flags=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
  -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
stage=$out/$name
rm -rf "$stage" && mkdir -p "$stage"
majors=() releases=()
for toolkit in "${toolkits[@]}"; do
  [[ -x $toolkit/bin/nvcc ]] || { echo "probe-bundle: no nvcc in $toolkit/bin" >&2; exit 1; }
  release=$(release_of "$toolkit")
  major=${release%%.*}
  [[ " ${majors[*]} " != *" $major "* ]] ||
    { echo "probe-bundle: two CUDA $major toolkits given; one per major version" >&2; exit 1; }
  build=$root/build/bundle-cuda$major
  echo "probe-bundle: the cuda$major build, with CUDA $release from $toolkit"
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_COMPILER="$toolkit/bin/nvcc" \
    -DGPUGUIDE_BUILD_GENERATOR=OFF -DGPUGUIDE_BUILD_TESTS=OFF -DGPUGUIDE_BUILD_PROBES_GPU=ON \
    -DGPUGUIDE_PROBE_BUNDLE=ON -DGPUGUIDE_CUDA_ARCHITECTURES="$architectures" \
    "${prefix_path[@]}" "${launcher_flags[@]}" >"$build.configure.log" 2>&1 ||
    { tail -20 "$build.configure.log" >&2; exit 1; }
  grep -q 'CMakeFiles/gpuguide_probe_gpu.dir/' "$build/build.ninja" || {
    echo "probe-bundle: CUDA $release was not enabled; see $build.configure.log" >&2
    exit 1
  }
  cmake --build "$build" --target gpuguide-probe gpuguide-probe-launcher
  mkdir -p "$stage/cuda$major"
  cp "$build/probes/gpuguide-probe" "$stage/cuda$major/"
  majors+=("$major") releases+=("$release")
done
# The launcher is the same program in every build (no CUDA in it): the last build's.
cp "$build/probes/gpuguide-probe-launcher" "$stage/gpuguide-probe"
mapfile -t programs < <(find "$stage" -type f -name gpuguide-probe | sort)
strip --strip-unneeded "${programs[@]}"

# What the programs need of the host: no shared library but glibc's (checked, not assumed).
needed=$(objdump -p "${programs[@]}" | awk '$1 == "NEEDED" {print $2}' | sort -u | tr '\n' ' ')
for library in $needed; do
  [[ $library =~ ^(libc|libm|libdl|librt|libpthread|ld-linux-x86-64)\.so ]] || {
    echo "probe-bundle: the bundle needs $library, which is not part of glibc" >&2
    exit 1
  }
done
glibc=$(objdump -T "${programs[@]}" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
if [[ -n $max_glibc ]] && [[ $(printf '%s\n' "${glibc#GLIBC_}" "$max_glibc" | sort -V | tail -1) != "$max_glibc" ]]; then
  echo "probe-bundle: the bundle needs $glibc, newer than --max-glibc $max_glibc: build it on an" \
    "older system (CI: Debian 11)" >&2
  exit 1
fi

mapfile -t order < <(for i in "${!majors[@]}"; do echo "${majors[$i]} $i"; done | sort -n | cut -d' ' -f2)
oldest=${majors[${order[0]}]}
builds_text="" loads_text="" names=""
for i in "${order[@]}"; do
  m=${majors[$i]}
  names+="${names:+ }cuda$m"
  builds_text+="  cuda$m/gpuguide-probe: CUDA ${releases[$i]} runtime; driver $(driver_of "$m")"$'\n'
  loads_text+=" libcublas.so.$m and libcublasLt.so.$m (cuda$m);"
done
if commit=$(git rev-parse HEAD 2>/dev/null); then
  git diff --quiet HEAD || commit+=" (with uncommitted changes)"
else
  commit="unknown (not a git checkout)"
fi
source scripts/release.d/versions.sh
version=$(cmake_version .)
# The same commit makes the same archive: file times and the MANIFEST's date are the commit's.
if [[ -z ${SOURCE_DATE_EPOCH:-} ]]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
{
  echo "version: $version"
  echo "commit: $commit"
  echo "built: $(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ) (the commit's time) on $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "compilers: $(c++ --version | head -1); nvcc $(for i in "${order[@]}"; do printf '%s ' "${releases[$i]}"; done)"
  echo "gpu code: SASS sm_80 sm_89 sm_90, PTX compute_90 (every build)"
  echo "builds:"
  printf '%s' "$builds_text"
  echo "needs: Linux x86-64, $glibc or newer; libraries: $needed"
  echo "loads at run time: libcuda.so.1, libnvidia-ml.so.1 (driver);${loads_text} libnccl.so.2 (gpu.multi)"
} >"$stage/MANIFEST"
drivers=$(driver_of "$oldest")
((oldest != 12)) || drivers+=": R535 and R550 (long-term support), R570, R580 and later"
sed -e "s/@GLIBC@/$glibc/" -e "s/@DRIVERS@/$drivers/" \
  -e "s/@BUILDS@/$names/" \
  scripts/probe-bundle.d/README.txt >"$stage/README.txt"

cp LICENSE "$stage/LICENSE"
(
  source scripts/release.d/common.sh
  third_party_notices "$stage/no-such-lib" 1 "${probe_packages[@]}" >"$stage/THIRD-PARTY-NOTICES.txt"
  mkdir -p "$out"
  reproducible_tar "$out" "$name" "$out/$name.tar.xz"
)
echo "probe-bundle: $out/$name.tar.xz ($(du -h "$out/$name.tar.xz" | cut -f1); unpacked" \
  "$(du -sh "$stage" | cut -f1)); builds: $names; needs $glibc"
