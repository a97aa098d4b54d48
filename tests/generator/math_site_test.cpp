// A book with mathjax-support built whole (tests/books/mdbook-math): formulas as math spans in the
// page and in the search index, KaTeX copied into the site and loaded by every page, and a
// warning naming the book when KaTeX is missing. KaTeX here is a stand-in folder
// (GPUGUIDE_KATEX_DIR), so the test needs no package; tests/e2e/math.test.js uses Debian's.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "render/site.hpp"

#include <cstdlib>
#include <memory>

namespace {

namespace fs = std::filesystem;
using Catch::Matchers::ContainsSubstring;

// GPUGUIDE_KATEX_DIR set to `dir` for the test's length.
struct KatexDir {
    explicit KatexDir(const fs::path& dir) { ::setenv("GPUGUIDE_KATEX_DIR", dir.c_str(), 1); }
    ~KatexDir() { ::unsetenv("GPUGUIDE_KATEX_DIR"); }
    KatexDir(const KatexDir&) = delete;
    KatexDir& operator=(const KatexDir&) = delete;
};

struct MathBook {
    gg_test::TempDir dir;
    fs::path root, site, katex;
    MathBook() {
        root = dir.path() / "book";
        site = dir.path() / "site";
        katex = dir.path() / "katex";
        fs::copy(gg_test::books_dir() / "mdbook-math", root, fs::copy_options::recursive);
        fs::create_directories(katex / "fonts");
        std::ofstream(katex / "katex.min.js") << "var katex = {}; // stand-in\n";
        std::ofstream(katex / "katex.min.css") << ".katex {}\n";
        std::ofstream(katex / "fonts" / "KaTeX_Main-Regular.woff2") << "woff2";
        std::ofstream(katex / "fonts" / "KaTeX_Main-Regular.ttf") << "ttf";
    }
    gpuguide::render::BuildReport build() const {
        return gpuguide::render::build_site(gg_test::project_options(root, site));
    }
};

} // namespace

TEST_CASE("math site: formulas as math spans, KaTeX copied and loaded", "[math]") {
    const MathBook book;
    const KatexDir katex(book.katex);
    book.build();
    const auto page = gg_test::read(book.site / "formulas.html");
    CHECK_THAT(page, ContainsSubstring("<span class=\"math math-inline\"> \\pi r^2 </span>"));
    CHECK_THAT(page,
               ContainsSubstring("<span class=\"math math-inline\"> x*y*z_1 </span> are not"));
    CHECK_THAT(page, ContainsSubstring("<span class=\"math math-display\"> \\mu = \\frac{1}{N} "
                                       "\\sum_{i=0}^{N} x_i </span>"));
    CHECK_THAT(page, ContainsSubstring("x \\ge 0 \\\\ f(x)")); // mdBook's `\\\\`: one TeX `\\`
    CHECK_THAT(page, ContainsSubstring("E = mc^2 </span>"));
    CHECK_THAT(page, ContainsSubstring("A price such as $5 or $6 stays text"));
    CHECK_THAT(page, !ContainsSubstring("<em>"));
    CHECK_THAT(page, ContainsSubstring("<link rel=\"stylesheet\" href=\"katex/katex.min.css\">"));
    CHECK_THAT(page, ContainsSubstring("<script src=\"katex/katex.min.js\" defer></script>\n"
                                       "<script src=\"assets/math.js\" defer></script>"));
    CHECK(gg_test::read(book.site / "katex" / "katex.min.js") == "var katex = {}; // stand-in\n");
    CHECK(fs::exists(book.site / "katex" / "katex.min.css"));
    CHECK(fs::exists(book.site / "katex" / "fonts" / "KaTeX_Main-Regular.woff2"));
    CHECK_FALSE(fs::exists(book.site / "katex" / "fonts" / "KaTeX_Main-Regular.ttf"));
    CHECK(fs::exists(book.site / "assets" / "math.js"));
    // The search index holds the formula's text.
    CHECK_THAT(gg_test::read(book.site / "search-index.js"),
               ContainsSubstring("sum_{i=0}^{N} x_i"));
}

TEST_CASE("math site: without KaTeX a warning names the book and how to fix it", "[math]") {
    const MathBook book;
    auto katex = std::make_unique<KatexDir>(book.dir.path() / "nowhere");
    const auto report = book.build();
    const auto warning = (book.root / "book.toml").generic_string() +
                         ":10: warning: mathjax-support = true, but KaTeX is not in " +
                         (book.dir.path() / "nowhere").generic_string();
    CHECK(std::ranges::any_of(report.warnings,
                              [&](const auto& line) { return line.starts_with(warning); }));
    CHECK(std::ranges::any_of(report.warnings, [](const auto& line) {
        return line.find("apt-get install libjs-katex") != std::string::npos;
    }));
    CHECK_FALSE(fs::exists(book.site / "katex"));
    CHECK_FALSE(fs::exists(book.site / "assets" / "math.js"));
    CHECK_THAT(gg_test::read(book.site / "formulas.html"), !ContainsSubstring("katex.min.js"));
    // Installed as the warning says, KaTeX is in the next build: the site is not "up to date".
    katex.reset();
    katex = std::make_unique<KatexDir>(book.katex);
    CHECK_FALSE(book.build().up_to_date);
    CHECK(fs::exists(book.site / "katex" / "katex.min.js"));
}

TEST_CASE("math site: without mathjax-support a formula is Markdown, as in mdBook", "[math]") {
    MathBook book;
    std::ofstream(book.root / "book.toml") << "[book]\ntitle = \"Formulas\"\n";
    const KatexDir katex(book.katex);
    book.build();
    CHECK_THAT(gg_test::read(book.site / "formulas.html"), ContainsSubstring("\\( \\pi r^2 \\)"));
    CHECK_FALSE(fs::exists(book.site / "katex"));
    CHECK_FALSE(fs::exists(book.site / "assets" / "math.js")); // only where KaTeX is
}
