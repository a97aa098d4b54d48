// How gpuguide ends for each kind of failure (load/error.hpp): bad input prints its file:line
// message and exits 1; an internal error says it is a bug and exits 70; anything else exits 2.
#include "gpuguide_catch.hpp"
#include "load/error.hpp"

#include <filesystem>
#include <system_error>

using gpuguide::failure_of;

TEST_CASE("bad input, a bug and anything else end gpuguide differently", "[errors]") {
    const auto input = failure_of(std::make_exception_ptr(
        gpuguide::InputError("content/en/a.md:3: gg-table: no probe \"x\"")));
    CHECK(input.status == 1);
    CHECK(input.message == "content/en/a.md:3: gg-table: no probe \"x\""); // printed as is

    const auto bug = failure_of(std::make_exception_ptr(
        gpuguide::InternalError("while rendering content/en/a.md: map::at")));
    CHECK(bug.status == 70);
    CHECK(bug.message ==
          "gpuguide: internal error: while rendering content/en/a.md: map::at\nThis is a bug in "
          "gpuguide, not a problem with your book or options; please report it with the command "
          "you ran.");

    const auto disk = failure_of(std::make_exception_ptr(std::filesystem::filesystem_error(
        "cannot write", "site/en/a.html", std::make_error_code(std::errc::no_space_on_device))));
    CHECK(disk.status == 2);
    CHECK(disk.message.starts_with("gpuguide: "));
    CHECK(disk.message.find("site/en/a.html") != std::string::npos);
    CHECK(disk.message.find("internal error") == std::string::npos);

    // A library's exception that nobody turned into an input error is a bug too.
    CHECK(failure_of(std::make_exception_ptr(42)).status == 70);
}
