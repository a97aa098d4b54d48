#!/usr/bin/env bash
# Content checks that need no build: the catalogue data files are valid and the statements corrected
# for issue 18 stay corrected (tests/content/corrections.py lists each one, in both languages).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 content/data/check.py
python3 tests/content/corrections.py content
