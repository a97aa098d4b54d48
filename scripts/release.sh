#!/usr/bin/env bash
# Make a release's artifacts in dist/ (docs/src/contributing/release.md):
#   gpuguide-VERSION-linux-x86_64.tar.xz    gpuguide and gpuguide-probe for any x86-64 Linux with
#                                            glibc 2.31 or newer, nothing installed (Debian 11)
#   gpuguide_VERSION-1+deb12_amd64.deb       for Debian 12, built on Debian 12
#   gpuguide_VERSION-1+deb13_amd64.deb       for Debian 13, built on Debian 13
#   gpuguide-probe-linux-x86_64.tar.xz       the probe bundle (scripts/probe-bundle.sh)
#   SHA256SUMS
# The same commit gives the same bytes: SOURCE_DATE_EPOCH is the commit's time.
#
#   scripts/release.sh [--dist DIR] [--cuda DIR]...
#       every artifact, each built in a fresh Debian root of its release (debootstrap, as root;
#       about an hour on 2 cores). --cuda: the toolkits for the probe bundle's builds (default:
#       scripts/probe-bundle.sh's, CUDA 13 at /usr/local/cuda and CUDA 12.4 from Debian 13's
#       packages, fetched into build/toolkits on first use).
#   scripts/release.sh --here PART... [--dist DIR] [--cuda DIR]... [--no-cuda] [--build DIR]
#       PART (tarball, deb, bundle) built on this system, as the release workflow does in a
#       container of the right release. --no-cuda: the tarball's gpuguide-probe is the one built
#       beside gpuguide, not the probe bundle's. --build DIR: the tarball and the .deb are made from
#       the programs in this build folder instead of a release build of their own (the tests).
#   scripts/release.sh --sums [--dist DIR]      (re)write DIR/SHA256SUMS
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
here=0 sums_only=0 no_cuda=0 dist=$root/dist parts=() cuda=() prebuilt=""
while (($#)); do
  case $1 in
    --here) here=1; shift ;;
    --sums) sums_only=1; shift ;;
    --dist) dist=$(realpath -m "$2"); shift 2 ;;
    --cuda) cuda+=(--cuda "$(realpath -m "$2")"); shift 2 ;;
    --no-cuda) no_cuda=1; shift ;;
    --build) prebuilt=$(realpath "$2"); shift 2 ;;
    tarball | deb | bundle) parts+=("$1"); shift ;;
    -h | --help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "release: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

source scripts/release.d/versions.sh
version=$(cmake_version .)
[[ -n $version ]] || { echo "release: no project(gpuguide VERSION ...) in CMakeLists.txt" >&2; exit 1; }
if [[ -z ${SOURCE_DATE_EPOCH:-} ]]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH version root dist prebuilt
mkdir -p "$dist"

write_sums() {
  (cd "$dist" && find . -maxdepth 1 -type f \( -name '*.tar.xz' -o -name '*.deb' \) -printf '%f\n' |
    LC_ALL=C sort | xargs -r sha256sum >SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
  echo "release: $dist/SHA256SUMS"
  cat "$dist/SHA256SUMS"
}

if ((sums_only)); then
  write_sums
  exit 0
fi

if ((here)); then
  ((${#parts[@]})) || { echo "release: --here needs a PART: tarball, deb or bundle" >&2; exit 2; }
  for part in "${parts[@]}"; do
    case $part in
      tarball) bash scripts/release.d/tarball.sh "$no_cuda" "${cuda[@]}" ;;
      deb) bash scripts/release.d/deb.sh ;;
      bundle) bash scripts/release.d/bundle.sh "${cuda[@]}" ;;
    esac
  done
  exit 0
fi

# Every artifact, each in a root of the release it is built on (release.d/roots.sh). The root has
# no CUDA toolkit of its own: the bundle's toolkits (probe-bundle.sh's defaults unless --cuda names
# them) are mounted into it.
((${#parts[@]} == 0)) || { echo "release: PARTs go with --here" >&2; exit 2; }
if ((${#cuda[@]} == 0)); then
  source scripts/probe-bundle.d/default-toolkits.sh
  default_toolkits "$root" toolkits
  for toolkit in "${toolkits[@]}"; do
    [[ -x $toolkit/bin/nvcc ]] || { echo "release: no CUDA toolkit at $toolkit (see --cuda)" >&2; exit 1; }
    cuda+=(--cuda "$toolkit")
  done
fi
bash scripts/release.d/roots.sh bullseye "bundle tarball" "${cuda[@]}"
bash scripts/release.d/roots.sh bookworm deb
bash scripts/release.d/roots.sh trixie deb
write_sums
