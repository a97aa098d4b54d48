// Whole builds of the fixture book: snapshot, determinism, atomic output, no-change rebuilds,
// links, print page, language index, and `check`.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "render/check.hpp"
#include "render/manifest.hpp"

#include <chrono>
#include <regex>

using gg_test::BookCopy;

namespace {

// Chart figures are the charts library's output (tested in charts_test.cpp); the snapshot checks
// where the generator puts them, not how they are drawn, so a chart change needs no new snapshot.
std::map<std::string, std::string>
without_chart_drawings(std::map<std::string, std::string> files) {
    const std::string open = "<figure class=\"chart";
    for (auto& [path, bytes] : files) {
        for (auto at = bytes.find(open); at != std::string::npos; at = bytes.find(open, at + 1)) {
            const auto end = bytes.find("</figure>", at);
            if (end == std::string::npos) {
                break;
            }
            bytes.replace(at, end + 9 - at, "<figure class=\"chart\">(drawing)</figure>");
        }
    }
    return files;
}

// cmark-gfm's footnote back-link changed between 0.29.0.gfm.6 (Debian 12: aria-label "Back to
// content") and .13 (Debian 13, Ubuntu 24.04: data-footnote-backref-idx="1", "Back to reference
// 1"). The snapshot pins what the generator does around it, so both spellings compare equal.
std::map<std::string, std::string>
with_footnote_backrefs_alike(std::map<std::string, std::string> files) {
    static const std::regex backref(
        R"re(data-footnote-backref( data-footnote-backref-idx="[0-9]+")? aria-label="[^"]*")re");
    for (auto& [path, bytes] : files) {
        bytes = std::regex_replace(bytes, backref, "data-footnote-backref aria-label=\"(back)\"");
    }
    return files;
}

} // namespace

TEST_CASE("the basic book matches its snapshot (tests/books/update-snapshots.sh regenerates it)",
          "[site][snapshot]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    const auto built =
        with_footnote_backrefs_alike(without_chart_drawings(gg_test::tree(book.out())));
    const auto expected = with_footnote_backrefs_alike(
        without_chart_drawings(gg_test::tree(gg_test::books_dir() / "basic" / "expected")));
    REQUIRE(!expected.empty());
    for (const auto& [path, bytes] : expected) {
        INFO("file " << path);
        REQUIRE(built.contains(path));
        CHECK(built.at(path) == bytes);
    }
    for (const auto& [path, bytes] : built) {
        INFO("unexpected file " << path);
        CHECK(expected.contains(path));
    }
}

TEST_CASE("same inputs give byte-identical output, whatever the thread count",
          "[site][determinism]") {
    BookCopy book;
    auto options = book.options();
    options.jobs = 1;
    gpuguide::render::build_site(options);
    const auto first = gg_test::tree(book.out());
    options.jobs = 4;
    gpuguide::render::build_site(options);
    CHECK(gg_test::tree(book.out()) == first);
    CHECK(first.size() > 15);
}

TEST_CASE("a failing build leaves the previous site byte-identical and no temporary folder",
          "[site][atomic]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    const auto before = gg_test::tree(book.out());
    const auto manifest_file = gpuguide::render::manifest_path(book.out());
    CHECK(manifest_file == book.out().string() + ".gpuguide-manifest");
    const auto manifest = gg_test::read(manifest_file);
    book.page("03-notes.md", "`value:gpu.nope/x`\n");
    CHECK(!book.build_error().empty());
    CHECK(gg_test::tree(book.out()) == before);
    CHECK(gg_test::read(manifest_file) == manifest);
    for (const auto& entry : std::filesystem::directory_iterator(book.out().parent_path())) {
        CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
    }
}

TEST_CASE("a rebuild with nothing changed writes nothing, and a changed page rebuilds",
          "[site][incremental]") {
    BookCopy book;
    auto options = book.options();
    options.force = false;
    CHECK_FALSE(gpuguide::render::build_site(options).up_to_date);
    const auto page = book.out() / "en" / "index.html";
    const auto written = std::filesystem::last_write_time(page);
    CHECK(gpuguide::render::build_site(options).up_to_date);
    CHECK(std::filesystem::last_write_time(page) == written);
    CHECK_FALSE(std::filesystem::exists(book.out() / ".gpuguide-manifest")); // never published
    book.page("03-notes.md", "# Changed notes\n");
    CHECK_FALSE(gpuguide::render::build_site(options).up_to_date);
    CHECK(gg_test::read(book.out() / "en" / "03-notes.html").find("Changed notes") !=
          std::string::npos);
    // A file's time alone, its size the same (an editor's save of another text as long).
    CHECK(gpuguide::render::build_site(options).up_to_date);
    const auto notes = book.content() / "en" / "03-notes.md";
    std::filesystem::last_write_time(notes, std::filesystem::last_write_time(notes) +
                                                std::chrono::seconds(1));
    CHECK_FALSE(gpuguide::render::build_site(options).up_to_date);
}

TEST_CASE("links between pages point at .html pages, relative, anchors kept", "[site][links]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    const auto index = gg_test::read(book.out() / "en" / "index.html");
    CHECK(index.find("href=\"01-measured.html\"") != std::string::npos);
    CHECK(index.find("href=\"02-catalogue.html#the-table\"") != std::string::npos);
    CHECK(index.find("href=\"#next-steps\"") != std::string::npos);
    CHECK(index.find("href=\"../assets/guide.css\"") != std::string::npos);
    const auto zh = gg_test::read(book.out() / "zh" / "index.html");
    CHECK(zh.find("<h2 id=\"下一步安装-cuda\">") != std::string::npos);
    CHECK(zh.find("<h2 id=\"下一步安装-cuda-1\">") != std::string::npos);
    CHECK(gpuguide::render::check_site(book.out()).empty());
}

TEST_CASE("a link to a page outside SUMMARY.md fails the build at its line",
          "[site][links][errors]") {
    BookCopy book;
    book.page("03-notes.md", "Intro\n\nSee [elsewhere](nowhere.md#x).\n");
    const auto message = book.build_error();
    CHECK(message.find("content/en/03-notes.md:6: link to `nowhere.md`, which is not a page of ") !=
          std::string::npos);
    CHECK(message.find("SUMMARY.md; add it there or fix the link") != std::string::npos);
}

TEST_CASE("print.html holds every page with page-prefixed anchors and in-document links",
          "[site][print]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    const auto print = gg_test::read(book.out() / "en" / "print.html");
    CHECK(print.find("<section class=\"print-page\" id=\"page-index\">") != std::string::npos);
    CHECK(print.find("<section class=\"print-page\" id=\"page-03-notes\">") != std::string::npos);
    CHECK(print.find("id=\"page-01-measured--measured-1\"") != std::string::npos);
    CHECK(print.find("href=\"#page-02-catalogue--the-table\"") != std::string::npos);
    CHECK(print.find("href=\"#page-01-measured\"") != std::string::npos);
    CHECK(print.find("href=\"#page-index--next-steps\"") != std::string::npos);
    CHECK(print.find("href=\"#page-index--fn-1\" id=\"page-index--fnref-1\"") != std::string::npos);
    CHECK(print.find("id=\"page-01-measured-chart-1\"") != std::string::npos);
    CHECK(print.find("id=\"fn-1\"") == std::string::npos);
    const auto page = gg_test::read(book.out() / "en" / "index.html");
    CHECK(page.find("href=\"#fn-1\" id=\"fnref-1\"") != std::string::npos);
}

TEST_CASE(
    "site extras: language index, contents, toc.js, 404, .nojekyll, sitemap only with a base URL",
    "[site]") {
    BookCopy book;
    auto options = book.options();
    gpuguide::render::build_site(options);
    const auto root_index = gg_test::read(book.out() / "index.html");
    CHECK(root_index.find("<a href=\"en/index.html\" hreflang=\"en\" lang=\"en\">English</a>") !=
          std::string::npos);
    CHECK(root_index.find("<a href=\"zh/index.html\" hreflang=\"zh\" lang=\"zh\">中文</a>") !=
          std::string::npos);
    CHECK(root_index.find("navigator.language") != std::string::npos);
    const auto toc = gg_test::read(book.out() / "en" / "toc.js");
    CHECK(toc.starts_with("window.GPUGUIDE_TOC = ["));
    CHECK(toc.find("\"href\":\"02-catalogue.html\"") != std::string::npos);
    CHECK(toc.find("\"draft\":true") != std::string::npos);
    CHECK(gg_test::read(book.out() / "en" / "contents.html")
              .find("<span class=\"draft\">2. Not written yet</span>") != std::string::npos);
    CHECK(std::filesystem::exists(book.out() / ".nojekyll"));
    CHECK(std::filesystem::exists(book.out() / "404.html"));
    CHECK(std::filesystem::exists(book.out() / "en" / "images" / "diagram.svg"));
    CHECK_FALSE(std::filesystem::exists(book.out() / "sitemap.xml"));
    options.base_url = "https://example.org/guide";
    gpuguide::render::build_site(options);
    const auto sitemap = gg_test::read(book.out() / "sitemap.xml");
    CHECK(
        sitemap.find(
            "<loc>https://example.org/guide/zh/03-notes.html</loc><lastmod>2025-11-21</lastmod>") !=
        std::string::npos);
}

TEST_CASE("check lists broken links, anchors, images and absolute paths", "[site][check]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    gg_test::write(book.out() / "en" / "broken.html",
                   "<p><a href=\"index.html#nope\">a</a> <a href=\"gone.html\">b</a> <img "
                   "src=\"images/none.png\">"
                   " <a href=\"/en/index.html\">c</a> <a href=\"https://example.com/x\">ok</a>"
                   " <a href=\"index.html#%E4%B8%8B\">d</a><span id=\"下\"></span></p>");
    const auto problems = gpuguide::render::check_site(book.out());
    REQUIRE(problems.size() == 5);
    CHECK(problems[0].file == "en/broken.html");
    CHECK(problems[0].problem == "no anchor \"nope\" in en/index.html");
    CHECK(problems[1].problem == "no file en/gone.html");
    CHECK(problems[2].problem == "no file en/images/none.png");
    CHECK(problems[3].problem.starts_with("absolute path"));
    CHECK(problems[4].problem == "no anchor \"下\" in en/index.html");
}

