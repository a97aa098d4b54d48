#include "version.hpp"

#include "gpuguide_commit.hpp"

namespace gpuguide::version {

std::string_view number() { return GPUGUIDE_VERSION_NUMBER; }

std::string_view commit() { return GPUGUIDE_COMMIT; }

std::string generator_tag() { return std::string("gpuguide ") + GPUGUIDE_VERSION_NUMBER; }

std::string text(std::string_view program) {
    std::string out(program);
    out += " " GPUGUIDE_VERSION_NUMBER "\n";
    out += "commit: " GPUGUIDE_COMMIT "\n";
    out += "CUDA probes: " GPUGUIDE_VERSION_CUDA "\n";
    out += GPUGUIDE_VERSION_TEST_HOOKS
               ? "test hooks: on (GPUGUIDE_PROBE_FAULT and GPUGUIDE_PROBE_HIDE_LIBS act; a test "
                 "build, never for measuring)"
               : "test hooks: off";
    return out;
}

} // namespace gpuguide::version
