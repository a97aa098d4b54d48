#!/usr/bin/env bash
# Checks, on whichever Slurm is installed, the exact commands and output formats gpuguide fleet
# relies on (generator/fleet/slurm.hpp), without gpuguide itself: so a Slurm version can be checked
# on a system where the project is not built (Debian 13's Slurm 24.11 in a fresh root, say).
# As root: starts scripts/slurm-local.sh in a temporary folder, stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
export GPUGUIDE_SLURM_DIR=/tmp/gpuguide-slurm-formats-$$ SLURM_CONF=/tmp/gpuguide-slurm-formats-$$/slurm.conf
export GPUGUIDE_SLURM_PORT=${GPUGUIDE_SLURM_PORT:-$((20000 + $$ % 20000 * 2))}
trap 'scripts/slurm-local.sh stop >/dev/null' EXIT
scripts/slurm-local.sh start
echo "slurm: $(sinfo --version)"
nodes=$(sinfo --noheader --Node --format='%N|%T|%G|%c|%z|%m|%f|%P|%n|%o|%E')
echo "sinfo: $nodes"
[[ $(head -n1 <<<"$nodes" | awk -F'|' '{print NF}') -ge 11 ]] || { echo "sinfo: not 11 fields" >&2; exit 1; }
node=$(cut -d'|' -f1 <<<"$nodes" | head -n1)
work=$GPUGUIDE_SLURM_DIR/work
mkdir -p "$work"
job=$(sbatch --parsable --hold --array=0-1 --exclusive --nodes=1 --ntasks=1 --job-name=formats \
  --chdir="$work" --output="$work/%A_%a.out" --time=00:05:00 --wrap 'hostname; exit $SLURM_ARRAY_TASK_ID')
echo "sbatch --parsable: $job"
[[ $job =~ ^[0-9]+(\;.*)?$ ]] || { echo "sbatch: not a job id" >&2; exit 1; }
job=${job%%;*}
echo "squeue (held, unsplit): $(squeue --noheader --states=all --jobs="$job" --format='%i|%T|%r|%N' | tr '\n' ' ')"
scontrol update JobId="${job}_0" ReqNodeList="$node"
scontrol update JobId="${job}_1" ReqNodeList="$node"
scontrol release "$job"
for _ in $(seq 60); do
  states=$(squeue --noheader --states=all --jobs="$job" --format='%i|%T|%r|%N' | sort)
  grep -qE 'PENDING|RUNNING|COMPLETING' <<<"$states" || break
  sleep 1
done
echo "squeue (ended): $(tr '\n' ' ' <<<"$states")"
grep -q "^${job}_0|COMPLETED|None|$node\$" <<<"$states" || { echo "task 0 not COMPLETED on $node" >&2; exit 1; }
grep -q "^${job}_1|FAILED|NonZeroExitCode|$node\$" <<<"$states" || { echo "task 1 not FAILED" >&2; exit 1; }
if sacct --noheader --parsable2 --allocations --jobs="$job" \
  --format=JobID,State,Reason,NodeList,ExitCode >/dev/null 2>&1; then
  echo "sacct: accounting on"
else
  echo "sacct: accounting off (no slurmdbd), as in slurm-local.sh; squeue answers"
fi
echo "slurm formats: ok"