TEST_CASE("check lists an id used twice in a page, once", "[site][check]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    gg_test::write(book.out() / "en" / "twice.html",
                   "<h2 id=\"setup\">a</h2><h2 id=\"setup\">b</h2><h2 id=\"setup\">c</h2>"
                   "<a name=\"other\" id=\"other\"></a>");
    const auto problems = gpuguide::render::check_site(book.out());
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].file == "en/twice.html");
    CHECK(problems[0].link == "id=\"setup\"");
    CHECK(problems[0].problem.starts_with("duplicate id"));
}

TEST_CASE("templates may insert only *_html values unescaped", "[site][templates][escaping]") {
    BookCopy book;
    gg_test::write(book.root() / "templates" / "partials" / "nav.mustache", "\n{{{page.title}}}\n");
    const auto message = book.build_error();
    CHECK(message.find(
              "templates/partials/nav.mustache:2: `page.title` is inserted without escaping") !=
          std::string::npos);
}

TEST_CASE("the lang option builds only the languages asked for, and an unknown one is an error",
          "[site]") {
    BookCopy book;
    auto options = book.options();
    options.langs = {"zh"};
    const auto report = gpuguide::render::build_site(options);
    CHECK(report.languages == 1);
    CHECK(report.pages == 4);
    CHECK(std::filesystem::exists(book.out() / "zh" / "index.html"));
    CHECK_FALSE(std::filesystem::exists(book.out() / "en"));
    options.langs = {"fr"};
    CHECK_THROWS_WITH(
        gpuguide::render::build_site(options),
        Catch::Matchers::ContainsSubstring(
            "fr/SUMMARY.md: language `fr` was asked for (--lang) but has no SUMMARY.md"));
}

