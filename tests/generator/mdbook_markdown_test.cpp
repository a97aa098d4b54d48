// mdBook 0.5's Markdown beyond GFM, as pulldown-cmark reads it (its specs/heading_attrs.txt,
// blockquotes_tags.txt, definition_lists.txt) and mdBook renders it (tests/testsuite/markdown).
#include "built_in_theme.hpp"
#include "gpuguide_catch.hpp"
#include "load/error.hpp"
#include "markdown/markdown.hpp"

#include <string>

namespace md = gpuguide::markdown;

namespace {

std::string html_of(const std::string& markdown, md::Syntax syntax = {}) {
    syntax.markup = &gpuguide::test::built_in_templates();
    md::Document document(markdown, syntax);
    md::anchor_headings(document, *syntax.markup);
    return document.render_html();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("heading attribute blocks as pulldown-cmark reads them", "[heading-attributes]") {
    const auto block =
        md::attribute_block("### multiple! {.myclass1 myattr #myh3 otherattr=value .myclass2}  ");
    REQUIRE(block);
    CHECK(block->attributes.id == "myh3");
    CHECK(block->attributes.classes == std::vector<std::string>{"myclass1", "myclass2"});
    CHECK(block->attributes.others ==
          std::vector<std::pair<std::string, std::string>>{{"myattr", ""}, {"otherattr", "value"}});
    CHECK(md::attribute_block("# H1 {#first #second #last}")->attributes.id == "last");
    CHECK(md::attribute_block("# H1 {#id1.class1.class2 .class3}")->attributes.id ==
          "id1.class1.class2");
    CHECK(md::attribute_block("# H1 {#}")->attributes.id.empty());
    CHECK_FALSE(md::attribute_block("# H1 { #id1"));
    CHECK_FALSE(md::attribute_block("# H1 { #id1 } foo"));
    CHECK_FALSE(md::attribute_block("# H1 {.foo}bar}"));
    CHECK_FALSE(md::attribute_block("# H1 {<i>foo</i>}"));
    CHECK_FALSE(md::attribute_block("# H1 {.foo\\}"));
    CHECK_FALSE(md::attribute_block("#### non-attribute-block {#id4} ####"));
    CHECK(md::attribute_block("# H1 {.foo{unknown}")->attributes.others[0].first == "unknown");
}

TEST_CASE("a heading's {#id} replaces the generated id and leaves the text",
          "[heading-attributes]") {
    const auto html = html_of("# with the ID {#myh1}\n## Options {#options}\n"
                              "## with a class {.myclass}\n# H1 # {#id1}\n"
                              "#### non-attribute-block {#id4} ####\n"
                              "with the ID {#myh2}\n===================\n"
                              "H1\ncont\n{#myid}\n==\n"
                              "## H2 {#foo__bar__baz}\n");
    CHECK(contains(html, "<h1 id=\"myh1\">\nwith the ID\n</h1>"));
    CHECK(contains(html, "<h2 id=\"options\">\nOptions\n</h2>"));
    CHECK(contains(html, "<h2 id=\"with-a-class\" class=\"myclass\">\nwith a class\n</h2>"));
    CHECK(contains(html, "<h1 id=\"id1\">\nH1\n</h1>"));
    CHECK(contains(html, "non-attribute-block {#id4}"));
    CHECK(contains(html, "<h1 id=\"myh2\">\nwith the ID\n</h1>"));
    // The last line, only its block, stays the heading's while parsing (pulldown-cmark keeps it)
    // and leaves nothing in the page.
    CHECK(contains(html, "<h1 id=\"myid\">\nH1\ncont\n</h1>"));
    CHECK_FALSE(contains(html, "<span></span>"));
    CHECK(contains(html, "<h2 id=\"foo__bar__baz\">\nH2\n</h2>"));
    CHECK_FALSE(contains(html, "options-options"));
    CHECK_FALSE(contains(html, "{#options}"));
}

TEST_CASE(
    "generated ids avoid explicit ones, and the same explicit id twice is an error at its line",
    "[heading-attributes]") {
    md::Document document("## Setup\n\n## Install {#setup}\n");
    const auto headings = md::anchor_headings(document, gpuguide::test::built_in_templates());
    REQUIRE(headings.size() == 2);
    CHECK(headings[0].anchor == "setup-1");
    CHECK(headings[1].anchor == "setup");
    md::Document twice("# A {#same}\n\ntext\n\n## B {#same}\n");
    try {
        md::anchor_headings(twice, gpuguide::test::built_in_templates(), "src/page.md", 3);
        FAIL("no error for an id given twice");
    } catch (const gpuguide::InputError& error) {
        CHECK(std::string(error.what())
                  .starts_with(
                      "src/page.md:8: heading id `same` is also given to the heading at line 4"));
    }
    CHECK(md::may_hold_heading_ids("# A {#same}\n"));
    CHECK_FALSE(md::may_hold_heading_ids("# A {.wide}\nint main() { return 0; }\n"));
}

TEST_CASE("custom heading attributes are written as HTML attributes, invalid names left out",
          "[heading-attributes]") {
    const auto html = html_of("#### Header {#id myattr= .class1 other_attr=false bad\"name=1}\n");
    CHECK(contains(html, "<h4 id=\"id\" class=\"class1\" myattr=\"\" other_attr=\"false\">"));
    CHECK_FALSE(contains(html, "bad"));
}

TEST_CASE("GitHub-style admonitions get mdBook's classes and a translated title", "[admonitions]") {
    md::Syntax syntax;
    syntax.admonition_titles[0] = "说明";
    const auto html =
        html_of("> [!NOTE]\n> This is a note.\n>\n> There are multiple paragraphs.\n\n"
                "> [!tip]  \n> A tip.\n\n> [!UNKNOWN]\n> This is an unknown tag.\n\n"
                "> [!IMPORTANT]\n> Outer.\n>\n> > [!CAUTION]\n> > Inner.\n\n"
                "> [!WARNING]\n",
                syntax);
    CHECK(contains(html, "<blockquote class=\"blockquote-tag blockquote-tag-note\">\n"
                         "<p class=\"blockquote-tag-title\">说明</p>\n<p>This is a note.</p>\n"
                         "<p>There are multiple paragraphs.</p>\n</blockquote>"));
    CHECK(contains(html, "blockquote-tag-tip\">\n<p class=\"blockquote-tag-title\">Tip</p>\n"
                         "<p>A tip.</p>"));
    CHECK(contains(html, "<blockquote>\n<p>[!UNKNOWN]\nThis is an unknown tag.</p>"));
    CHECK(contains(html, "blockquote-tag-caution"));
    CHECK(contains(html, "blockquote-tag-warning\">\n<p class=\"blockquote-tag-title\">Warning"
                         "</p>\n</blockquote>"));
    syntax.admonitions = false;
    CHECK(contains(html_of("> [!NOTE]\n> x\n", syntax), "<p>[!NOTE]\nx</p>"));
}

TEST_CASE("definition lists: tight, loose, several definitions, further blocks, terms with ids",
          "[definition-lists]") {
    const auto html =
        html_of("apple\n:   red fruit\n\norange\n:   orange fruit\n:   telecom company\n\n"
                "pear\n\n:   green fruit\n\n    contains seeds,\n    crisp\n\n"
                "        { code }\n\nBloze\n");
    CHECK(contains(html, "<dl>\n<dt id=\"apple\">\napple\n</dt>\n<dd>\nred fruit\n</dd>\n"
                         "<dt id=\"orange\">\norange\n</dt>\n<dd>\norange fruit\n</dd>\n"
                         "<dd>\ntelecom company\n</dd>\n<dt id=\"pear\">\npear\n</dt>\n<dd>\n"
                         "<p>green fruit</p>\n<p>contains seeds,\ncrisp</p>\n"
                         "<pre><code>{ code }\n</code></pre>\n</dd>\n</dl>\n<p>Bloze</p>"));
    CHECK(contains(html_of("Foo\n\nbar\n:   baz\n"), "<p>Foo</p>\n<dl>\n<dt id=\"bar\">"));
    CHECK(contains(html_of(": no term above\n"), "<p>: no term above</p>"));
    md::Syntax off;
    off.definition_lists = false;
    CHECK(contains(html_of("apple\n:   red fruit\n", off), "<p>apple\n:   red fruit</p>"));
}
