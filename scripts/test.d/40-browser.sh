#!/usr/bin/env bash
# Browser tests of the built guide (tests/e2e): Debian's chromium driven by playwright-core,
# html-validate and axe-core on every page, page weight, screenshots in build/screenshots/.
# Needs build/default/generator/gpuguide (scripts/test.sh builds it first), node and chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."

gpuguide=${GPUGUIDE_BIN:-build/default/generator/gpuguide} # another build for local runs
[[ -x $gpuguide ]] || { echo "40-browser: $gpuguide is missing; run scripts/test.sh" >&2; exit 1; }
command -v node >/dev/null || { echo "40-browser: node is missing (scripts/deps.sh test)" >&2; exit 1; }
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[[ -x $CHROMIUM ]] || { echo "40-browser: $CHROMIUM is missing (scripts/deps.sh test)" >&2; exit 1; }

# The exact versions in package-lock.json; playwright-core never downloads a browser.
(cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)

site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
"$gpuguide" build --content content --templates templates --measure reference --out "$site/site" >/dev/null
export GPUGUIDE_SITE=$site/site
export GPUGUIDE_SCREENSHOTS=$PWD/build/screenshots

cd tests/e2e
node --test --test-concurrency=1 --test-reporter=spec ./*.test.js
