// `gpuguide check` resolves a fragment as a browser does (HTML's "find a potential indicated
// element": as the URL holds it, then percent-decoded), on pages built from non-ASCII footnote
// labels, headings and explicit ids; duplicate heading ids stop the build at their line.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "render/check.hpp"
#include "render/site.hpp"

namespace {

const char* kPage = "# Notes\n\n"
                    "See the dagger[^†] and the [heading](#显存带宽), "
                    "[encoded](#%E6%98%BE%E5%AD%98%E5%B8%A6%E5%AE%BD), [explicit](#größe), "
                    "[explicit, encoded](#gr%C3%B6%C3%9Fe), [the top](#top) and "
                    "[another page](index.md#显存带宽-again).\n\n"
                    "## 显存带宽\n\n## Size {#größe}\n\n[^†]: A footnote with a non-ASCII label.\n";

} // namespace

TEST_CASE("check accepts fragments as browsers resolve them: as written, then decoded",
          "[site][check][anchors]") {
    gg_test::BookCopy book;
    book.page("03-notes.md", kPage);
    book.page("index.md", "# Home\n\n## Next steps\n\n## 显存带宽 again\n");
    gpuguide::render::build_site(book.options());
    const auto notes = gg_test::read(book.out() / "en" / "03-notes.html");
    // cmark-gfm writes the footnote's id percent-encoded, and its link the same way
    REQUIRE(notes.find("id=\"fn-%E2%80%A0\"") != std::string::npos);
    REQUIRE(notes.find("href=\"#fn-%E2%80%A0\"") != std::string::npos);
    REQUIRE(notes.find("<h2 id=\"größe\">") != std::string::npos);
    const auto problems = gpuguide::render::check_site(book.out());
    for (const auto& problem : problems) {
        UNSCOPED_INFO(problem.file << ": " << problem.link << " -> " << problem.problem);
    }
    CHECK(problems.empty());
}

TEST_CASE("check still reports a fragment that matches neither way", "[site][check][anchors]") {
    gg_test::BookCopy book;
    gpuguide::render::build_site(book.options());
    gg_test::write(book.out() / "en" / "fragments.html",
                   "<p id=\"a%20b\">x</p><p id=\"fn-†\">y</p>"
                   "<a href=\"#a%2520b\">ok: decodes to an id</a>"
                   "<a href=\"#fn-%E2%80%A0\">ok: decodes to an id</a>"
                   "<a href=\"#fn-†\">ok: the URL encodes it, then it decodes</a>"
                   "<a href=\"#a%20c\">no such id</a><a href=\"#TOP\">the top</a>");
    const auto problems = gpuguide::render::check_site(book.out());
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].link == "#a%20c");
    CHECK(problems[0].problem == "no anchor \"a c\" in en/fragments.html");
}

TEST_CASE("a heading id given twice in a page stops the build at file:line", "[site][anchors]") {
    CHECK(gg_test::error_for("# Notes {#same}\n\ntext\n\n## Again {#same}\n")
              .starts_with("content/en/03-notes.md:8: heading id `same` is also given to the "
                           "heading at line 4"));
}
