# The version as its two sources write it (sourced; no side effects). ROOT: the checkout.
# cmake_version ROOT: CMakeLists.txt's project(gpuguide VERSION X.Y.Z), the one version.
cmake_version() { sed -n 's/^project(gpuguide VERSION \([0-9.]*\).*/\1/p' "$1/CMakeLists.txt"; }
# changelog_version ROOT: CHANGELOG.md's top version heading (## [X.Y.Z] - DATE).
changelog_version() { sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' "$1/CHANGELOG.md" | head -1; }
