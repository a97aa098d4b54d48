#!/usr/bin/env bash
# Prints CHANGELOG.md's section for VERSION (the release notes), without its heading.
#
#   scripts/release.d/notes.sh VERSION
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:?usage: notes.sh VERSION}
awk -v v="$version" '
  /^## \[/ { inside = index($0, "## [" v "]") == 1; next }
  /^\[[^]]*\]: / { inside = 0 }
  inside' CHANGELOG.md
