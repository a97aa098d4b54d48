#!/usr/bin/env bash
# The .deb for this Debian release, dist/gpuguide_VERSION-1+debNN_amd64.deb (scripts/release.sh
# --here deb): CPack, with the dependencies dpkg-shlibdeps finds (Debian's own library packages,
# hence one package per release, each built on it), checked by lintian. Its gpuguide-probe has the
# CPU probes only, whatever toolkit this system has: the GPU probes would link NVIDIA's runtime,
# which no Debian main package provides (GPU owners use the probe bundle with it: --probe-exe).
#
#   release.d/deb.sh   (environment: version, root, dist, SOURCE_DATE_EPOCH, prebuilt, from
#                      release.sh; prebuilt: a build folder to package as it is)
set -euo pipefail
cd "$root"
source scripts/release.d/common.sh
. /etc/os-release
[[ ${ID:-} == debian && -n ${VERSION_ID:-} ]] ||
  { echo "release: the .deb is built on the Debian release it is for (this is ${PRETTY_NAME:-unknown})" >&2; exit 1; }
revision=1+deb$VERSION_ID
if [[ -n ${prebuilt:-} ]]; then
  # The revision is in Debian's changelog file too: set it there (nothing is compiled again).
  build=$prebuilt
  cmake -DGPUGUIDE_PACKAGE_RELEASE="$revision" "$build" >/dev/null
  cmake --build "$build" --target gpuguide-doc-files gpuguide-man gpuguide-probe-man
else
  build=$root/build/release-deb
  release_deps deb
  configure_release "$build" -DGPUGUIDE_PACKAGE_RELEASE="$revision" -DGPUGUIDE_BUILD_PROBES_GPU=OFF
  cmake --build "$build"
fi
packages=$(mktemp -d)
trap 'rm -rf "$packages"' EXIT
(cd "$build" && cpack -G DEB -B "$packages" >"$packages/cpack.log" 2>&1) || { tail -20 "$packages/cpack.log" >&2; exit 1; }
deb=$packages/gpuguide_$version-${revision}_amd64.deb
[[ -f $deb ]] || { echo "release: cpack made no $deb; see $packages/cpack.log" >&2; exit 1; }
# lintian's errors stop the release; its warnings are printed for the record.
lintian --fail-on error --suppress-tags-from-file scripts/release.d/lintian-suppressed "$deb"
cp "$deb" "$dist/"
echo "release: $dist/$(basename "$deb") ($(du -h "$deb" | cut -f1)); depends on:" \
  "$(dpkg-deb -f "$deb" Depends)"
