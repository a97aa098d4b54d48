#!/usr/bin/env bash
# tests/docs/check_reference.py fails when the code and the reference part ways, in each direction:
# on a scratch copy of the sources it must report a book.toml key the code stops reading, a key,
# an option and an environment variable the code starts reading undocumented, and a directive
# field that goes; and pass on the copy as it is.
#   bash tests/docs/check_reference_fails.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy() {
  rm -rf "$work/repo" && mkdir -p "$work/repo/tests/docs" "$work/repo/docs/src"
  cp -r generator probes scripts lib "$work/repo/"
  cp -r docs/src/reference "$work/repo/docs/src/"
  cp tests/docs/check_reference.py "$work/repo/tests/docs/"
}
# expect DESCRIPTION MESSAGE: the checker fails on the copy and prints MESSAGE.
expect() {
  local status=0
  python3 "$work/repo/tests/docs/check_reference.py" "$work/repo" >"$work/out" 2>&1 || status=$?
  if [[ $status -ne 1 ]] || ! grep -qF -- "$2" "$work/out"; then
    cat "$work/out"
    echo "FAIL: $1: expected exit 1 and \"$2\", got exit $status" >&2
    exit 1
  fi
  echo "check_reference fails as it should: $1"
}

copy
python3 "$work/repo/tests/docs/check_reference.py" "$work/repo" >/dev/null ||
  { echo "FAIL: the unchanged copy does not pass" >&2; exit 1; }

copy # a documented key the code no longer reads
python3 - "$work/repo/generator/load/book_toml.cpp" <<'PY'
import re, sys
path = sys.argv[1]
code = open(path).read()
new = re.sub(r'\{"copyable",\s*\[&\]\(const toml::node& flag\) \{\s*config\.copyable = '
             r'read\.boolean\(flag, "copyable"\);\s*\}\}', '', code)
assert new != code, "the copyable handler was not found"
open(path, "w").write(new.replace('}},\n                          });', '}}});'))
PY
expect "a documented book.toml key removed from the code" \
  'book.toml key `output.html.playground.copyable` is documented here but the code does not read it'

copy # an undocumented key, option and environment variable the code starts to read
sed -i 's|{"literal-emphasis", \[&\]|{"line-breaks", [\&](const toml::node\& n) { (void)n; }},\n                {"literal-emphasis", [\&]|' \
  "$work/repo/generator/load/book_toml.cpp"
expect "an undocumented book.toml key added to the code" \
  'book.toml key `output.html.gpuguide.line-breaks` is read by the code but not documented here'
sed -i 's|    command.add_flag("--force", options.force|    command.add_flag("--watch", options.force, "x");\n&|' \
  "$work/repo/generator/cli/main.cpp"
expect "an undocumented option" 'option `--watch` is read by the code but not documented here'
sed -i 's|std::getenv("TMPDIR")|std::getenv("GPUGUIDE_SCRATCH")|' "$work/repo/generator/fleet/process.cpp"
expect "an undocumented environment variable" \
  'environment variable `GPUGUIDE_SCRATCH` is read by the code but not documented here'

copy # a documented directive field the code no longer accepts
sed -i 's/"highlight", "series", "host", "precisions"/"highlight", "series", "host"/' \
  "$work/repo/generator/directives/chart.cpp"
expect "a documented directive field removed" \
  'gg-chart field `precisions` is documented here but the code does not read it'
