// list_files_sorted: the order every listing-based output (the build's manifest, the copied
// files) follows is std::filesystem::path's, component by component, whatever it is computed by.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/files.hpp"

#include <algorithm>

TEST_CASE("list_files_sorted lists in path order, component by component", "[files]") {
    gg_test::TempDir dir;
    // Names where comparing whole strings would order otherwise: '-', '.', ' ' and '!' sort before
    // '/', and a folder's files come before a longer name that starts like the folder.
    const std::vector<std::string> names = {"a-b",   "a/b",   "a.b",  "a/b/c", "ab",   "a b",
                                            "a!",    "a/B",   "中/x", "a/b-c", "a0",   "Z",
                                            "a/b/d", "a.b/c", "b",    "a/ab",  "a/a b"};
    for (const auto& name : names) {
        gg_test::write(dir.path() / name / "f.md", "x");
    }
    const auto listed = gpuguide::list_files_sorted(dir.path());
    auto expected = listed;
    std::sort(expected.begin(), expected.end()); // std::filesystem::path's own comparison
    REQUIRE(listed.size() == names.size());
    CHECK(listed == expected);
    CHECK(listed.front() == "Z/f.md");
}

TEST_CASE("read_file reads a file whole into a string of its size", "[files]") {
    gg_test::TempDir dir;
    // A page of a megabyte: a string grown to find the end would hold twice that (a 12 MB page's
    // Markdown took 24 MB while it was rendered).
    std::string text(1 << 20, 'x');
    text.back() = '\n';
    gg_test::write(dir.path() / "big.md", text);
    const auto read = gpuguide::read_file(dir.path() / "big.md");
    CHECK(read == text);
    CHECK(read.capacity() < text.size() + 4096);
    // What fstat gives no size for (a /proc file) is still read to its end.
    const auto status = gpuguide::read_file("/proc/self/status");
    CHECK(status.find("VmRSS:") != std::string::npos);
    CHECK(status.back() == '\n');
    gg_test::write(dir.path() / "empty.md", "");
    CHECK(gpuguide::read_file(dir.path() / "empty.md").empty());
}
