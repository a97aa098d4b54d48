#!/usr/bin/env bash
# A release tag names the version: vX.Y.Z must be CMakeLists.txt's project(VERSION) and
# CHANGELOG.md's top version heading (.github/workflows/release.yml; the release process in
# docs/src/contributing/release.md).
#
#   scripts/release.d/check-tag.sh TAG
set -euo pipefail
cd "$(dirname "$0")/../.."
tag=${1:?usage: check-tag.sh TAG}
source scripts/release.d/versions.sh
cmake_version=$(cmake_version .)
changelog_version=$(changelog_version .)
[[ $tag == "v$cmake_version" ]] ||
  { echo "release: tag $tag, but CMakeLists.txt says version $cmake_version" >&2; exit 1; }
[[ $changelog_version == "$cmake_version" ]] ||
  { echo "release: CHANGELOG.md's top version is $changelog_version, not $cmake_version" >&2; exit 1; }
echo "release: $tag is version $cmake_version in CMakeLists.txt and CHANGELOG.md"
