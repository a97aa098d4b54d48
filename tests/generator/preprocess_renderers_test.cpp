// mdBook's alternative renderers ([output.NAME]): tests/books/mdbook-renderers run with its
// fixture renderer (written after mdBook's protocol), and with ones that fail, hang or are
// missing added to its book.toml.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book_toml.hpp"
#include "load/error.hpp"
#include "preprocess/renderers.hpp"

namespace {

namespace fs = std::filesystem;
using Catch::Matchers::ContainsSubstring;

// A copy of tests/books/mdbook-renderers with `extra` appended to its book.toml.
struct RenderedBook {
    gg_test::TempDir dir;
    fs::path root;
    explicit RenderedBook(const std::string& extra = "") {
        root = fs::canonical(dir.path()) / "book";
        fs::copy(gg_test::books_dir() / "mdbook-renderers", root, fs::copy_options::recursive);
        std::ofstream(root / "book.toml", std::ios::app) << extra;
    }
    gpuguide::BookConfig config() const { return gpuguide::load_book_toml(root / "book.toml"); }
    std::vector<std::string> run() const { return gpuguide::preprocess::run_renderers(config()); }
    // The error of run_renderers, with the book's folder cut off the front.
    std::string error() const {
        try {
            run();
        } catch (const gpuguide::InputError& e) {
            std::string message = e.what();
            const auto prefix = root.generic_string() + "/";
            return message.starts_with(prefix) ? message.substr(prefix.size()) : message;
        }
        return "";
    }
};

} // namespace

TEST_CASE("renderers: book.toml's [output.NAME] tables, html apart", "[preprocess]") {
    const RenderedBook book;
    const auto config = book.config();
    REQUIRE(config.renderers.size() == 2);
    CHECK(config.renderers[0].name == "not-installed");
    CHECK(config.renderers[0].command == "mdbook-not-installed"); // mdBook's default
    CHECK(config.renderers[0].optional);
    CHECK(config.renderers[1].name == "wordcount");
    CHECK(config.renderers[1].command == "renderers/wordcount.py");
    CHECK(config.renderers[1].line == 16);
    CHECK(config.warnings.empty()); // `unit` is the renderer's own setting: no warning
    // More than one renderer: mdBook writes each into build-dir/NAME, the HTML into book/html.
    CHECK(gpuguide::preprocess::html_dir(config) == book.root / "book" / "html");
    gpuguide::BookConfig html_only;
    html_only.root = book.root;
    CHECK(gpuguide::preprocess::html_dir(html_only) == book.root / "book");
}

TEST_CASE("renderers: one writes its file in book/NAME from mdBook's RenderContext",
          "[preprocess]") {
    const RenderedBook book;
    const auto warnings = book.run();
    const auto out = book.root / "book" / "wordcount";
    const auto words = gg_test::read(out / "words.txt");
    CHECK_THAT(words, ContainsSubstring("version 0.4.52\n"));
    CHECK_THAT(words, ContainsSubstring("root " + book.root.generic_string() + "\n"));
    CHECK_THAT(words, ContainsSubstring("destination " + out.generic_string() + "\n"));
    CHECK_THAT(words, ContainsSubstring("cwd " + out.generic_string() + "\n")); // as mdBook
    // The book as preprocessed for this renderer (`mark` saw "wordcount"), after `links`.
    CHECK_THAT(words,
               ContainsSubstring("chapter.md: 9 words: This page was prepared for wordcount.\n"));
    CHECK_THAT(words, ContainsSubstring("second.md: 6 words: Three more words.\n"));
    CHECK(gg_test::has_line(warnings, "renderer wordcount: wordcount.py: counted 2 chapters"));
    CHECK(gg_test::has_line(warnings, "book.toml:20: warning: optional renderer `not-installed`: "
                                      "`mdbook-not-installed` was not found"));
    CHECK_FALSE(fs::exists(book.root / "book" / "not-installed"));
}

TEST_CASE("renderers: one that fails, hangs or is missing stops with its name", "[preprocess]") {
    const RenderedBook failing("\n[output.broken]\ncommand = \"renderers/fail.sh\"\n");
    const auto error = failing.error();
    CHECK_THAT(error, ContainsSubstring("book.toml:23: renderer `broken` (`renderers/fail.sh`) "
                                        "failed (exit status 4)"));
    CHECK_THAT(error, ContainsSubstring("fail.sh: cannot render"));
    const RenderedBook hanging("\n[output.slow]\ncommand = \"sleep 30\"\ntimeout = 1\n");
    const auto start = std::chrono::steady_clock::now();
    CHECK_THAT(hanging.error(),
               ContainsSubstring("book.toml:23: renderer `slow` (`sleep 30`) ran longer than 1 s "
                                 "and was stopped"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    const RenderedBook missing("\n[output.epub]\n");
    CHECK_THAT(missing.error(), ContainsSubstring("book.toml:23: renderer `epub` (`mdbook-epub`) "
                                                  "was not found"));
    CHECK_THAT(missing.error(), ContainsSubstring("`optional = true`"));
}
