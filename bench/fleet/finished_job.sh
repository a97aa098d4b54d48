# shellcheck shell=bash
# Sourced by bench/fleet/run.sh and collect-ab.sh: a one-node Slurm of its own and a finished
# job's documents to collect.
#
#   finished_job WORK COUNT   # sets $job; WORK/hosts: the documents (bench/fleet/make_fleet.py,
#                             # four faults planted, WORK/faults.json); WORK/fleet-work: the job
#
# The job id is one the local Slurm never had, so the collector sees an array whose tasks have
# all left squeue and takes every document (the silent node's is missing). The cluster is
# stopped and WORK removed when the script exits.
finished_job() {
  local work=$1 count=$2
  export GPUGUIDE_SLURM_DIR=$work/slurm SLURM_CONF=$work/slurm/slurm.conf
  export GPUGUIDE_SLURM_PORT=${GPUGUIDE_SLURM_PORT:-$((20000 + $$ % 20000 * 2))}
  # shellcheck disable=SC2064 # WORK as it is now: the variable is the function's own
  trap "scripts/slurm-local.sh stop >/dev/null; rm -rf '$work'" EXIT
  scripts/slurm-local.sh start >/dev/null
  python3 bench/fleet/make_fleet.py "$count" "$work/hosts" --faults "$work/faults.json"
  job=99999999
  mkdir -p "$work/fleet-work"
  # Each task's document where the task leaves it, and the plan that submitted them.
  python3 - "$work" "$count" "$job" <<'PY'
import json, os, sys
work, count, job = sys.argv[1], int(sys.argv[2]), sys.argv[3]
nodes = ["node%04d" % i for i in range(count)]
for i, node in enumerate(nodes):
    source = os.path.join(work, "hosts", node + ".json")
    if os.path.exists(source):  # the silent node sent nothing
        os.link(source, os.path.join(work, "fleet-work", "%s_%d.json" % (job, i)))
json.dump({"job": job, "nodes": nodes}, open(os.path.join(work, "fleet-work", job + ".plan.json"), "w"))
PY
}
