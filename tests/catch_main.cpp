// The test runner's main, for Catch2 v3 or v2 (see gpuguide_catch.hpp).
#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

int main(int argc, char* argv[]) {
    int status = Catch::Session().run(argc, argv);
    // Exit code 77 means "skipped" to ctest (gpuguide::testing::skip()); Catch2 v2 and early v3
    // exit with the number of failed assertions, so 77 failures must not read as a skip.
    return status == 77 ? 1 : status;
}
