// An mdBook project (book.toml + src/) built as it is: pages at mdBook's paths at the site root,
// book.toml's settings applied, the site's links all resolving.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book.hpp"
#include "load/book_toml.hpp"
#include "render/check.hpp"
#include "render/site.hpp"

namespace {

namespace fs = std::filesystem;
using gg_test::TempDir;

// tests/books/<name> copied, built with the repository's templates/ into <tmp>/site.
struct ProjectBuild {
    TempDir dir;
    fs::path root, site;
    explicit ProjectBuild(const std::string& name) {
        root = dir.path() / name;
        site = dir.path() / "site";
        fs::copy(gg_test::books_dir() / name, root, fs::copy_options::recursive);
        gpuguide::render::build_site(gg_test::project_options(root, site));
    }
    std::string page(const std::string& path) const { return gg_test::read(site / path); }
};

} // namespace

TEST_CASE("an mdBook project: every SUMMARY chapter at mdBook's path, at the site root",
          "[mdbook]") {
    ProjectBuild build("mdbook-features");
    const auto config = gpuguide::load_book_toml(build.root / "book.toml");
    const auto book = gpuguide::load_mdbook_project(config);
    REQUIRE(book.languages.size() == 1);
    int chapters = 0;
    for (const auto& entry : book.languages[0].summary) {
        if (entry.kind == gpuguide::SummaryEntry::Kind::Chapter && !entry.draft()) {
            ++chapters;
            auto expected = fs::path(entry.source);
            if (expected.filename() == "README.md") {
                expected.replace_filename("index.md");
            }
            INFO(entry.source);
            CHECK(fs::is_regular_file(build.site / expected.replace_extension(".html")));
        }
    }
    CHECK(chapters == 4);
    CHECK(fs::is_regular_file(build.site / "index.html"));
    CHECK(fs::is_regular_file(build.site / "guide" / "index.html"));
    CHECK(fs::is_regular_file(build.site / "guide" / "installing it.html"));
    CHECK_FALSE(fs::exists(build.site / "en"));
    CHECK(gpuguide::render::check_site(build.site).empty());
}

TEST_CASE("an mdBook project: book.toml's settings reach the pages", "[mdbook]") {
    ProjectBuild build("mdbook-features");
    const auto intro = build.page("index.html");
    CHECK(intro.find("<title>Introduction · Lab handbook</title>") != std::string::npos);
    CHECK(intro.find("href=\"guide/installing%20it.html\"") != std::string::npos);
    CHECK(intro.find("<link rel=\"stylesheet\" href=\"theme/extra.css\">") != std::string::npos);
    CHECK(intro.find("href=\"https://example.org/lab/handbook\"") != std::string::npos);
    CHECK(intro.find("href=\"https://example.org/lab/handbook/edit/main/src/README.md\"") !=
          std::string::npos);
    const auto nested = build.page("guide/installing it.html");
    CHECK(nested.find("href=\"../theme/extra.css\"") != std::string::npos);
    // {{#title}}, {{#include}} with an anchor, and an escaped expression shown as text.
    CHECK(nested.find("<title>Installing the handbook</title>") != std::string::npos);
    CHECK(build.page("toc.js").find("Installing it") != std::string::npos); // the sidebar
    CHECK(nested.find("hello from the listing") != std::string::npos);
    CHECK(nested.find("Written as text: {{#include listing.rs}}") != std::string::npos);
    CHECK(build.page("theme/extra.css") == gg_test::read(build.root / "theme" / "extra.css"));
    // No front matter: the title is SUMMARY's link text, not the page's heading.
    CHECK(build.page("contributors.html").find("<title>Contributors · Lab handbook</title>") !=
          std::string::npos);
    const auto redirect = build.page("old/install.html");
    CHECK(redirect.find("url=../guide/installing%20it.html") != std::string::npos);
}

TEST_CASE("an mdBook project's search box searches this book, and the guide's the guide",
          "[mdbook][search]") {
    ProjectBuild build("mdbook-features");
    const auto page = build.page("index.html");
    CHECK(gg_test::has(page, "placeholder=\"Search this book\""));
    CHECK_FALSE(gg_test::has(page, "Search the guide"));
    gg_test::BookCopy guide; // the guide's layout: a folder of language folders
    auto options = guide.options();
    options.templates_dir = gg_test::books_dir() / ".." / ".." / "templates"; // the real header
    gpuguide::render::build_site(options);
    CHECK(gg_test::has(gg_test::read(guide.out() / "en" / "index.html"),
                       "placeholder=\"Search the guide\""));
    CHECK(gg_test::has(gg_test::read(guide.out() / "zh" / "index.html"),
                       "placeholder=\"搜索本指南\""));
}

TEST_CASE("an mdBook project: book.toml's description on every page without its own", "[mdbook]") {
    ProjectBuild build("mdbook-features");
    CHECK(build.page("index.html")
              .find("<meta name=\"description\" content=\"How our lab uses its GPUs\">") !=
          std::string::npos);
}

TEST_CASE("an mdBook project: site-url is where 404.html's links start, as in mdBook", "[mdbook]") {
    ProjectBuild build("mdbook-features");
    const auto not_found = build.page("404.html");
    CHECK(not_found.find("href=\"/handbook/assets/") != std::string::npos);
    CHECK(not_found.find("href=\"/handbook/\"") != std::string::npos); // back to the book
    // Other pages keep relative links, so the site works wherever it is served.
    CHECK(build.page("index.html").find("href=\"/handbook/") == std::string::npos);
}
