#!/usr/bin/env bash
# The tarball, dist/gpuguide-VERSION-linux-x86_64.tar.xz (scripts/release.sh --here tarball):
# gpuguide with every library it links except glibc's in lib/ (found through an RPATH of
# $ORIGIN/lib, which also covers the libraries' own dependencies), and gpuguide-probe: the probe
# bundle's launcher with its cuda12/ and cuda13/ builds, or with NO_CUDA=1 (first argument) a
# CPU-only build from the same tree. Runs on any x86-64 Linux whose glibc is at least the one it
# was built with: build it on the oldest release it must run on (Debian 11: glibc 2.31).
#
#   release.d/tarball.sh NO_CUDA [--cuda DIR]...     (environment: version, root, dist,
#                                                     SOURCE_DATE_EPOCH, prebuilt, from release.sh)
# prebuilt: a build folder whose programs are taken as they are (no release build of our own).
set -euo pipefail
no_cuda=$1
shift
cd "$root"
source scripts/release.d/common.sh
name=gpuguide-$version-linux-x86_64
build=$root/build/release-gpuguide
stage=$root/build/release-stage/$name

if [[ -n ${prebuilt:-} ]]; then
  build=$prebuilt
else
  release_deps tarball
  configure_release "$build" -DGPUGUIDE_BUILD_PROBES_GPU=OFF -DGPUGUIDE_MAN_PAGES=OFF
  targets=(gpuguide)
  ((no_cuda)) && targets+=(gpuguide-probe)
  cmake --build "$build" --target "${targets[@]}"
fi

rm -rf "$stage" && mkdir -p "$stage/lib" "$stage/man/man1"
cp "$build/generator/gpuguide" "$stage/"
if ((no_cuda)); then
  cp "$build/probes/gpuguide-probe" "$stage/"
  probes_text="gpuguide-probe: built beside gpuguide ($("$build/probes/gpuguide-probe" --version |
    sed -n 's/^CUDA probes: //p'))"
else
  bundle_stage=$root/build/bundle-out/gpuguide-probe-linux-x86_64
  [[ -x $bundle_stage/gpuguide-probe ]] || bash scripts/release.d/bundle.sh "$@"
  cp -a "$bundle_stage/gpuguide-probe" "$bundle_stage"/cuda* "$stage/"
  probes_text=$(sed -n 's/^  \(cuda[0-9]*\/gpuguide-probe: .*\)/\1/p' "$bundle_stage/MANIFEST" |
    paste -sd ';' -)
fi
strip --strip-unneeded "$stage/gpuguide"
((no_cuda)) && strip --strip-unneeded "$stage/gpuguide-probe"

# Every library the dynamic programs load, but glibc's, goes into lib/ (the bundle's probes are
# linked statically but for glibc). Their own dependencies are found through the programs' RPATH
# (DT_RPATH, unlike DT_RUNPATH, applies to indirect dependencies too).
mapfile -t dynamic < <(for p in "$stage/gpuguide" "$stage/gpuguide-probe"; do
  objdump -p "$p" | awk '$1 == "NEEDED" && $2 !~ /^(libc|libm|libdl|librt|libpthread|ld-linux-x86-64)\.so/ {f=1} END {exit !f}' &&
    echo "$p"
done)
for program in "${dynamic[@]}"; do
  ldd "$program" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | while read -r library; do
    is_glibc "$library" || cp -L --no-clobber "$library" "$stage/lib/"
  done
  patchelf --force-rpath --set-rpath '$ORIGIN/lib' "$program"
done
chmod 644 "$stage"/lib/*
strip --strip-unneeded "$stage"/lib/*

# What the programs need of the host is glibc alone, and which version: checked, not assumed.
check_needs_glibc_only "$stage"
glibc=$(max_glibc_of "$stage")

make_man_pages "$stage" "$stage/man/man1"
cp LICENSE "$stage/LICENSE"
cp content/LICENSE "$stage/LICENSE.content"
third_party_notices "$stage/lib" "$((!no_cuda))" "${probe_packages[@]}" "${generator_packages[@]}" \
  >"$stage/THIRD-PARTY-NOTICES.txt"
sed -e "s/@VERSION@/$version/g" -e "s/@GLIBC@/$glibc/" scripts/release.d/README.tarball.txt \
  >"$stage/README.txt"
{
  echo "version: $version"
  echo "commit: $(source_commit)"
  echo "built: $(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%dT%H:%M:%SZ) (the commit's time) on $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "compiler: $(c++ --version | head -1)"
  echo "needs: Linux x86-64, $glibc or newer; nothing else"
  echo "gpuguide: libraries in lib/: $(cd "$stage/lib" && ls | LC_ALL=C sort | paste -sd ' ' -)"
  echo "$probes_text"
} >"$stage/MANIFEST"

reproducible_tar "$root/build/release-stage" "$name" "$dist/$name.tar.xz"
echo "release: $dist/$name.tar.xz ($(du -h "$dist/$name.tar.xz" | cut -f1); unpacked" \
  "$(du -sh "$stage" | cut -f1)); needs $glibc"
