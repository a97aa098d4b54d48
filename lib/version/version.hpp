// The version of gpuguide and gpuguide-probe, one for both (version/CMakeLists.txt).
#pragma once

#include <string>
#include <string_view>

namespace gpuguide::version {

/// The release, CMakeLists.txt's project(VERSION), e.g. "0.4.0"; CHANGELOG.md's top heading.
std::string_view number();

/// The commit built: 12 hex digits, with "-dirty" when the tree had uncommitted changes, or
/// "unknown" when built outside a git checkout without GPUGUIDE_COMMIT.
std::string_view commit();

/// "gpuguide 0.4.0": what the pages' generator tag says (no commit, so that a site built from
/// another commit of the same release differs only where its content does).
std::string generator_tag();

/// What `PROGRAM --version` prints: the version, the commit, whether the CUDA probes and the
/// probes' test hooks are compiled into this build. Several lines, without a final line break
/// (CLI11's version flag adds one).
std::string text(std::string_view program);

} // namespace gpuguide::version
