// Page bodies let go after the load stage and read again when the page renders (issue 61: a
// 2,000-page book's Markdown is no longer all in memory while it renders).
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book.hpp"

#include <chrono>

using gg_test::BookCopy;
using gg_test::TempDir;
using gg_test::write;

namespace {

gpuguide::Book two_page_book(const TempDir& dir) {
    write(dir.path() / "en" / "SUMMARY.md", "# Summary\n\n- [One](one.md)\n- [Two](two.md)\n");
    // A byte-order mark and CRLF front matter: the body starts after both.
    write(dir.path() / "en" / "one.md",
          "\xEF\xBB\xBF---\r\ntitle: One\r\n---\r\n\r\nFirst 页.\r\n");
    write(dir.path() / "en" / "two.md", "# Two\n\nNo front matter.\n");
    return gpuguide::load_book(dir.path(), {});
}

} // namespace

TEST_CASE("a released body reads back the same Markdown from its file", "[page-bodies]") {
    TempDir dir;
    auto book = two_page_book(dir);
    auto& pages = book.languages.at(0).pages;
    const std::string one = pages.at(0).body, two = pages.at(1).body;
    REQUIRE(one == "\r\nFirst 页.\r\n");
    REQUIRE(two == "# Two\n\nNo front matter.\n");

    gpuguide::release_page_bodies(book);
    CHECK(pages.at(0).body.empty());
    CHECK(pages.at(1).body.empty());
    CHECK(gpuguide::page_markdown(pages.at(0)) == one);
    CHECK(gpuguide::page_markdown(pages.at(1)) == two);
}

TEST_CASE("the load lets go at once of a body its keep test refuses", "[page-bodies]") {
    TempDir dir;
    write(dir.path() / "en" / "SUMMARY.md", "# Summary\n\n- [One](one.md)\n- [Two](two.md)\n");
    write(dir.path() / "en" / "one.md", "# One\n\nPlain prose.\n");
    write(dir.path() / "en" / "two.md", "# Two\n\nA `value: cpu.stream.triad` span.\n");
    const auto book = gpuguide::load_book(dir.path(), {}, [](std::string_view body) {
        return body.find("value:") != std::string_view::npos;
    });
    const auto& pages = book.languages.at(0).pages;
    CHECK(pages.at(0).plain);
    CHECK(pages.at(0).body.empty());
    CHECK(gpuguide::page_markdown(pages.at(0)) == "# One\n\nPlain prose.\n");
    CHECK_FALSE(pages.at(1).plain);
    CHECK(pages.at(1).body == "# Two\n\nA `value: cpu.stream.triad` span.\n");
}

TEST_CASE("a page whose file changed after the load is an error, not a different page",
          "[page-bodies]") {
    TempDir dir;
    auto book = two_page_book(dir);
    gpuguide::release_page_bodies(book);
    // Same size, other bytes, saved a second later: the size alone would not see it.
    const auto file = dir.path() / "en" / "two.md";
    const auto loaded_at = std::filesystem::last_write_time(file);
    write(file, "# Two\n\nNo front matteR.\n");
    std::filesystem::last_write_time(file, loaded_at + std::chrono::seconds(1));
    try {
        (void)gpuguide::page_markdown(book.languages.at(0).pages.at(1));
        FAIL("no error");
    } catch (const gpuguide::InputError& error) {
        CHECK(std::string(error.what()) ==
              (dir.path() / "en" / "two.md").generic_string() +
                  ":1: the file changed while the site was being built; build again");
    }
}

TEST_CASE("a body a preprocessor made is kept: it is in no file", "[page-bodies]") {
    TempDir dir;
    auto book = two_page_book(dir);
    auto& page = book.languages.at(0).pages.at(1);
    page.body = "Expanded by a preprocessor.\n";
    page.body_offset.reset(); // what a preprocessor does when it replaces a body
    gpuguide::release_page_bodies(book);
    CHECK(page.body == "Expanded by a preprocessor.\n");
    CHECK(gpuguide::page_markdown(page) == "Expanded by a preprocessor.\n");
}

TEST_CASE("a build renders pages from their files after the load let their bodies go",
          "[page-bodies]") {
    BookCopy book;
    book.page("03-notes.md", "# Notes\n\nA sentence about 显存.\n");
    gpuguide::render::build_site(book.options());
    const auto html = gg_test::read(book.out() / "en" / "03-notes.html");
    CHECK(html.find("A sentence about 显存.") != std::string::npos);
    CHECK(gg_test::read(book.out() / "en" / "print.html").find("A sentence about 显存.") !=
          std::string::npos);
}
