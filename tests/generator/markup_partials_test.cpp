// The markup the Markdown stage writes (headings, definition lists, formulas, highlighted tokens)
// and the sitemap come from the theme's partials: a book's own partial of the same name replaces
// the built-in one, and its markup is what the page holds (docs/src/writing/themes.md "Partials").
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

using namespace gg_test;

namespace {

// A one-page mdBook project (formulas on) whose templates/ folder holds `partials`, built into
// site/ with `base_url` (a sitemap) when given.
class PartialBook {
  public:
    explicit PartialBook(const std::map<std::string, std::string>& partials,
                         const std::string& markdown, const std::string& base_url = "") {
        const auto root = dir_.path() / "book";
        write(root / "book.toml", "[book]\ntitle = \"Partials\"\nlanguage = \"en\"\n\n"
                                  "[output.html]\nmathjax-support = true\n");
        write(root / "src" / "SUMMARY.md", "# Summary\n\n[Page](page.md)\n");
        write(root / "src" / "page.md", markdown);
        for (const auto& [name, text] : partials) {
            write(root / "templates" / "partials" / (name + ".mustache"), text);
        }
        auto options = project_options(root, site());
        options.templates_dir = root / "templates";
        options.base_url = base_url;
        gpuguide::render::build_site(options);
    }
    fs::path site() const { return dir_.path() / "site"; }
    std::string page() const { return read(site() / "page.html"); }
    std::string print() const { return read(site() / "print.html"); }

  private:
    TempDir dir_;
};

} // namespace

TEST_CASE("a book's partials/heading.mustache writes every heading, attributes and all",
          "[partials]") {
    const PartialBook book(
        {{"heading", "<div role=\"heading\" aria-level=\"{{level}}\" id=\"{{id}}\""
                     "{{#classes}} data-classes=\"{{classes}}\"{{/classes}}"
                     "{{#attributes}} data-{{name}}=\"{{value}}\"{{/attributes}}>"
                     "{{{content_html}}}</div>\n"}},
        "# Title *one* {#own .wide .tall data-x=a&b}\n\n## Second\n");
    // (cmark puts a line break after a block's open tag and before its close tag)
    const auto html = book.page();
    CHECK(has(html, "<div role=\"heading\" aria-level=\"1\" id=\"own\" data-classes=\"wide tall\" "
                    "data-data-x=\"a&amp;b\">\nTitle <em>one</em>\n</div>\n"));
    CHECK(has(html, "<div role=\"heading\" aria-level=\"2\" id=\"second\">\nSecond\n</div>\n"));
    CHECK_FALSE(has(html, "<h1"));
    // print.html renders the same headings again, with ids prefixed by the page.
    CHECK(has(book.print(), "<div role=\"heading\" aria-level=\"2\" id=\"page-page--second\">"));
}

TEST_CASE("every heading gets its own id through a book's heading partial, escaped", "[partials]") {
    // The generator renders the heading partial once per level and attributes and puts each
    // heading's id into that (theme::Markup::around_with): each id must still be its own, escaped
    // as the partial escapes it, and a section on the id must still see one.
    const PartialBook book({{"heading", "<h{{level}}{{#id}} x=\"{{id}}\"{{/id}}>"
                                        "{{{content_html}}}</h{{level}}>\n"}},
                           "# One {#a&b}\n\n# Two\n\n# Three {#e&f}\n\n## Four\n");
    const auto html = book.page();
    CHECK(has(html, "<h1 x=\"a&amp;b\">\nOne\n</h1>"));
    CHECK(has(html, "<h1 x=\"two\">\nTwo\n</h1>"));
    CHECK(has(html, "<h1 x=\"e&amp;f\">\nThree\n</h1>"));
    CHECK(has(html, "<h2 x=\"four\">\nFour\n</h2>"));
}

