#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying `gpuguide fleet` without a cluster and for
# the fleet tests (scripts/test.d/45-fleet.sh). Usage, as root:
#
#   scripts/slurm-local.sh start    # munged, slurmctld and slurmd; prints the SLURM_CONF to export
#   scripts/slurm-local.sh status   # what is up (daemons, the node's state)
#   scripts/slurm-local.sh stop     # stops the three daemons and removes the state folder
#
# Debian's packages (slurmctld slurmd slurm-client munge; scripts/deps.sh test installs them),
# Slurm 22.05 (Debian 12) or 24.11 (Debian 13). No systemd: the daemons run directly and their
# pids are tracked, so it works in a container. Everything lives in one folder,
# GPUGUIDE_SLURM_DIR (default /tmp/gpuguide-slurm): slurm.conf, the munge key and socket, the
# spool and state folders, the logs. Nothing under /etc is written; clients find the cluster
# through SLURM_CONF (exported by the caller), and the munge socket through slurm.conf's AuthInfo.
# The node gets this machine's real CPU count and memory (`slurmd -C`). Ports 16817/16818 (not
# Slurm's defaults, so a real slurmd on this host is not disturbed); GPUGUIDE_SLURM_PORT moves them.
set -euo pipefail

dir=${GPUGUIDE_SLURM_DIR:-/tmp/gpuguide-slurm}
port=${GPUGUIDE_SLURM_PORT:-16817}
conf=$dir/slurm.conf
socket=$dir/munge/munge.socket
node=$(hostname -s)

die() { echo "slurm-local: $*" >&2; exit 1; }

alive() { [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }

need_root_and_packages() {
  [[ $(id -u) -eq 0 ]] || die "run as root (slurmd starts the jobs as their user)"
  local program
  for program in munged slurmctld slurmd sbatch; do
    command -v "$program" >/dev/null ||
      die "$program is missing; install Debian's slurmctld slurmd slurm-client munge" \
        "(scripts/deps.sh test)"
  done
}

write_config() {
  mkdir -p "$dir"/{munge,state,spool,log,run}
  chmod 700 "$dir/munge"
  # Each run of start gets a fresh key; munged refuses a key others can read.
  if command -v mungekey >/dev/null; then
    rm -f "$dir/munge/munge.key"
    mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null
  else
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  fi
  chmod 400 "$dir/munge/munge.key"
  : >"$dir/plugstack.conf" # not /etc/slurm/plugstack.conf: no SPANK plugins
  # Debian 13's slurmd (24.11) starts a cgroup plugin whatever the task and proctrack plugins, and
  # a container may have no cgroup file system: CgroupPlugin=disabled (cgroup.conf beside
  # slurm.conf). That value exists from Slurm 24.05 on (cgroup.conf(5) of 23.11, Ubuntu 24.04's
  # Slurm, lists only cgroup/v1, cgroup/v2 and autodetect); 22.05 (Debian 12) needs no cgroup.conf.
  local version
  version=$(slurmd -V | awk '{print $2}')
  if [[ $(printf '%s\n' 24.05 "$version" | sort -V | head -n1) == 24.05 ]]; then
    echo "CgroupPlugin=disabled" >"$dir/cgroup.conf"
  fi
  # `slurmd -C` prints this machine's NodeName line: real CPUs, sockets, cores and RealMemory.
  local hardware
  hardware=$(slurmd -C | head -n1 | sed "s/^NodeName=[^ ]*//")
  cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh: a one-node cluster for gpuguide fleet.
ClusterName=gpuguide-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
PlugStackConfig=$dir/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# Finished jobs stay visible to squeue/scontrol for 10 minutes (there is no slurmdbd for sacct).
MinJobAge=600
ReturnToService=2
SlurmdTimeout=60
# Commands retry a controller they cannot reach for about twice this (default 10 s: 20 s); on one
# machine a message takes milliseconds, and the fleet test that stops the controller waits less.
MessageTimeout=5
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  need_root_and_packages
  if alive "$dir/run/slurmctld.pid"; then
    die "already running (state in $dir); 'stop' first"
  fi
  write_config
  munged --force --socket="$socket" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" \
    --seed-file="$dir/munge/munged.seed" ||
    die "munged did not start; see $dir/log/munged.log"
  export SLURM_CONF=$conf
  slurmctld -f "$conf" || die "slurmctld did not start; see $dir/log/slurmctld.log"
  slurmd -f "$conf" || die "slurmd did not start; see $dir/log/slurmd.log"
  # Wait until the node takes jobs (idle), at most 60 s.
  local state=""
  for _ in $(seq 60); do
    state=$(sinfo --noheader --nodes="$node" --format=%T 2>/dev/null || true)
    [[ $state == idle* ]] && break
    sleep 1
  done
  if [[ $state != idle* ]]; then
    tail -n 5 "$dir"/log/*.log >&2 || true
    die "node $node is '${state:-unreachable}' after 60 s; logs in $dir/log (stop removes them)"
  fi
  echo "slurm-local: one-node cluster up: node $node ($(sinfo --noheader --nodes="$node" \
    --format="%c CPUs, %m MB")), partition local, state in $dir"
  echo "export SLURM_CONF=$conf"
}

stop() {
  local daemon
  for daemon in slurmd slurmctld munged; do
    local pid_file=$dir/run/$daemon.pid
    if alive "$pid_file"; then
      local pid
      pid=$(cat "$pid_file")
      kill "$pid"
      for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
  done
  # Only a folder this script made: it holds slurm.conf written by it.
  if [[ -f $conf ]] && grep -q "scripts/slurm-local.sh" "$conf"; then
    rm -rf "$dir"
  fi
  echo "slurm-local: stopped"
}

status() {
  local daemon up=0
  for daemon in munged slurmctld slurmd; do
    if alive "$dir/run/$daemon.pid"; then
      echo "$daemon: running (pid $(cat "$dir/run/$daemon.pid"))"
      up=$((up + 1))
    else
      echo "$daemon: not running"
    fi
  done
  if ((up == 3)); then
    echo "node: $(SLURM_CONF=$conf sinfo --noheader --Node --format='%N %T %c CPUs %m MB %E')"
    echo "export SLURM_CONF=$conf"
  fi
  ((up == 3))
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status (GPUGUIDE_SLURM_DIR, default /tmp/gpuguide-slurm)" >&2; exit 2 ;;
esac
