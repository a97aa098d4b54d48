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
