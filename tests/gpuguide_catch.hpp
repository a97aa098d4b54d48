/// One include for every test file, whichever Catch2 the system ships: v3 (Debian 13, Ubuntu
/// 24.04) is the one written for; v2 (Debian 12) is mapped onto the same names here, so test
/// files never test for the version themselves.
#pragma once

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
/// v2 declares Approx at global scope; so does this header on v3, so that a test that compiled on
/// Debian 12 compiles on Debian 13 too.
using Catch::Approx;
#else
#include <catch2/catch.hpp>
namespace Catch {
/// v3 spells these Catch::Approx and Catch::Matchers::ContainsSubstring.
using Detail::Approx;
namespace Matchers {
inline auto ContainsSubstring(const std::string& text) {
    return Contains(text);
}
} // namespace Matchers
} // namespace Catch
#endif

#include <cstdlib>
#include <iostream>
#include <string>

/// Tests whose precondition may be missing here (a GPU, or its absence; the probes' test hooks;
/// a library) never return early as a pass. Such a test case carries the hidden tag
/// "[.may-skip]" and calls gpuguide::testing::skip() when its precondition does not hold. Catch2
/// v2 has no SKIP() (v3 has, with its own exit code), so skip() prints the reason and exits with
/// 77, and the CMake function gpuguide_discover_tests() (tests/CMakeLists.txt) registers every
/// "[may-skip]" case as a ctest entry of its own with SKIP_RETURN_CODE 77: ctest reports it as
/// skipped, and `ctest --output-on-failure -V` or the log shows why. Because skip() ends the
/// process, run such a case alone (`probe_tests "case name"`), as ctest does; a case that calls
/// skip() without the tag fails in ctest instead of passing.
namespace gpuguide::testing {
[[noreturn]] inline void skip(const std::string& reason) {
    std::cout << "SKIPPED: " << reason << std::endl;
    std::exit(77);
}
} // namespace gpuguide::testing
