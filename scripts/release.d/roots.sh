#!/usr/bin/env bash
# Builds release PARTs in a fresh Debian root of SUITE (scripts/release.sh without --here): a
# minbase root from debootstrap (cached as build/release-roots/SUITE.tar), the checkout's HEAD
# cloned into it, scripts/release.sh --here PARTS run there as root, the artifacts copied to dist/.
# CUDA toolkits given with --cuda are mounted at the same paths inside the root. Needs root.
#
#   release.d/roots.sh SUITE "PART..." [--cuda DIR]...   (environment: root, dist, SOURCE_DATE_EPOCH)
set -euo pipefail
suite=$1 parts=$2
shift 2
cd "$root"
[[ $(id -u) -eq 0 ]] || { echo "release: building in Debian roots needs root (chroot)" >&2; exit 1; }
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[[ -n $mirror ]] || mirror=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
[[ -n $mirror ]] || mirror=http://deb.debian.org/debian
cache=$root/build/release-roots/$suite.tar
if [[ ! -s $cache ]]; then
  mkdir -p "$(dirname "$cache")"
  fresh=$(mktemp -d)
  debootstrap --variant=minbase --include=ca-certificates,git "$suite" "$fresh" "$mirror" \
    >"$cache.log" 2>&1 || { tail -5 "$cache.log" >&2; exit 1; }
  tar -C "$fresh" -cf "$cache" . && rm -rf "$fresh"
fi
chroot_dir=$(mktemp -d "/tmp/gpuguide-release-$suite.XXXX")
tar -C "$chroot_dir" -xf "$cache"
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
# This machine's own certificate authorities, for package downloads through the same network.
cp /usr/local/share/ca-certificates/*.crt "$chroot_dir/usr/local/share/ca-certificates/" 2>/dev/null || true
chroot "$chroot_dir" update-ca-certificates >/dev/null 2>&1 || true
git clone -q "$root" "$chroot_dir/root/project"
mounts=("$chroot_dir/proc" "$chroot_dir/dev")
mount -t proc proc "$chroot_dir/proc"
mount --rbind /dev "$chroot_dir/dev"
args=()
while (($#)); do
  [[ $1 == --cuda ]] && { mkdir -p "$chroot_dir$2"; mount --bind "$2" "$chroot_dir$2"; mounts+=("$chroot_dir$2"); }
  args+=("$1"); shift
done
cleanup() {
  local m
  for m in "${mounts[@]}"; do umount -R -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT
echo "release: building $parts in a fresh Debian $suite root ($chroot_dir; log $chroot_dir.log)"
# shellcheck disable=SC2086 # PARTS is a word list
chroot "$chroot_dir" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  SOURCE_DATE_EPOCH="$SOURCE_DATE_EPOCH" /bin/bash -c \
  "cd /root/project && bash scripts/release.sh --here $parts --dist /root/dist ${args[*]}" \
  >"$chroot_dir.log" 2>&1 || { tail -30 "$chroot_dir.log" >&2; exit 1; }
grep '^release: ' "$chroot_dir.log" || true
cp "$chroot_dir"/root/dist/* "$dist/"
cleanup
trap - EXIT
rm -rf --one-file-system "$chroot_dir"
