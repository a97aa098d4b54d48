// list_files_sorted: the order every listing-based output (the build's manifest, the copied
// files) follows is std::filesystem::path's, component by component, whatever it is computed by.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/files.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <stdexcept>
#include <sys/stat.h>

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

TEST_CASE("read_file gives the file's size and time from its own fstat, and can refuse to read",
          "[files]") {
    gg_test::TempDir dir;
    const auto file = dir.path() / "page.md";
    gg_test::write(file, "# A page\n");
    const auto time = std::filesystem::last_write_time(file) - std::chrono::seconds(90);
    std::filesystem::last_write_time(file, time);
    struct stat info {};
    REQUIRE(::stat(file.c_str(), &info) == 0);

    gpuguide::FileStamp stamp;
    CHECK(gpuguide::read_file(file, stamp) == "# A page\n");
    CHECK(stamp.size == 9);
    CHECK(stamp.mtime_ns ==
          static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec);

    // A check that throws before a byte is read (a page too big): the error goes to the caller,
    // and the file is not left open.
    const auto open_files = [] {
        return std::distance(std::filesystem::directory_iterator("/proc/self/fd"),
                             std::filesystem::directory_iterator());
    };
    const auto before = open_files();
    std::uint64_t seen = 0;
    CHECK_THROWS_WITH(gpuguide::read_file(file, stamp,
                                          [&](const gpuguide::FileStamp& found) {
                                              seen = found.size;
                                              throw std::runtime_error("too big");
                                          }),
                      "too big");
    CHECK(seen == 9);
    CHECK(open_files() == before);
}

TEST_CASE("replace_file swaps a file whole, and a failed write leaves the old one and no other",
          "[files]") {
    gg_test::TempDir dir;
    const auto file = dir.path() / "record";
    gpuguide::replace_file(file, "first");
    gpuguide::replace_file(file, "second");
    CHECK(gg_test::read(file) == "second");
    CHECK_THROWS_WITH(gpuguide::replace_file(file,
                                             [](gpuguide::FileWriter& writer) {
                                                 writer.write("half");
                                                 throw std::runtime_error("disk full");
                                             }),
                      "disk full");
    CHECK(gg_test::read(file) == "second");
    CHECK(std::distance(std::filesystem::directory_iterator(dir.path()),
                        std::filesystem::directory_iterator()) == 1);
}
