// write_file_or_link (generator/load/files.cpp): an unchanged page of a rebuild becomes a second
// name of the old site's file; anything else is written as a new file.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/files.hpp"

#include <fstream>
#include <sys/stat.h>

namespace {

ino_t inode(const std::filesystem::path& path) {
    struct stat info {};
    REQUIRE(::lstat(path.c_str(), &info) == 0);
    return info.st_ino;
}

std::string contents(const std::filesystem::path& path) {
    return gpuguide::read_file(path);
}

} // namespace

TEST_CASE("a page with the old site's exact bytes is linked, not written") {
    gg_test::TempDir temp;
    const auto old_page = temp.path() / "site" / "en" / "a.html";
    gpuguide::write_file(old_page, "<p>same</p>\n");
    const auto new_page = temp.path() / "staging" / "en" / "a.html"; // folder not made yet
    gpuguide::write_file_or_link(new_page, "<p>same</p>\n", old_page);
    CHECK(contents(new_page) == "<p>same</p>\n");
    CHECK(inode(new_page) == inode(old_page));
}

TEST_CASE("changed bytes, a missing old file or a symbolic link give a new file") {
    gg_test::TempDir temp;
    const auto old_page = temp.path() / "old.html";
    gpuguide::write_file(old_page, "<p>one</p>\n");

    SECTION("same size, other bytes") {
        const auto page = temp.path() / "changed.html";
        gpuguide::write_file_or_link(page, "<p>two</p>\n", old_page);
        CHECK(contents(page) == "<p>two</p>\n");
        CHECK(inode(page) != inode(old_page));
        CHECK(contents(old_page) == "<p>one</p>\n"); // the old site is never written to
    }
    SECTION("no old file") {
        const auto page = temp.path() / "new.html";
        gpuguide::write_file_or_link(page, "<p>one</p>\n", temp.path() / "missing.html");
        CHECK(contents(page) == "<p>one</p>\n");
    }
    SECTION("the old name is a symbolic link to a file with the same bytes") {
        const auto link = temp.path() / "link.html";
        std::filesystem::create_symlink(old_page, link);
        const auto page = temp.path() / "from-link.html";
        gpuguide::write_file_or_link(page, "<p>one</p>\n", link);
        CHECK(contents(page) == "<p>one</p>\n");
        CHECK_FALSE(std::filesystem::is_symlink(page));
        CHECK(inode(page) != inode(old_page));
    }
}
