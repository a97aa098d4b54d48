#!/usr/bin/env bash
# The probe bundle on old and new systems, as a user would meet it: built on a fresh Debian 11 root
# (glibc 2.31) exactly as CI builds it, then unpacked and run on fresh Debian 11, 12 and 13 roots
# by a user without root rights and without any CUDA toolkit: `./gpuguide-probe --all --out
# my-gpu.json` must write a valid document in which every probe has started, the CPU probes
# measured and the GPU probes were skipped saying why (there is no GPU or driver here). Prints one
# line per system and the bundle's size.
#
#   bench/probes/bundle-fresh-roots.sh [--bundle FILE] [SUITE ...]   (default: bullseye bookworm trixie)
#     --bundle FILE  test this bundle instead of building one (the build takes 20 to 40 minutes)
#
# Needs root and the fresh-debian tool (FRESH_DEBIAN, default /work/shared/tools/fresh-debian,
# which clones this checkout's HEAD: commit first). The build's CUDA 13 toolkit is this machine's
# (CUDA13_HOME, default /usr/local/cuda), copied into the root; the CUDA 12.4 one is made there
# from Debian 13's packages. Results and logs: OUT (default bench/probes/out/fresh-roots).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
fresh=${FRESH_DEBIAN:-/work/shared/tools/fresh-debian}
out=${OUT:-$root/bench/probes/out/fresh-roots}
name=gpuguide-probe-linux-x86_64
bundle=""
if [[ ${1:-} == --bundle ]]; then
  bundle=$(realpath "$2")
  shift 2
fi
suites=("$@")
((${#suites[@]})) || suites=(bullseye bookworm trixie)
mkdir -p "$out"
summary=$out/summary.txt
: >"$summary"
say() { echo "$*" | tee -a "$summary"; }

# Runs fresh-debian with KEEP=1; prints the kept root's path (empty when it failed).
kept_root() {
  local log=$1
  shift
  (cd "$root" && KEEP=1 "$fresh" "$@") >"$log" 2>&1
  local rc=$?
  sed -n 's/^root kept at //p' "$log"
  return $rc
}
drop_root() {
  grep -q " $1/" /proc/mounts || rm -rf --one-file-system "$1"
}

if [[ -z $bundle ]]; then
  # The CUDA 13 toolkit's files the build uses (0.2 GB of its 2.7), in its own layout.
  cuda13=$(realpath "${CUDA13_HOME:-/usr/local/cuda}")
  version=$(basename "$cuda13")
  (cd "$(dirname "$cuda13")" && tar -cf "$out/cuda13.tar" "$version"/{bin,include,nvvm,lib64,targets} \
    "$version"/lib/{libcudart_static.a,libcudadevrt.a,libculibos.a,libcudart.so,libcudart.so.13,stubs}) ||
    exit 1
  start=$SECONDS
  R=$(SUITE=bullseye COPY="$out/cuda13.tar" kept_root "$out/build.log" \
    "tar -C /root -xf /root/cuda13.tar && scripts/probe-bundle.d/cuda12-from-debian.sh build/toolkits/cuda-12.4 && scripts/probe-bundle.sh --cuda /root/$version --cuda build/toolkits/cuda-12.4 --max-glibc 2.31")
  rc=$?
  if ((rc)) || [[ ! -f $R/root/project/build/bundle-out/$name.tar.xz ]]; then
    say "build on Debian 11: FAILED (exit $rc; $out/build.log${R:+, root kept at $R})"
    exit 1
  fi
  cp "$R/root/project/build/bundle-out/$name.tar.xz" "$R/root/project/build/bundle-out/$name/MANIFEST" "$out/"
  bundle=$out/$name.tar.xz
  say "build on Debian 11: ok in $((SECONDS - start)) s ($(grep '^built:' "$out/MANIFEST"))"
  drop_root "$R"
  rm -f "$out/cuda13.tar"
fi
say "bundle: $(du -b "$bundle" | cut -f1) bytes ($(du -h "$bundle" | cut -f1)); unpacked" \
  "$(xz -l --robot "$bundle" | awk '$1 == "totals" {printf "%.1f MB", $5 / 1e6}')"

archive=$(basename "$bundle") # as fresh-debian's COPY puts it into the root's /root
failed=0
for suite in "${suites[@]}"; do
  start=$SECONDS
  # As root only: / at Debian's 755 (a root unpacked into a `mktemp -d` folder has 700, which
  # no user could enter), xz to unpack (a minimal Debian lacks it), a user, and the archive in
  # their home; the rest runs as that user, with a login shell's environment (no CUDA anywhere:
  # these roots have none, and no python3 either, so no wheels are searched).
  R=$(SUITE=$suite COPY="$bundle" kept_root "$out/$suite.log" \
    "chmod 755 / && apt-get update -q >/dev/null && apt-get install -y -q xz-utils >/dev/null && useradd -m prober && install -d -o prober /home/prober/some/folder && install -o prober -m 644 /root/$archive /home/prober/some/folder/" \
    "runuser -l prober -c 'cd some/folder && tar -xJf $archive && cd $name && ./gpuguide-probe --all --out my-gpu.json 2>run.stderr; echo \$? >run.rc; ./gpuguide-probe --list >list.txt && ./gpuguide-probe --validate my-gpu.json'")
  rc=$?
  dir=$R/home/prober/some/folder/$name
  glibc=$(chroot "$R" ldd --version 2>/dev/null | head -1 | awk '{print $NF}')
  {
    echo "== $suite (glibc $glibc)"
    cat "$dir/run.stderr" 2>/dev/null
    python3 "$root/scripts/probe-bundle.d/check-document.py" "$dir/my-gpu.json" "$dir/list.txt"
  } >"$out/$suite.check" 2>&1
  check=$?
  cp "$dir/my-gpu.json" "$out/$suite.json" 2>/dev/null
  run_rc=$(cat "$dir/run.rc" 2>/dev/null || echo none)
  if ((rc == 0 && check == 0)) && [[ $run_rc == 0 ]]; then
    say "$suite (glibc $glibc): ok in $((SECONDS - start)) s; $(head -1 "$dir/run.stderr")"
  else
    say "$suite (glibc $glibc): FAILED (gpuguide-probe exit $run_rc, fresh-debian exit $rc, check" \
      "exit $check; $out/$suite.log, $out/$suite.check)"
    failed=1
  fi
  [[ -z $R ]] || drop_root "$R"
done
exit $failed
