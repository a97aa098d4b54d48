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

# start_alongside NAME COMMAND...: starts a step that mostly waits (on a Slurm cluster) in the
# background, beside the steps after it; finish_alongside prints its output and records it. (Its
# CPU time is its own; the step during which it ended counts it too.)
alongside_name="" alongside_dir="" alongside_pid=""
start_alongside() {
  alongside_name=$1 alongside_dir=$(mktemp -d)
  shift
  echo "== $alongside_name: started, beside the next steps (its output follows them)"
  (
    start=$SECONDS
    "$@" >"$alongside_dir/log" 2>&1
    code=$?
    times >"$alongside_dir/times" # this subshell's children: the step's own CPU time
    echo "$code $((SECONDS - start))" >"$alongside_dir/status"
  ) &
  alongside_pid=$!
}
finish_alongside() {
  [[ -n $alongside_pid ]] || return 0
  local code took
  wait "$alongside_pid"
  echo "== $alongside_name (ran beside the steps before this line)"
  cat "$alongside_dir/log"
  read -r code took <"$alongside_dir/status" || { code=1 took=0; }
  record "$alongside_name" "$code" "$took" "$(children_seconds "$alongside_dir/times")" \
    "$alongside_dir/log"
  rm -rf "$alongside_dir"
  alongside_pid=""
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

# 45-fleet waits on Slurm for minutes and computes for seconds: it runs beside 20-asan and the
# steps after it, and is collected before 90-release-binaries rebuilds the binaries it runs.
# (40-browser computes more than it waits on two cores: beside 20-asan, the two took longer than
# one after the other.) GPUGUIDE_ALONGSIDE=0 runs it in turn too.
alongside_step=45-fleet alongside_from=20-asan alongside_until=90-release-binaries
[[ ${GPUGUIDE_ALONGSIDE:-1} == 0 ]] && alongside_step=""

total_start=$SECONDS
run_step "unit tests (release build)" release_tests
for step in scripts/test.d/*.sh; do
  [[ -e $step ]] || continue
  name=$(basename "$step" .sh)
  [[ $name == "$alongside_until" ]] && finish_alongside
  if [[ $name == "$alongside_from" && -e scripts/test.d/$alongside_step.sh ]]; then
    start_alongside "$alongside_step" bash "scripts/test.d/$alongside_step.sh"
  fi
  [[ $name == "$alongside_name" ]] && continue # started beside an earlier step
  run_step "$name" bash "$step"
done
finish_alongside
total=$((SECONDS - total_start))
echo "== summary"
printf '%s\n' "${results[@]}"
if ((failed)); then
  echo "$failed of ${#results[@]} test steps FAILED ($((total / 60)) min $((total % 60)) s)"
  exit 1
fi
echo "all $((${#results[@]} - skipped)) test steps passed, $skipped skipped" \
  "($((total / 60)) min $((total % 60)) s)"