TEST_CASE("a literal ** warns in any book and fails a book whose book.toml asks for it",
          "[site][literal-emphasis]") {
    BookCopy book;
    book.page("03-notes.md", "# 附注\n\n**按层切分。**0 号卡放前一半的层。\n", "zh");
    const auto report = gpuguide::render::build_site(book.options());
    REQUIRE(report.warnings.size() == 2); // the opening and the closing marks
    INFO(report.warnings[0]);
    CHECK(report.warnings[0].starts_with((book.content() / "zh" / "03-notes.md").generic_string() +
                                         ":6: warning: literal ** "));
    CHECK(gg_test::has(gg_test::read(book.out() / "zh" / "03-notes.html"), "**按层切分。**0"));

    gg_test::write(book.content() / "book.toml",
                   "[output.html.gpuguide]\nliteral-emphasis = \"error\"\n");
    const std::string error = book.build_error();
    CHECK(gg_test::has(error, "zh/03-notes.md:6: literal ** in the text: “**按层切分。**0"));
    CHECK_FALSE(gg_test::has(error, "warning"));

    book.page("03-notes.md", "# 附注\n\n**按层切分**。0 号卡放前一半的层。\n", "zh");
    CHECK(gpuguide::render::build_site(book.options()).warnings.empty());
    CHECK(gg_test::has(gg_test::read(book.out() / "zh" / "03-notes.html"),
                       "<strong>按层切分</strong>。0"));
}
