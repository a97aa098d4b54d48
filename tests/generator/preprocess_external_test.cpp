// mdBook preprocessors end to end: tests/books/mdbook-preprocessors built with its fixture
// preprocessors (written after mdBook's protocol), and with ones that fail, hang, print no JSON
// or are missing added to its book.toml.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book_toml.hpp"
#include "load/error.hpp"
#include "render/site.hpp"

#include <chrono>

namespace {

namespace fs = std::filesystem;
using Catch::Matchers::ContainsSubstring;

// A copy of tests/books/mdbook-preprocessors with `extra` appended to its book.toml.
struct PreprocessedBook {
    gg_test::TempDir dir;
    fs::path root, site;
    explicit PreprocessedBook(const std::string& extra = "") {
        root = dir.path() / "book";
        site = dir.path() / "site";
        fs::copy(gg_test::books_dir() / "mdbook-preprocessors", root, fs::copy_options::recursive);
        std::ofstream(root / "book.toml", std::ios::app) << extra;
    }
    gpuguide::render::BuildReport build() const {
        return gpuguide::render::build_site(gg_test::project_options(root, site));
    }
    // The build's error, with the book's folder cut off the front.
    std::string error() const {
        try {
            build();
        } catch (const gpuguide::InputError& e) {
            std::string message = e.what();
            const auto prefix = root.generic_string() + "/";
            return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
        }
        return "";
    }
    std::string page(const std::string& path) const { return gg_test::read(site / path); }
};

} // namespace

TEST_CASE("preprocessors: rewritten, added, declined, for another renderer, optional",
          "[preprocess]") {
    PreprocessedBook book;
    const auto report = book.build();
    const auto chapter = book.page("chapter.html");
    // rewrite ran after links (the included text is rewritten too) and saw book.toml's table.
    CHECK_THAT(chapter, ContainsSubstring("rewritten by rewrite.py for html: this page"));
    CHECK_THAT(chapter,
               ContainsSubstring("And INCLUDED-rewritten by rewrite.py for html is rewritten."));
    CHECK_THAT(chapter, ContainsSubstring("The setting from book.toml: hello from book.toml."));
    CHECK_THAT(chapter, ContainsSubstring("number is 1."));
    // ... after index: the README chapter's path is index.md.
    CHECK_THAT(book.page("index.html"), ContainsSubstring("saw this chapter at index.md"));
    CHECK_THAT(book.page("nested/page.html"), ContainsSubstring("under Chapter."));
    // add-chapter runs before rewrite: its page exists and was rewritten, and is in the sidebar.
    CHECK_THAT(book.page("added.html"),
               ContainsSubstring("rewritten by rewrite.py for html: added"));
    CHECK_THAT(book.page("toc.js"), ContainsSubstring("added.html"));
    for (const auto* page : {"index.html", "chapter.html", "nested/page.html", "afterword.html"}) {
        INFO(page);
        CHECK_THAT(book.page(page), !ContainsSubstring("REWRITE-ME"));
        CHECK_THAT(book.page(page), !ContainsSubstring("DECLINED-RAN"));
    }
    CHECK(
        gg_test::has_line(report.warnings, "preprocessor rewrite: rewrite.py: rewrote 5 chapters"));
    CHECK(gg_test::has_line(report.warnings,
                            "book.toml:25: warning: optional preprocessor `not-installed`: "
                            "`mdbook-not-installed` was not found"));
}

TEST_CASE("preprocessors: use-default-preprocessors = false leaves {{#include}} alone",
          "[preprocess]") {
    PreprocessedBook book("[build]\nuse-default-preprocessors = false\n");
    book.build();
    CHECK_THAT(book.page("chapter.html"), ContainsSubstring("{{#include snippet.txt}}"));
    CHECK_THAT(book.page("index.html"), ContainsSubstring("saw this chapter at README.md"));
}

TEST_CASE("preprocessors: one that fails stops the build, names it, shows its stderr, and "
          "leaves the site as it was",
          "[preprocess]") {
    PreprocessedBook book;
    book.build();
    const auto before = gg_test::tree(book.site);
    std::ofstream(book.root / "book.toml", std::ios::app)
        << "\n[preprocessor.fail]\ncommand = \"sh preprocessors/fail.sh\"\n";
    const auto error = book.error();
    CHECK_THAT(error,
               ContainsSubstring("book.toml:28: preprocessor `fail` (`sh preprocessors/fail.sh`) "
                                 "failed (exit status 3)"));
    CHECK_THAT(error, ContainsSubstring("fail.sh: the widget is broken"));
    CHECK(gg_test::tree(book.site) == before);
}

TEST_CASE("preprocessors: one that hangs is stopped after its timeout", "[preprocess]") {
    PreprocessedBook book("\n[preprocessor.hang]\ncommand = \"sh preprocessors/hang.sh\"\n"
                          "timeout = 1\n");
    const auto start = std::chrono::steady_clock::now();
    const auto error = book.error();
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
    CHECK_THAT(error,
               ContainsSubstring("book.toml:28: preprocessor `hang` (`sh preprocessors/hang.sh`) "
                                 "ran longer than 1 s and was stopped"));
    CHECK_THAT(error, ContainsSubstring("timeout = SECONDS"));
    CHECK_THAT(error, ContainsSubstring("hang.sh: thinking"));
    CHECK_FALSE(fs::exists(book.site));
}

TEST_CASE("preprocessors: one that prints no JSON, or is missing", "[preprocess]") {
    PreprocessedBook bad("\n[preprocessor.bad]\ncommand = \"sh preprocessors/bad-json.sh\"\n");
    CHECK_THAT(bad.error(),
               ContainsSubstring("book.toml:28: preprocessor `bad` "
                                 "(`sh preprocessors/bad-json.sh`) printed what is not JSON"));
    PreprocessedBook missing("\n[preprocessor.nowhere]\n");
    CHECK_THAT(missing.error(),
               ContainsSubstring("book.toml:28: preprocessor `nowhere` (`mdbook-nowhere`) was not "
                                 "found or cannot be run; install it"));
    CHECK_THAT(missing.error(), ContainsSubstring("set `optional = true`"));
}

TEST_CASE("preprocessors: a renderers list with html runs it without asking `supports`",
          "[preprocess]") {
    // As mdBook: an explicit list decides alone, so decline.py (whose `supports` exits 1) runs.
    PreprocessedBook book("\n[preprocessor.listed]\ncommand = \"python3 preprocessors/decline.py\"\n"
                          "renderers = [\"html\"]\n[preprocessor.listed-missing]\n"
                          "renderers = [\"html\"]\noptional = true\n");
    const auto report = book.build();
    CHECK_THAT(book.page("afterword.html"), ContainsSubstring("DECLINED-RAN"));
    CHECK(gg_test::has_line(report.warnings,
                            "book.toml:31: warning: optional preprocessor `listed-missing`"));
}
