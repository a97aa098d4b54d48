#!/usr/bin/env bash
# Bounded fuzzing: builds the libFuzzer targets (preset `asan`: clang, ASan + UBSan, the build
# 20-asan made for the unit tests, so nothing is compiled twice) and runs each one for
# GPUGUIDE_FUZZ_SECONDS (default 25, a smoke run that keeps CI under 25 minutes), two at a time,
# starting from its committed seed corpus in tests/fuzz/corpus/<name>/. Fails on any crash,
# sanitizer report, leak or input slower than 10 s, and prints the reproducer.
# Longer runs: GPUGUIDE_FUZZ_SECONDS=600 scripts/test.d/30-fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${GPUGUIDE_FUZZ_SECONDS:-25}
jobs=${GPUGUIDE_FUZZ_JOBS:-2}
corpus_root=tests/fuzz/corpus
build=build/asan
work=$build/fuzz-runs

cmake --preset asan >/dev/null
# One target per seed-corpus folder: adding a target means adding its corpus.
names=()
for dir in "$corpus_root"/*/; do
  names+=("$(basename "$dir")")
done
cmake --build --preset asan --target "${names[@]/#/fuzz_}"

rm -rf "$work"
mkdir -p "$work"

# run_one NAME: fuzzes one target; its log goes to $work/NAME.log, new inputs to $work/NAME/.
run_one() {
  local name=$1 dict=tests/fuzz/dict/$1.dict
  local -a args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536
                 -print_final_stats=1 -artifact_prefix="$work/$name-")
  [[ -f $dict ]] && args+=(-dict="$dict")
  mkdir -p "$work/$name"
  if "$build/tests/fuzz/fuzz_$name" "${args[@]}" "$work/$name" "$corpus_root/$name" \
      >"$work/$name.log" 2>&1; then
    echo "fuzz_$name: $(grep -m1 'stat::number_of_executed_units' "$work/$name.log" |
      awk '{print $2}') executions in ${seconds}s, no findings"
  else
    echo "fuzz_$name FAILED; from $work/$name.log:" >&2
    grep -a -m1 -A24 -E '^==[0-9]+==|^terminate called|deadly signal' "$work/$name.log" >&2 ||
      tail -n 30 "$work/$name.log" >&2
    for artifact in "$work/$name"-*; do
      [[ -e $artifact ]] && echo "reproduce: $build/tests/fuzz/fuzz_$name $artifact" >&2
    done
    return 1
  fi
}
export -f run_one
export seconds build work corpus_root

printf '%s\n' "${names[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$1"' _ {}
