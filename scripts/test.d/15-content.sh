#!/usr/bin/env bash
# Checks that need no build: the catalogue data files are valid, the statements corrected on the
# guide's pages stay corrected (tests/content/corrections.py lists each one, in both languages),
# and the manual's reference documents every option, book.toml key, directive field and
# environment variable the code reads, and nothing else (tests/docs/check_reference.py), and that
# check fails on a scratch copy where the two part ways (tests/docs/check_reference_fails.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 content/data/check.py
python3 tests/content/corrections.py content
python3 tests/docs/check_reference.py
bash tests/docs/check_reference_fails.sh
