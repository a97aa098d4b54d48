#!/usr/bin/env bash
# Builds the manual (docs/: book.toml, src/SUMMARY.md) with gpuguide itself and checks it.
#   scripts/manual.sh [--check] [--out DIR] [-- extra gpuguide build options]
# First writes docs/src/reference/commands.md from the programs' own --help (gpuguide, each of its
# subcommands, gpuguide-probe), so the command reference cannot drift from the binaries; with
# --check it writes nothing into docs/ and fails when the committed chapter differs (the test
# step 50-site-check runs it so). Then builds the manual into DIR (default build/manual), failing
# on any warning, and runs `gpuguide check` on it. Links from the manual up to the guide (it is
# published under /docs/ beside it) are allowed here and checked on the combined site by the
# Pages workflow. Needs build/default (scripts/build.sh, or cmake --build --preset default).
set -euo pipefail
cd "$(dirname "$0")/.."
gpuguide=$(realpath "${GPUGUIDE:-build/default/generator/gpuguide}")
probe=$(realpath "${GPUGUIDE_PROBE:-build/default/probes/gpuguide-probe}")
check=0 out=build/manual
while (($#)); do
  case $1 in
    --check) check=1 ;;
    --out) out=$2; shift ;;
    --) shift; break ;;
    *) echo "manual: unknown option $1 (use --check, --out DIR, -- build options)" >&2; exit 2 ;;
  esac
  shift
done
for program in "$gpuguide" "$probe"; do
  [[ -x $program ]] || { echo "manual: $program is missing; build it first (scripts/build.sh)" >&2; exit 1; }
done

reference=docs/src/reference/commands.md
generated=$(mktemp)
trap 'rm -f "$generated" "$generated.log"' EXIT
python3 scripts/manual-commands.py "$gpuguide" "$probe" >"$generated"
if ((check)); then
  if ! diff -u "$reference" "$generated"; then
    echo "manual: $reference differs from the programs' --help (above); run scripts/manual.sh" \
      "and commit the chapter" >&2
    exit 1
  fi
  echo "manual: the command reference matches the programs' --help"
else
  cp "$generated" "$reference"
fi

mkdir -p "$(dirname "$out")"
out=$(realpath -m "$out")
(cd docs && "$gpuguide" build --out "$out" --measure reference --quiet --force "$@") 2>&1 |
  tee "$generated.log"
if grep -q 'warning' "$generated.log"; then
  echo "manual: the build printed warnings (above); the manual must build without any" >&2
  exit 1
fi
"$gpuguide" check --site "$out" --above-root-ok
echo "manual: built and checked into $out"
