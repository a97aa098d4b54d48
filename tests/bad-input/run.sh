#!/usr/bin/env bash
# The bad-input corpus runner. Usage: tests/bad-input/run.sh GPUGUIDE [CASE...]
#
# Builds the good book in base/ (with the repository's templates/) once, then for every case in
# cases/ (or the named ones) builds a broken copy of it into a copy of the good site and asserts:
#   * gpuguide exits non-zero, without a crash (signal) and within the time limit;
#   * every line of the case's `expect` file appears, exactly, as a line of its output;
#   * the earlier good site is byte for byte what it was, and nothing was left beside it.
# A case folder holds (see README.md): expect, and any of files/ (copied over the book), remove
# (paths to delete, one a line), setup.sh (run in the book to generate big inputs), args (the
# gpuguide arguments, @OUT@ = the site folder), env (NAME=VALUE words set for gpuguide), pre-args
# (a command that must succeed first, e.g. the build before a `check`), outcome ("fail", the
# default, or "ok-or-fail" for stress inputs that may render or be refused, but must not crash,
# hang or leave a broken site).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
exe=$(realpath "${1:?usage: run.sh GPUGUIDE [CASE...]}")
shift
limit=${GPUGUIDE_BAD_INPUT_TIMEOUT:-120}
# --measurements: this build's document from a file, so no probe runs (probe_faults.sh covers them).
default_args="build --content content --templates templates --out @OUT@ --measurements this-build.json"

work=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-bad-input.XXXXXX")
trap 'rm -rf "$work"' EXIT

# make_book DIR: a fresh copy of the good book with the repository's templates.
make_book() {
  mkdir -p "$1"
  cp -R "$here/base/." "$1/"
  cp -R "$repo/templates" "$1/templates"
}

# gpuguide DIR OUT ARGS...: runs gpuguide in DIR, @OUT@ in ARGS replaced by OUT, with the
# case's environment (case_env: NAME=VALUE words from its `env` file).
case_env=()
gpuguide() {
  local dir=$1 out=$2
  shift 2
  (cd "$dir" && env "${case_env[@]}" timeout -s KILL "$limit" "$exe" "${@//@OUT@/$out}")
}

make_book "$work/good"
if ! gpuguide "$work/good" "$work/good-out/site" $default_args >"$work/good.log" 2>&1; then
  echo "bad-input: the good base book does not build:" >&2
  cat "$work/good.log" >&2
  exit 1
fi

cases=("$@")
if ((${#cases[@]} == 0)); then
  for dir in "$here"/cases/*/; do
    cases+=("$(basename "$dir")")
  done
fi

failures=0
# fail_case NAME MESSAGE...: reports one broken expectation.
fail_case() {
  local name=$1
  shift
  echo "FAIL $name: $*" >&2
  failures=$((failures + 1))
  case_ok=0
}

# tree_digest DIR: every folder and every file's hash under DIR, so any change shows.
tree_digest() {
  (cd "$1" && find . -type d | LC_ALL=C sort && find . -type f -print0 | LC_ALL=C sort -z |
    xargs -0 -r sha256sum)
}

for name in "${cases[@]}"; do
  case_ok=1
  case_dir=$here/cases/$name
  book=$work/cases/$name/book
  out_parent=$work/cases/$name/out
  make_book "$book"
  [[ -d $case_dir/files ]] && cp -R "$case_dir/files/." "$book/"
  if [[ -f $case_dir/remove ]]; then
    while read -r path; do
      [[ -n $path ]] && rm -rf "${book:?}/$path"
    done <"$case_dir/remove"
  fi
  [[ -f $case_dir/setup.sh ]] && (cd "$book" && bash "$case_dir/setup.sh")
  mkdir -p "$out_parent"
  cp -R "$work/good-out/site" "$out_parent/site"
  outcome=$(cat "$case_dir/outcome" 2>/dev/null || echo fail)
  read -r -a args <<<"$(cat "$case_dir/args" 2>/dev/null || echo "$default_args")"
  case_env=()
  [[ -f $case_dir/env ]] && read -r -a case_env <"$case_dir/env"

  if [[ -f $case_dir/pre-args ]]; then
    read -r -a pre <<<"$(cat "$case_dir/pre-args")"
    if ! gpuguide "$book" "$out_parent/site" "${pre[@]}" >"$work/cases/$name/pre.log" 2>&1; then
      fail_case "$name" "the preparing command failed: $(head -n 3 "$work/cases/$name/pre.log")"
      continue
    fi
  fi
  before=$(tree_digest "$out_parent")

  # stdout and stderr together: `check` reports on stdout, input errors go to stderr.
  output=$work/cases/$name/output
  status=0
  gpuguide "$book" "$out_parent/site" "${args[@]}" >"$output" 2>&1 || status=$?

  if ((status > 128)); then
    fail_case "$name" "killed by signal $((status - 128)) (crash, or over ${limit}s)"
    tail -n 20 "$output" >&2
    continue
  fi
  if ((status == 0)); then
    if [[ $outcome == ok-or-fail ]]; then
      echo "ok   $name (rendered)"
      continue
    fi
    fail_case "$name" "exit status 0, expected an error"
    continue
  fi
  if [[ $outcome == ok-or-fail && ! -f $case_dir/expect ]]; then
    # Refused: the message must still name the input file (and line) first.
    grep -Eq '^(content|templates)/[^ ]+(:[0-9]+)?: .+' "$output" ||
      fail_case "$name" "refused without a file:line: message: $(head -n 3 "$output")"
  elif [[ ! -f $case_dir/expect ]]; then
    fail_case "$name" "no expect file; the output was:"
    sed 's/^/  | /' "$output" | head -n 5 >&2
  else
    while IFS= read -r line; do
      [[ -z $line ]] && continue
      if ! grep -Fxq -- "$line" "$output"; then
        fail_case "$name" "the output lacks the line: $line"
        echo "  the output was:" >&2
        sed 's/^/  | /' "$output" | head -n 20 >&2
      fi
    done <"$case_dir/expect"
  fi
  if [[ $before != "$(tree_digest "$out_parent")" ]]; then
    fail_case "$name" "the earlier site was changed:"
    diff -r "$work/good-out/site" "$out_parent/site" | head -n 10 >&2 || true
  fi
  # The no-change record and the page table of one-page edits sit beside the site by design
  # (docs/src/design/build.md).
  leftovers=$(cd "$out_parent" && ls -A |
    grep -vx -e site -e site.gpuguide-manifest -e site.gpuguide-pages || true)
  [[ -z $leftovers ]] || fail_case "$name" "left beside the site: $leftovers"
  ((case_ok)) && echo "ok   $name (exit $status)"
done

total=${#cases[@]}
if ((failures)); then
  echo "bad-input: $failures failure(s) in $total cases" >&2
  exit 1
fi
echo "bad-input: all $total cases passed"
