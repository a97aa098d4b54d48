#!/usr/bin/env bash
# Builds the real guide (content/ + templates/) into a temporary folder and checks that every
# internal link, anchor and image resolves, that every figure's words say what it is, and that no
# Chinese page shows a line break inside a sentence as a space. Uses the committed reference
# measurements only (--measure reference), so the step is the same on any machine and runs no GPU
# probe. Then builds it again from a complete synthetic measurement
# document (every field the probes write; tests/books/full_shape_document.py) and checks that
# every measured table cell, chart and inline value of the chapter shows a figure: the GPU pages
# as a GPU host will see them. Then the manual (docs/) under the guide's /docs/, as published,
# with its command reference checked against the programs' --help.
set -euo pipefail
cd "$(dirname "$0")/../.."
gpuguide=${GPUGUIDE:-build/default/generator/gpuguide}
if [[ ! -x $gpuguide ]]; then
  echo "site-check: $gpuguide is missing; build it first (cmake --build --preset default)" >&2
  exit 1
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/gpuguide-site-check.XXXXXX")
trap 'rm -rf "$out"' EXIT
"$gpuguide" build --content content --templates templates --out "$out/site" --measure reference --quiet
"$gpuguide" check --site "$out/site"
# Every figure says what it is (docs/src/design/measurements.md "What a figure is"): without a
# GPU, no page calls the
# reference's figures this machine's, and the estimates name their inputs in words.
python3 tests/books/check_figure_wording.py "$out/site"
python3 tests/books/check_estimates.py "$out/site"
# No false precision: figures of five or more whole digits are grouped ("1,000,000 tokens"), and
# estimates show two significant figures unless their page asks for more (`digits`).
python3 tests/books/check_number_format.py "$out/site" content
# Every page of the guide names the content's licence (content/book.toml's license keys;
# content/LICENSE) in its footer.
pages=$(find "$out/site/en" "$out/site/zh" -name '*.html' | wc -l)
unlicensed=$(grep -L 'rel="license" href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0<' \
  $(find "$out/site/en" "$out/site/zh" -name '*.html' ! -name 'print.html') | head -5)
[[ $pages -gt 0 && -z $unlicensed ]] ||
  { echo "site-check: pages whose footer names no licence: ${unlicensed:-no pages at all}" >&2; exit 1; }
# Chinese text without stray spaces: no line break between two CJK characters in a zh page's
# text (a browser shows it as a space mid-sentence; generator/markdown/east_asian_breaks.cpp).
python3 tests/books/check_cjk_breaks.py "$out/site/zh"
# Several GPUs side by side: the Measured GPUs page with the H200 reference and a synthetic H100
# made from it (never committed), and the refusals of bad reference documents.
mkdir "$out/two-references"
python3 tests/books/check_measured_gpus.py "$gpuguide" "$out/two-references"
# The same pages as a GPU host sees them: the reference document passed as this machine's.
reference_document=$(ls content/measurements/reference/*.json | head -n1)
"$gpuguide" build --content content --templates templates --out "$out/as-measured" \
  --measurements "$reference_document" --quiet
python3 tests/books/check_figure_wording.py "$out/as-measured" --measured
python3 tests/books/check_number_format.py "$out/as-measured" content
python3 tests/books/full_shape_document.py "$out/full-shape.json"
"$gpuguide" build --content content --templates templates --out "$out/full-shape-site" \
  --measurements "$out/full-shape.json" --quiet
"$gpuguide" check --site "$out/full-shape-site"
python3 tests/books/check_full_shape_site.py "$out/full-shape-site" "$out/full-shape.json"
python3 tests/books/check_number_format.py "$out/full-shape-site" content

# The manual (docs/, built by gpuguide itself) under the guide's /docs/, as the Pages workflow
# publishes them: it builds without a warning, its command reference is what the programs print
# with --help (scripts/manual.sh --check), and every link of the two, between them too, resolves.
GPUGUIDE=$gpuguide scripts/manual.sh --check --out "$out/site/docs"
"$gpuguide" check --site "$out/site"

# Reproducible output: a build that measures this machine (--measure fresh runs the
# whole suite: the CPU probes, and the GPU probes where a GPU is usable) and a second build that takes
# the same figures from the probe cache give byte-identical sites. Whether this build ran a probe
# is for the build log; the pages name host, GPU and date of measurement only.
SOURCE_DATE_EPOCH=1763755200 "$gpuguide" build --content content --templates templates \
  --out "$out/measured" --cache-dir "$out/cache" --measure fresh --quiet --force
SOURCE_DATE_EPOCH=1763755200 "$gpuguide" build --content content --templates templates \
  --out "$out/cached" --cache-dir "$out/cache" --measure auto --force | tee "$out/cached.log"
grep -q "0 measured by this build" "$out/cached.log" ||
  { echo "site-check: the second build measured again instead of using the cache" >&2; exit 1; }
diff -r "$out/measured" "$out/cached"
echo "site-check: a measuring build and a cached build give byte-identical sites"

# A --force rebuild into the same folder keeps an unchanged page as the same file (a hard link
# from the staging folder to the old site's file, no new inode: bench/README.md says why), and a
# changed page as a new one; the site stays byte-identical otherwise.
page=$(cd "$out/cached" && ls en/*.html | grep -v -e index.html -e print.html -e contents.html | head -n1)
before=$(stat -c %i "$out/cached/$page")
cp -r "$out/cached" "$out/cached-before"
SOURCE_DATE_EPOCH=1763755200 "$gpuguide" build --content content --templates templates \
  --out "$out/cached" --cache-dir "$out/cache" --measure auto --force --quiet
[[ $(stat -c %i "$out/cached/$page") == "$before" ]] ||
  { echo "site-check: the unchanged $page was written anew instead of linked" >&2; exit 1; }
diff -r "$out/cached-before" "$out/cached"
echo "site-check: a --force rebuild keeps unchanged pages as the same files ($page)"
