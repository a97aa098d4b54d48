#!/usr/bin/env bash
# gpuguide fleet against a real one-node Slurm on this machine (tests/fleet/run.sh): starts the
# cluster with scripts/slurm-local.sh (as root; Debian's slurmctld slurmd slurm-client munge),
# runs the tests, stops it. Skips (exit 77, which scripts/test.sh reports as skipped), saying why,
# when not root or Slurm is not installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${GPUGUIDE_BUILD_DIR:-build/default}
if [[ $(id -u) -ne 0 ]]; then
  echo "45-fleet: skipped: the local Slurm cluster needs root (slurmd starts jobs as their user)"
  exit 77
fi
if ! command -v slurmctld >/dev/null; then
  echo "45-fleet: skipped: Slurm is not installed (scripts/deps.sh test installs it)"
  exit 77
fi
# Slurm before 24.05 (Debian 12: 22.05) cannot start slurmd without a cgroup file system: its
# slurmd.log says "cgroup filesystem not mounted in /sys/fs/cgroup/", and cgroup.conf has no
# CgroupPlugin=disabled yet. A chroot without /sys (../shared/tools/fresh-debian) is such a place.
slurm_version=$(slurmd -V | awk '{print $2}')
if [[ ! -e /sys/fs/cgroup/cgroup.controllers && ! -d /sys/fs/cgroup/cpu &&
      $(printf '%s\n' 24.05 "$slurm_version" | sort -V | head -n1) != 24.05 ]]; then
  echo "45-fleet: skipped: Slurm $slurm_version's slurmd needs a cgroup file system and" \
    "/sys/fs/cgroup has none here (a chroot or container without /sys?); Slurm 24.05 and later run without one"
  exit 77
fi
if [[ $bin == build/default ]]; then
  cmake --build --preset default --target gpuguide gpuguide-probe
fi
export GPUGUIDE_SLURM_DIR=${GPUGUIDE_SLURM_DIR:-/tmp/gpuguide-slurm-test-$$}
export SLURM_CONF=$GPUGUIDE_SLURM_DIR/slurm.conf
# Ports of its own, so that a cluster someone started with the default ports is left alone.
export GPUGUIDE_SLURM_PORT=${GPUGUIDE_SLURM_PORT:-$((20000 + $$ % 20000 * 2))}
trap 'scripts/slurm-local.sh stop' EXIT
scripts/slurm-local.sh start
tests/fleet/run.sh "$bin/generator/gpuguide" "$bin/probes/gpuguide-probe"
