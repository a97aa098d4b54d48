#!/usr/bin/env bash
# Run every test: the unit tests (release build), then each scripts/test.d/*.sh step (sanitizers,
# bounded fuzzing, the bad-input corpus, the browser tests, the site check). Installs what is
# missing. Every step runs even when an earlier one failed; the summary at the end lists each
# step's result and time, and the exit status is non-zero if any failed. Used as is by .ci/run.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test || exit 1

results=()
failed=0
skipped=0
# children_cpu VAR: sets VAR to the CPU seconds (user + system) of every finished child so far.
# `times` runs in this shell, not in a subshell (a forked shell would count no children).
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
children_cpu() {
  times >"$times_file"
  printf -v "$1" '%d' "$(children_seconds "$times_file")"
}
# children_seconds FILE: the children's CPU seconds in FILE, the output of `times`.
children_seconds() {
  awk 'NR == 2 {
    s = 0
    for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] }
    print int(s) }' "$1"
}

# record NAME CODE SECONDS CPU LOG: adds "NAME passed|FAILED|skipped (time)" to the summary. A step
# that exits with 77 (as ctest and automake take it) did not run here: it is "skipped", and the
# reason is the last line it printed that says "skipped: REASON".
record() {
  local name=$1 code=$2 took=$3 cpu=$4 log=$5 status=passed reason=""
  if ((code == 77)); then
    status=skipped
    skipped=$((skipped + 1))
    reason=$(grep -o 'skipped: .*' "$log" | tail -n1 | sed 's/^skipped: //')
    reason=" (${reason:-no reason given})"
  elif ((code != 0)); then
    status=FAILED
    failed=$((failed + 1))
  fi
  results+=("$(printf '  %-28s %-7s %3d min %02d s  (CPU %3d min %02d s)%s' "$name" "$status" \
    $((took / 60)) $((took % 60)) $((cpu / 60)) $((cpu % 60)) "$reason")")
}

# run_step NAME COMMAND...: runs one step, its output shown as it comes.
run_step() {
  local name=$1 start=$SECONDS cpu_start cpu_end code log
  children_cpu cpu_start
  shift
  echo "== $name"
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  children_cpu cpu_end
  record "$name" "$code" $((SECONDS - start)) $((cpu_end - cpu_start)) "$log"
  rm -f "$log"
}

# start_alongside NAME COMMAND...: starts a step that mostly waits (on a Slurm cluster, on a
# browser) in the background, beside the steps after it; finish_alongside NAME prints its output
# and records it. (Its CPU time is its own; the steps during which it ran count it too.)
declare -A alongside_pid=() alongside_dir=()
start_alongside() {
  local name=$1 dir
  dir=$(mktemp -d)
  shift
  echo "== $name: started, beside the next steps (its output follows them)"
  (
    start=$SECONDS
    "$@" >"$dir/log" 2>&1
    code=$?
    times >"$dir/times" # this subshell's children: the step's own CPU time
    echo "$code $((SECONDS - start))" >"$dir/status"
  ) &
  alongside_pid[$name]=$! alongside_dir[$name]=$dir
}
finish_alongside() {
  local name=$1 code took dir
  [[ -n ${alongside_pid[$name]:-} ]] || return 0
  dir=${alongside_dir[$name]}
  wait "${alongside_pid[$name]}"
  echo "== $name (ran beside the steps before this line)"
  cat "$dir/log"
  read -r code took <"$dir/status" || { code=1 took=0; }
  record "$name" "$code" "$took" "$(children_seconds "$dir/times")" "$dir/log"
  rm -rf "$dir"
  unset "alongside_pid[$name]"
}

# The probes' fault injection is compiled in for the tests only (GPUGUIDE_TEST_HOOKS); the last
# step, 90-release-binaries, builds as scripts/build.sh does and checks that it is gone.
release_tests() {
  cmake --preset default -DGPUGUIDE_BUILD_TESTS=ON -DGPUGUIDE_TEST_HOOKS=ON >/dev/null &&
    cmake --build --preset default &&
    ctest --preset default -j "$GPUGUIDE_TEST_JOBS"
}

# ctest runs one test per core, from 2 up to 4 (the presets' 2 left more cores idle; every test
# keeps to its own folders and ports). Steps read it too (20-asan).
cores=$(nproc)
export GPUGUIDE_TEST_JOBS=${GPUGUIDE_TEST_JOBS:-$((cores < 2 ? 2 : cores > 4 ? 4 : cores))}

# Steps that mostly wait, each as "STEP FROM UNTIL": started beside FROM and the steps after it,
# collected before UNTIL. 45-fleet waits on Slurm (minutes, for seconds of CPU): it runs beside
# 20-asan and is collected before 90-release-binaries rebuilds the binaries it runs. (40-browser
# beside 20-asan too made the two take 17:40 on two cores against 8:58 + 7:57 one after the
# other: Chromium computes more than it waits there, so it runs in turn.) GPUGUIDE_ALONGSIDE=0
# runs every step in turn.
alongside_plan=("45-fleet 20-asan 90-release-binaries")
[[ ${GPUGUIDE_ALONGSIDE:-1} == 0 ]] && alongside_plan=()
declare -A started_beside=()

total_start=$SECONDS
run_step "unit tests (release build)" release_tests
for step in scripts/test.d/*.sh; do
  [[ -e $step ]] || continue
  name=$(basename "$step" .sh)
  for plan in "${alongside_plan[@]}"; do
    read -r beside from until <<<"$plan"
    [[ $name == "$until" ]] && finish_alongside "$beside"
  done
  for plan in "${alongside_plan[@]}"; do
    read -r beside from until <<<"$plan"
    if [[ $name == "$from" && -e scripts/test.d/$beside.sh ]]; then
      start_alongside "$beside" bash "scripts/test.d/$beside.sh"
      started_beside[$beside]=1
    fi
  done
  [[ -n ${started_beside[$name]:-} ]] && continue # started beside an earlier step
  run_step "$name" bash "$step"
done
for plan in "${alongside_plan[@]}"; do
  read -r beside from until <<<"$plan"
  finish_alongside "$beside"
done
total=$((SECONDS - total_start))
echo "== summary"
printf '%s\n' "${results[@]}"
if ((failed)); then
  echo "$failed of ${#results[@]} test steps FAILED ($((total / 60)) min $((total % 60)) s)"
  exit 1
fi
echo "all $((${#results[@]} - skipped)) test steps passed, $skipped skipped" \
  "($((total / 60)) min $((total % 60)) s)"