TEST_CASE("the built-in heading partial keeps mdBook's tag, id, classes and attributes",
          "[partials]") {
    // An attribute whose name HTML forbids (a quote in it) is left out, not written broken.
    const PartialBook book({}, "# Title {#own .wide data-x=a&b bad\"name=1}\n");
    CHECK(has(book.page(), "<h1 id=\"own\" class=\"wide\" data-x=\"a&amp;b\">\nTitle\n</h1>\n"));
}

TEST_CASE("a book's definition-list partials write definition lists, tight and loose",
          "[partials]") {
    const PartialBook book(
        {{"definition-list", "<div class=\"own-dl\">\n{{{content_html}}}</div>\n"},
         {"definition-term", "<p class=\"own-dt\" id=\"{{id}}\">{{{content_html}}}</p>\n"},
         {"definition-details", "<p class=\"own-dd{{#loose}} loose{{/loose}}\">"
                                "{{{content_html}}}</p>\n"}},
        "Tight term\n: Its *definition*\n\nLoose term\n\n: First paragraph\n\n"
        "Indented term\n: Short\n\n    More of it.\n");
    const auto html = book.page();
    CHECK(has(html, "<div class=\"own-dl\">\n<p class=\"own-dt\" id=\"tight-term\">\nTight term\n"
                    "</p>\n<p class=\"own-dd\">\nIts <em>definition</em>\n</p>\n"));
    CHECK(has(html, "<p class=\"own-dt\" id=\"loose-term\">\nLoose term\n</p>\n"
                    "<p class=\"own-dd loose\">\n<p>First paragraph</p>\n</p>\n"));
    // A tight definition that an indented block continues turns loose.
    CHECK(
        has(html, "<p class=\"own-dd loose\">\n<p>Short</p>\n<p>More of it.</p>\n</p>\n</div>\n"));
    CHECK_FALSE(has(html, "<dl>"));
    CHECK_FALSE(has(html, "<dd>"));
}

TEST_CASE("a book's partials/math.mustache wraps every formula", "[partials]") {
    const PartialBook book(
        {{"math", "<var class=\"own-math{{#display}} block{{/display}}\">{{{text_html}}}</var>\n"}},
        "Inline \\\\( a_1 * b \\\\) and\n$$\nx^2\n$$\n");
    const auto html = book.page();
    CHECK(has(html, "Inline <var class=\"own-math\"> a_1 * b </var> and"));
    // A display formula whose first line is empty keeps its line break inside the open tag.
    CHECK(has(html, "<var\nclass=\"own-math block\">x^2\n</var>"));
    CHECK_FALSE(has(html, "class=\"math "));
}

TEST_CASE("a book's partials/code-token.mustache wraps every highlighted token", "[partials]") {
    const PartialBook book({{"code-token", "<b class=\"tok {{class}}\">{{{text_html}}}</b>\n"}},
                           "```cpp\nint x = 1; // one\n```\n");
    const auto html = book.page();
    // (token classes differ between KSyntaxHighlighting versions: a word and the comment only)
    CHECK(has(html, ">int</b> x "));
    CHECK(has(html, "<b class=\"tok hljs-comment\">// one</b>"));
    CHECK_FALSE(has(html, "<span class=\"hljs-"));
}

TEST_CASE("a book's partials/sitemap.mustache writes sitemap.xml", "[partials]") {
    const PartialBook book(
        {{"sitemap", "<own>\n{{#urls}}<u l=\"{{loc}}\" m=\"{{lastmod}}\"/>\n{{/urls}}</own>\n"}},
        "# Page\n", "https://example.org/a&b");
    CHECK(read(book.site() / "sitemap.xml") ==
          "<own>\n<u l=\"https://example.org/a&amp;b/page.html\" m=\"2025-11-21\"/>\n</own>\n");
}

TEST_CASE("the built-in sitemap partial writes the sitemaps.org format", "[partials]") {
    const PartialBook book({}, "# Page\n", "https://example.org/book/");
    CHECK(read(book.site() / "sitemap.xml") ==
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
          "<url><loc>https://example.org/book/page.html</loc><lastmod>2025-11-21</lastmod></url>\n"
          "</urlset>\n");
}
