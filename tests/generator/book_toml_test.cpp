// book.toml: the keys gpuguide uses, a warning per unknown key, errors with lines.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book_toml.hpp"
#include "load/error.hpp"

namespace {

using gg_test::TempDir;

gpuguide::BookConfig load(const TempDir& dir, const std::string& text) {
    gg_test::write(dir.path() / "book.toml", text);
    return gpuguide::load_book_toml(dir.path() / "book.toml");
}

std::string error_of(const TempDir& dir, const std::string& text) {
    try {
        load(dir, text);
    } catch (const gpuguide::InputError& error) {
        const std::string message = error.what();
        return message.substr(dir.path().generic_string().size() + 1);
    }
    return "";
}

} // namespace

TEST_CASE("book.toml: every key gpuguide uses", "[book-toml]") {
    TempDir dir;
    const auto config = load(dir, R"([book]
title = "Cluster handbook"
authors = ["A. Author", "B. Author"]
description = "How we use the GPUs"
language = "zh"
src = "text"

[build]
build-dir = "out"

[output.html]
site-url = "/handbook/"
additional-css = ["custom.css"]
additional-js = ["a.js", "b.js"]
git-repository-url = "https://example.org/lab/handbook"
edit-url-template = "https://example.org/lab/handbook/edit/main/{path}"

[output.html.redirect]
"/old.html" = "new.html"
"/a/b.html" = "../c.html"

[output.html.gpuguide]
include-outside-book = true
literal-emphasis = "error"
reference = "reference-h200"
east-asian-line-breaks = false
)");
    CHECK(config.root == dir.path());
    CHECK(config.title == "Cluster handbook");
    CHECK(config.authors == std::vector<std::string>{"A. Author", "B. Author"});
    CHECK(config.description == "How we use the GPUs");
    CHECK(config.language == "zh");
    CHECK(config.src == "text");
    CHECK(config.build_dir == "out");
    CHECK(config.site_url == "/handbook/");
    CHECK(config.additional_css == std::vector<std::string>{"custom.css"});
    CHECK(config.additional_js == std::vector<std::string>{"a.js", "b.js"});
    CHECK(config.git_repository_url == "https://example.org/lab/handbook");
    CHECK(config.edit_url_template == "https://example.org/lab/handbook/edit/main/{path}");
    CHECK(config.redirect.size() == 2);
    CHECK(config.redirect.at("/old.html") == "new.html");
    CHECK(config.include_outside_book);
    CHECK(config.literal_emphasis == gpuguide::EmphasisCheck::Error);
    CHECK(config.reference_host == "reference-h200");
    CHECK(config.reference_line == 25); // its line in the text above
    CHECK_FALSE(config.east_asian_line_breaks);
    CHECK(config.warnings.empty());
}

TEST_CASE("book.toml: defaults, and one warning per unknown key", "[book-toml]") {
    TempDir dir;
    const auto config = load(dir, R"([book]
title = "T"
multilingual = false

[rust]
edition = "2021"

[preprocessor.mermaid]
command = "mdbook-mermaid"

[output.html]
input-404 = "missing.md"

[output.markdown]
)");
    CHECK(config.src == "src");
    CHECK(config.build_dir == "book");
    CHECK(config.language == "en");
    CHECK(config.literal_emphasis == gpuguide::EmphasisCheck::Warn);
    CHECK(config.east_asian_line_breaks);
    CHECK(config.rust_edition == "2021");
    CHECK(config.admonitions);
    CHECK(config.definition_lists);
    CHECK(config.runnable);
    CHECK(config.copyable);
    CHECK(config.hidelines.empty());
    CHECK_FALSE(config.mathjax_support);
    REQUIRE(config.warnings.size() == 3); // [preprocessor.mermaid] is read, not ignored
    const std::string file = (dir.path() / "book.toml").generic_string();
    CHECK(config.warnings[0] ==
          file + ":3: warning: `book.multilingual` is not used by gpuguide; ignored");
    CHECK(config.warnings[1].starts_with(file + ":12: warning: `output.html.input-404`"));
    // mdBook's built-in Markdown renderer is not gpuguide's: a warning, not a renderer to run.
    CHECK(config.warnings[2] == file + ":14: warning: `output.markdown` (mdBook's built-in "
                                       "Markdown renderer) is not one gpuguide has; ignored");
    CHECK(config.renderers.empty());
    REQUIRE(config.preprocessors.size() == 1);
    CHECK(config.preprocessors[0].command == "mdbook-mermaid");
}

TEST_CASE("book.toml: mathjax-support", "[book-toml]") {
    TempDir dir;
    const auto config =
        load(dir, "[book]\ntitle = \"T\"\n\n[output.html]\nmathjax-support = true\n");
    CHECK(config.mathjax_support);
    CHECK(config.mathjax_line == 5);
    CHECK(config.warnings.empty());
}

