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
  printf -v "$1" '%d' "$(awk 'NR == 2 {
    s = 0
    for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] }
    print int(s) }' "$times_file")"
}

# run_step NAME COMMAND...: runs one step and records "NAME passed|FAILED|skipped (time)". A step
# that exits with 77 (as ctest and automake take it) did not run here: it is "skipped", and the
# reason is the last line it printed that says "skipped: REASON".
run_step() {
  local name=$1 start=$SECONDS cpu_start cpu_end status=passed code log reason=""
  children_cpu cpu_start
  shift
  echo "== $name"
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  if ((code == 77)); then
    status=skipped
    skipped=$((skipped + 1))
    reason=$(grep -o 'skipped: .*' "$log" | tail -n1 | sed 's/^skipped: //')
    reason=" (${reason:-no reason given})"
  elif ((code != 0)); then
    status=FAILED
    failed=$((failed + 1))
  fi
  rm -f "$log"
  children_cpu cpu_end
  local took=$((SECONDS - start)) cpu=$((cpu_end - cpu_start))
  results+=("$(printf '  %-28s %-7s %3d min %02d s  (CPU %3d min %02d s)%s' "$name" "$status" \
    $((took / 60)) $((took % 60)) $((cpu / 60)) $((cpu % 60)) "$reason")")
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

total_start=$SECONDS
run_step "unit tests (release build)" release_tests
for step in scripts/test.d/*.sh; do
  [[ -e $step ]] || continue
  run_step "$(basename "$step" .sh)" bash "$step"
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
