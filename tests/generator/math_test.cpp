// Formulas in mdBook's MathJax delimiters (book.toml `[output.html] mathjax-support = true`):
// protect_math finds `\\(`..`\\)`, `\\[`..`\\]` and `$$`..`$$` in the Markdown, as mdBook's
// MathJax finds them in its HTML, and keeps the Markdown parser (emphasis, escapes, lists) and
// the CJK soft-break removal from changing them.
#include "built_in_theme.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "markdown/markdown.hpp"

#include <string>

namespace md = gpuguide::markdown;

namespace {

// The page's HTML as gpuguide renders it: protected, parsed, soft breaks removed.
std::string html(const std::string& markdown) {
    md::Document document(md::protect_math(markdown, gpuguide::test::built_in_templates()));
    md::remove_east_asian_soft_breaks(document);
    return document.render_html();
}

const std::string inline_open = "<span class=\"math math-inline\">";
const std::string display_open = "<span class=\"math math-display\">";

} // namespace

TEST_CASE("math: mdBook's inline and display delimiters become math spans", "[math]") {
    CHECK(html("Area \\\\( \\pi r^2 \\\\) here.\n") ==
          "<p>Area " + inline_open + " \\pi r^2 </span> here.</p>\n");
    CHECK(html("\\\\[ \\mu = \\frac{1}{N} \\sum_{i=0} x_i \\\\]\n") ==
          "<p>" + display_open + " \\mu = \\frac{1}{N} \\sum_{i=0} x_i </span></p>\n");
    // A formula whose first line is empty: the tag breaks there, not after `>` (a line holding
    // only an open tag would start an HTML block).
    CHECK(html("$$\nE = mc^2\n$$\n") ==
          "<p><span\nclass=\"math math-display\">E = mc^2\n</span></p>\n");
}

TEST_CASE("math: Markdown inside a formula is not Markdown", "[math]") {
    // Underscores and stars are not emphasis; mdBook's own escapes (\\\\ for a TeX newline, \\_)
    // read as Markdown reads them, so a book written for mdBook gives the same formula.
    CHECK(html("\\\\( a_1 * b_2 * c_3 \\\\)\n") ==
          "<p>" + inline_open + " a_1 * b_2 * c_3 </span></p>\n");
    CHECK(html("$$\\begin{cases} 1 \\\\\\\\ 2 \\end{cases}$$\n") ==
          "<p>" + display_open + "\\begin{cases} 1 \\\\ 2 \\end{cases}</span></p>\n");
    CHECK(html("\\\\( x \\_ y < z & w \\\\)\n") ==
          "<p>" + inline_open + " x _ y &lt; z &amp; w </span></p>\n");
    // A line of a display formula that would start a list or a heading stays in the formula.
    CHECK(html("$$\na\n- b\n= c\n$$\n") ==
          "<p><span\nclass=\"math math-display\">a\n- b\n= c\n</span></p>\n");
}

TEST_CASE("math: what is not a formula", "[math]") {
    // mdBook's MathJax has no `$`..`$`: a price stays text.
    CHECK(html("It costs $5 or $6.\n") == "<p>It costs $5 or $6.</p>\n");
    // One backslash is Markdown's escape of the parenthesis: no formula, as in mdBook.
    CHECK(html("\\( x \\)\n") == "<p>( x )</p>\n");
    // Escaped dollars, code spans and code blocks are left alone.
    CHECK(html("\\$\\$ x \\$\\$\n") == "<p>$$ x $$</p>\n");
    CHECK(html("`$$ x_1 $$` and `\\\\( y \\\\)`\n") ==
          "<p><code>$$ x_1 $$</code> and <code>\\\\( y \\\\)</code></p>\n");
    CHECK(html("```\n$$ x_1 $$\n```\n") == "<pre><code>$$ x_1 $$\n</code></pre>\n");
    CHECK(html("    \\\\( x_1 \\\\)\n") == "<pre><code>\\\\( x_1 \\\\)\n</code></pre>\n");
    // An unclosed delimiter, or one closed only after a blank line, is text.
    CHECK(html("$$ x\n\ny $$\n") == "<p>$$ x</p>\n<p>y $$</p>\n");
    CHECK(html("\\\\( x\n") == "<p>\\( x</p>\n");
}

TEST_CASE("math: the formula survives the CJK soft-break removal and keeps its lines", "[math]") {
    CHECK(html("面积是\n\\\\( \\pi r^2 \\\\)\n。\n") ==
          "<p>面积是\n" + inline_open + " \\pi r^2 </span>\n。</p>\n");
    // Lines are kept one for one, so every later line number stays right.
    const std::string source = "a\n$$\nx\n$$\nb *c*\n";
    const auto protectedSource = md::protect_math(source, gpuguide::test::built_in_templates());
    CHECK(std::count(protectedSource.begin(), protectedSource.end(), '\n') ==
          std::count(source.begin(), source.end(), '\n'));
}

TEST_CASE("math: counting a page's formulas", "[math]") {
    std::size_t count = 0;
    md::protect_math("a \\\\( x \\\\) b $$y$$", gpuguide::test::built_in_templates(), &count);
    CHECK(count == 2);
    md::protect_math("a $5 b `$$x$$`", gpuguide::test::built_in_templates(), &count);
    CHECK(count == 0);
}