TEST_CASE("book.toml: mdBook's Markdown and code-block settings", "[book-toml]") {
    TempDir dir;
    const auto config = load(dir, R"([output.html]
admonitions = false
definition-lists = false

[output.html.playground]
runnable = false
copyable = false
editable = true

[output.html.code.hidelines]
python = "~"
sh = "%%"
)");
    CHECK_FALSE(config.admonitions);
    CHECK_FALSE(config.definition_lists);
    CHECK_FALSE(config.runnable);
    CHECK_FALSE(config.copyable);
    CHECK(config.hidelines == std::map<std::string, std::string>{{"python", "~"}, {"sh", "%%"}});
    REQUIRE(config.warnings.size() == 1);
    CHECK(config.warnings[0].ends_with(":8: warning: `output.html.playground.editable` is not "
                                       "used by gpuguide; ignored"));
    CHECK(error_of(dir, "[output.html.code.hidelines]\npython = \"\"\n")
              .starts_with("book.toml:2: the hidelines prefix of `python` is empty"));
    CHECK(error_of(dir, "[output.html]\nadmonitions = \"yes\"\n") ==
          "book.toml:2: `admonitions` must be true or false");
}

TEST_CASE("book.toml errors name the line and what to do", "[book-toml]") {
    TempDir dir;
    CHECK(error_of(dir, "[book]\ntitle = 3\n") ==
          "book.toml:2: `title` must be text in quotes, e.g. title = \"...\"");
    CHECK(error_of(dir, "[book]\nauthors = \"one\"\n") ==
          "book.toml:2: `authors` must be a list of text, e.g. authors = [\"a\", \"b\"]");
    CHECK(error_of(dir, "[book]\nsrc = \"/abs\"\n") ==
          "book.toml:2: `src` must be a folder relative to book.toml");
    CHECK(error_of(dir, "[book]\ntitle = \"unclosed\n").starts_with("book.toml:2: "));
    CHECK(error_of(dir, "book = 1\n") == "book.toml:1: `book` must be a table `[book]`");
    CHECK(error_of(dir, "[output.html.gpuguide]\nliteral-emphasis = \"fail\"\n") ==
          "book.toml:2: `literal-emphasis` must be \"warn\" or \"error\", not \"fail\"");
    CHECK(
        error_of(dir, "[output.html.gpuguide]\nliteral-emphasis = true\n") ==
        "book.toml:2: `literal-emphasis` must be text in quotes, e.g. literal-emphasis = \"...\"");
    CHECK(error_of(dir, "[output.html.gpuguide]\neast-asian-line-breaks = \"no\"\n") ==
          "book.toml:2: `east-asian-line-breaks` must be true or false");
    CHECK(error_of(dir, "[output.html.gpuguide]\nreference = \"\"\n")
              .starts_with("book.toml:2: `reference` is empty; give the host of one document"));
}

TEST_CASE("book.toml of a folder of language folders: only [output.html.gpuguide]", "[book-toml]") {
    // The guide's content/ (en/, zh/ with their SUMMARY.md) has no src/: its book.toml carries
    // gpuguide's own settings, and says so about anything else.
    TempDir dir;
    gg_test::write(dir.path() / "book.toml", R"([book]
title = "Ignored here"

[output.html]
site-url = "/x/"

[output.html.gpuguide]
literal-emphasis = "error"
east-asian-line-breaks = false
)");
    const auto config = gpuguide::load_language_folders_toml(dir.path() / "book.toml");
    CHECK(config.literal_emphasis == gpuguide::EmphasisCheck::Error);
    CHECK_FALSE(config.east_asian_line_breaks);
    CHECK(config.title.empty());
    CHECK(config.site_url.empty());
    const std::string file = (dir.path() / "book.toml").generic_string();
    REQUIRE(config.warnings.size() == 2);
    CHECK(config.warnings[0] ==
          file + ":1: warning: `book` applies to mdBook projects (book.toml + src/); in a folder "
                 "of language folders gpuguide reads only [output.html.gpuguide]; ignored");
    CHECK(config.warnings[1].starts_with(file + ":5: warning: `output.html.site-url` applies"));
}

TEST_CASE("book.toml text already in memory reads as the file does", "[book-toml]") {
    // parse_book_toml is what load_book_toml runs after reading (fuzz_book_toml calls it): the
    // path only names the file in messages and gives the book's root.
    const auto config = gpuguide::parse_book_toml(
        "[book]\ntitle = \"T\"\n[output.html.search]\nenable = true\n", "lab/handbook/book.toml");
    CHECK(config.root == "lab/handbook");
    CHECK(config.title == "T");
    REQUIRE(config.warnings.size() == 1);
    CHECK(
        config.warnings[0].starts_with("lab/handbook/book.toml:3: warning: `output.html.search`"));
    try {
        gpuguide::parse_book_toml("[book]\nsrc = 1\n", "lab/handbook/book.toml");
        FAIL("no error");
    } catch (const gpuguide::InputError& error) {
        CHECK(std::string(error.what()) ==
              "lab/handbook/book.toml:2: `src` must be text in quotes, e.g. src = \"...\"");
    }
}
