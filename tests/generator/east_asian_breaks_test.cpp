// Soft line breaks in Chinese and Japanese text (issue 67): a wrap between two East Asian wide
// characters is removed, as CSS Text 3 and Pandoc's east_asian_line_breaks do; a wrap next to a
// Latin character, a hard break and code stay as CommonMark has them.
#include "built_in_theme.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "markdown/markdown.hpp"
#include "render/site.hpp"

#include <string>

namespace md = gpuguide::markdown;
using gg_test::has;

namespace {

// The HTML of `markdown` with the breaks removed (the rendered page's body).
std::string joined(const std::string& markdown) {
    md::Document document(markdown);
    md::remove_east_asian_soft_breaks(document);
    return document.render_html();
}

} // namespace

TEST_CASE("a soft break between two ideographs or kana is removed", "[east-asian-breaks]") {
    CHECK(joined("以十亿为单位的\n参数量。\n") == "<p>以十亿为单位的参数量。</p>\n");
    CHECK(joined("三行に\n折り返した\n段落。\n") == "<p>三行に折り返した段落。</p>\n");
    CHECK(joined("> 引用里的\n> 中文\n") == "<blockquote>\n<p>引用里的中文</p>\n</blockquote>\n");
    CHECK(joined("- 列表里的\n  中文\n") == "<ul>\n<li>列表里的中文</li>\n</ul>\n");
}

TEST_CASE("a soft break next to full-width punctuation is removed", "[east-asian-breaks]") {
    CHECK(joined("加上两个数，\n就足够了。\n") == "<p>加上两个数，就足够了。</p>\n");
    CHECK(joined("不必重算。\n每个 token\n") == "<p>不必重算。每个 token</p>\n");
    CHECK(joined("缓存）：\n（2 × 32）\n") == "<p>缓存）：（2 × 32）</p>\n");
    CHECK(joined("見出し「\n例」\n") == "<p>見出し「例」</p>\n");
    // Full-width punctuation carries its own spacing: no space after it before a digit or a
    // Latin word either, nor before it.
    CHECK(joined("16 位缓存）：\n2 × 32\n") == "<p>16 位缓存）：2 × 32</p>\n");
    CHECK(joined("两个数，\nGPU 规格\n") == "<p>两个数，GPU 规格</p>\n");
    CHECK(joined("每个 token\n。\n") == "<p>每个 token。</p>\n");
}

TEST_CASE("a soft break next to a Latin word, a digit or Hangul stays", "[east-asian-breaks]") {
    CHECK(joined("加上\nGPU 规格\n") == "<p>加上\nGPU 规格</p>\n");
    CHECK(joined("GPU\n规格\n") == "<p>GPU\n规格</p>\n");
    CHECK(joined("共\n2 个\n") == "<p>共\n2 个</p>\n");
    CHECK(joined("句号.\n中文\n") == "<p>句号.\n中文</p>\n");
    // Korean separates words with spaces: the wrap is one.
    CHECK(joined("한국어\n문장\n") == "<p>한국어\n문장</p>\n");
    CHECK(joined("中文\n한국어\n") == "<p>中文\n한국어</p>\n");
}

TEST_CASE("inside and around emphasis, strikethrough and links", "[east-asian-breaks]") {
    CHECK(joined("这是*强调的\n文字*。\n") == "<p>这是<em>强调的文字</em>。</p>\n");
    CHECK(joined("**粗体**\n之后\n") == "<p><strong>粗体</strong>之后</p>\n");
    CHECK(joined("之前\n**粗体**\n") == "<p>之前<strong>粗体</strong></p>\n");
    CHECK(joined("见[第\n二章](b.md)\n说明\n") == "<p>见<a href=\"b.md\">第二章</a>说明</p>\n");
    CHECK(joined("删去~~这\n些~~字\n") == "<p>删去<del>这些</del>字</p>\n");
    CHECK(joined("*GPU*\n规格\n") == "<p><em>GPU</em>\n规格</p>\n");
}

TEST_CASE("hard breaks, code spans and code blocks are unchanged", "[east-asian-breaks]") {
    CHECK(joined("第一行  \n第二行\n") == "<p>第一行<br />\n第二行</p>\n");
    CHECK(joined("第一行\\\n第二行\n") == "<p>第一行<br />\n第二行</p>\n");
    CHECK(joined("代码 `中文\n中文` 里\n") == "<p>代码 <code>中文 中文</code> 里</p>\n");
    CHECK(joined("用\n`代码`\n写\n") == "<p>用\n<code>代码</code>\n写</p>\n");
    CHECK(joined("```\n代码块\n里的中文\n```\n") == "<pre><code>代码块\n里的中文\n</code></pre>\n");
    CHECK(joined("    缩进的\n    代码块\n") == "<pre><code>缩进的\n代码块\n</code></pre>\n");
    CHECK(joined("原始<b>HTML</b>\n中文\n") == "<p>原始<b>HTML</b>\n中文</p>\n");
}

TEST_CASE("the search text loses the space too", "[east-asian-breaks]") {
    md::Document document("# 标题\n\n以十亿为单位的\n参数量，加上\nGPU 规格。\n");
    const auto headings = md::anchor_headings(document, gpuguide::test::built_in_templates());
    md::remove_east_asian_soft_breaks(document);
    const auto sections = md::plain_text_sections(document, headings, {});
    REQUIRE(sections.size() == 1);
    CHECK(sections[0].text == "以十亿为单位的参数量，加上 GPU 规格。");
}

TEST_CASE("a book's pages, search index and print page, and east-asian-line-breaks = false keeps "
          "CommonMark's newline",
          "[site][east-asian-breaks]") {
    gg_test::BookCopy book;
    book.page("03-notes.md", "# 附注\n\n以十亿为单位的\n参数量，加上\nGPU 规格。\n", "zh");
    gpuguide::render::build_site(book.options());
    const auto zh = book.out() / "zh";
    CHECK(has(gg_test::read(zh / "03-notes.html"), "以十亿为单位的参数量，加上\nGPU 规格。"));
    CHECK(has(gg_test::read(zh / "print.html"), "以十亿为单位的参数量，加上\nGPU 规格。"));
    CHECK(has(gg_test::read(zh / "search-index.js"), "以十亿为单位的参数量，加上 GPU 规格。"));

    gg_test::write(book.content() / "book.toml",
                   "[output.html.gpuguide]\neast-asian-line-breaks = false\n");
    gpuguide::render::build_site(book.options());
    CHECK(has(gg_test::read(zh / "03-notes.html"), "以十亿为单位的\n参数量，加上\nGPU 规格。"));
    CHECK(has(gg_test::read(zh / "print.html"), "以十亿为单位的\n参数量，加上\nGPU 规格。"));
    CHECK(has(gg_test::read(zh / "search-index.js"), "以十亿为单位的 参数量，加上 GPU 规格。"));
}
