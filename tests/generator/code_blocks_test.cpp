// Code blocks as mdBook renders them (its tests/testsuite cases: basic_markdown/code-blocks,
// rendering/hidelines), highlighted at build time by KSyntaxHighlighting.
#include "built_in_theme.hpp"
#include "gpuguide_catch.hpp"
#include "highlight/highlight.hpp"
#include "markdown/markdown.hpp"

#include <string>

namespace md = gpuguide::markdown;

namespace {

std::string render(const std::string& markdown, md::CodeOptions options = {}) {
    md::Document document(markdown);
    options.markup = &gpuguide::test::built_in_templates();
    md::render_code_blocks(document, options);
    return document.render_html();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("the info string is a language, then attributes, split at commas, spaces and tabs",
          "[code]") {
    const auto rust = md::parse_info_string("rust,ignore");
    CHECK(rust.language == "rust");
    CHECK(rust.attributes == std::vector<std::string>{"ignore"});
    const auto text = md::parse_info_string("text cls1,,cls2\tcls3");
    CHECK(text.language == "text");
    CHECK(text.attributes == std::vector<std::string>{"cls1", "cls2", "cls3"});
    CHECK(md::parse_info_string("").language.empty());
    // mdBook's class attribute, not cmark-gfm's `language-rust,ignore`
    CHECK(contains(render("```rust,ignore\nlet x = 1;\n```\n"),
                   "<code class=\"language-rust ignore\">"));
    CHECK(contains(render("```text cls1,,cls2\tcls3\nx\n```\n"),
                   "<code class=\"language-text cls1 cls2 cls3\">"));
    CHECK(contains(render("    indented\n"), "<pre><code>indented\n</code></pre>"));
}

TEST_CASE("Rust hidden lines follow mdBook's rules: `# ` and `#` hide, `##` escapes",
          "[code][hidelines]") {
    const auto lines = md::code_lines(md::parse_info_string("rust,ignore"),
                                      "#![allow(something)]\n#\n#hidden();\n# hidden();\n"
                                      "## not_hidden();\n#[not_hidden]\n    # indented();\n",
                                      {});
    const std::vector<std::string> text{
        "#![allow(something)]", "", "#hidden();", "hidden();", "# not_hidden();", "#[not_hidden]",
        "    indented();"};
    CHECK(lines.text == text);
    CHECK(lines.hidden == std::vector<bool>{false, true, false, true, false, false, true});
    CHECK_FALSE(lines.final_newline);
    const auto html =
        render("```rust,ignore\n# fn main() {\nlet x = 5;\n## not hidden\n# }\n```\n");
    CHECK(contains(html, "<span class=\"boring\"><span class=\"hljs-keyword\">fn</span> main()"));
    CHECK(contains(html, "# not hidden\n"));
    CHECK_FALSE(contains(html, "## not hidden"));
    CHECK(contains(html, "class=\"code-toggle\" aria-pressed=\"false\" hidden>Show hidden lines"));
}

TEST_CASE("runnable Rust without main is wrapped in a hidden main, as for mdBook's playground",
          "[code][hidelines]") {
    const auto lines = md::code_lines(md::parse_info_string("rust"), "let x = 1;\n", {});
    CHECK(lines.playground);
    CHECK(lines.text ==
          std::vector<std::string>{"#![allow(unused)]", "fn main() {", "let x = 1;", "}"});
    CHECK(lines.hidden == std::vector<bool>{true, true, false, true});
    // inner attributes stay before the wrapper; `fn main` or `ignore`/`noplayground`: no wrapper
    const auto attributes =
        md::code_lines(md::parse_info_string("rust"), "#![allow(x)]\nlet y = 2;\n", {});
    CHECK(attributes.text[1] == "#![allow(x)]");
    CHECK(attributes.text[2] == "fn main() {");
    CHECK(md::code_lines(md::parse_info_string("rust"), "fn main() {}\n", {}).text.size() == 1);
    CHECK_FALSE(
        md::code_lines(md::parse_info_string("rust,noplayground"), "let z;\n", {}).playground);
    md::CodeOptions not_runnable;
    not_runnable.runnable = false;
    CHECK(md::code_lines(md::parse_info_string("rust"), "let z;\n", not_runnable).text.size() == 1);
    const auto html = render("```rust,edition2021\nlet x = 1;\n```\n");
    CHECK(contains(html, "<pre class=\"playground\"><code class=\"language-rust edition2021\">"));
    md::CodeOptions edition;
    edition.edition = "2024";
    CHECK(contains(render("```rust,editable\nlet x = 1;\n```\n", edition),
                   "<code class=\"language-rust editable edition2024\">"));
}

TEST_CASE("other languages hide lines by book.toml's prefix or a hidelines= attribute",
          "[code][hidelines]") {
    md::CodeOptions options;
    options.hidelines["python"] = "~";
    const std::string code =
        "~hidden()\nnothidden():\n~    hidden()\n    ~hidden()\n    nothidden()\n";
    const auto lines = md::code_lines(md::parse_info_string("python"), code, options);
    CHECK(lines.text == std::vector<std::string>{"hidden()", "nothidden():", "    hidden()",
                                                 "    hidden()", "    nothidden()"});
    CHECK(lines.hidden == std::vector<bool>{true, false, true, true, false});
    const auto local =
        md::code_lines(md::parse_info_string("python,hidelines=!!!"), "!!!hidden()\nshown()\n", {});
    CHECK(local.hidden == std::vector<bool>{true, false});
    CHECK(contains(render("```python,hidelines=!!!\n!!!x = 1\n```\n"),
                   "<code class=\"language-python hidelines=!!!\"><span class=\"boring\">"));
    // no prefix: nothing hidden, a `#` comment stays
    CHECK_FALSE(md::code_lines(md::parse_info_string("python"), "# comment\n", {}).hidden[0]);
}

TEST_CASE("the copy button is there unless book.toml turns it off, with the UI strings as labels",
          "[code]") {
    md::CodeOptions options;
    options.copy_label = "复制";
    options.copied_label = "已复制";
    const auto html = render("```sh\nls\n```\n", options);
    CHECK(contains(html, "<button type=\"button\" class=\"code-copy\" data-done=\"已复制\" "
                         "hidden>复制</button>"));
    CHECK_FALSE(contains(html, "code-toggle")); // no hidden lines, no toggle
    options.copyable = false;
    CHECK_FALSE(contains(render("```sh\nls\n```\n", options), "code-copy"));
}

TEST_CASE("the required languages are highlighted and an unknown one is plain, without error",
          "[code][highlight]") {
    const std::vector<std::pair<std::string, std::string>> samples = {
        {"c", "int main(void) { return 0; }"},
        {"cpp", "template <typename T> T twice(T x) { return 2 * x; }"},
        {"cuda", "__global__ void k(float* y) { y[threadIdx.x] = 0.0f; }"},
        {"rust", "fn main() { let v: Vec<u8> = Vec::new(); }"},
        {"python", "def f(x):\n    return x  # done"},
        {"sh", "for f in *.md; do echo \"$f\"; done"},
        {"bash", "export CUDA_VISIBLE_DEVICES=0"},
        {"toml", "[book]\ntitle = \"x\""},
        {"yaml", "probe: gpu.stream\nhosts: [this]"},
        {"json", "{\"a\": [1, 2.5, true]}"}};
    for (const auto& [language, code] : samples) {
        INFO(language);
        CHECK(gpuguide::highlight::knows(language));
        std::string markdown = "```";
        markdown.append(language).append("\n").append(code).append("\n```\n");
        const auto html = render(markdown);
        CHECK(contains(html, "<span class=\"hljs-"));
    }
    CHECK(contains(render("```cuda\n__global__ void k();\n```\n"),
                   "<span class=\"hljs-keyword\">__global__</span>"));
    CHECK(contains(render("```python\nx = 1  # one\n```\n"),
                   "<span class=\"hljs-comment\"># one</span>"));
    CHECK_FALSE(gpuguide::highlight::knows("no-such-language"));
    const auto plain = render("```no-such-language\nif <a> & b\n```\n");
    CHECK(contains(plain, "<code class=\"language-no-such-language\">if &lt;a&gt; &amp; b\n"));
    CHECK_FALSE(contains(plain, "hljs-"));
}

namespace {
// The built-in theme's code-token partial, as code blocks ask for it.
const gpuguide::highlight::TokenTags token_tags = [](const char* css) -> const auto& {
    return gpuguide::test::built_in_templates().cached_wrapper("code-token", "class", css);
};
} // namespace

TEST_CASE("highlighting keeps UTF-8 text whole and spans within a line", "[code][highlight]") {
    const auto lines = gpuguide::highlight::lines_html(
        "rust", {"let s = \"显存 — 𝔸\"; // 注释", "/* a", "b */"}, token_tags);
    REQUIRE(lines);
    // (exact token boundaries differ between KSyntaxHighlighting 5.103 and 5.116: parts only)
    CHECK((*lines)[0].starts_with("<span class=\"hljs-keyword\">let</span> s "));
    CHECK(contains((*lines)[0], "<span class=\"hljs-string\">&quot;显存 — 𝔸&quot;</span>"));
    CHECK((*lines)[0].ends_with("<span class=\"hljs-comment\">// 注释</span>"));
    // a comment over two lines is coloured on both, each line's span closed on its line
    CHECK((*lines)[1] == "<span class=\"hljs-comment\">/* a</span>");
    CHECK((*lines)[2] == "<span class=\"hljs-comment\">b */</span>");
}

TEST_CASE("highlighting bytes that are not UTF-8 neither throws nor reads past the line",
          "[code][highlight]") {
    // fuzz_page found a page whose bad bytes made token ends run past the line: each bad byte is
    // one U+FFFD in the highlighter's text, counted as three bytes ("basic_string_view::substr";
    // that input is tests/fuzz/corpus/page/regression-highlight-invalid-utf8).
    const std::string bad = "\xff\xff\xff\xff int x = 1; // \x88\xfc";
    const auto lines = gpuguide::highlight::lines_html("cpp", {bad, "int \xe5\x96 z;"}, token_tags);
    REQUIRE(lines);
    REQUIRE(lines->size() == 2);
    // (token classes differ between KSyntaxHighlighting versions: the words and bytes only)
    CHECK(contains((*lines)[0], ">int</span> x "));
    CHECK(contains((*lines)[1], " z"));
}

TEST_CASE("hidden lines are left out of the search text", "[code][search]") {
    md::Document document(
        "# Page\n\n```rust\n# fn hidden_helper() {}\nlet shown_value = 1;\n```\n");
    const auto headings = md::anchor_headings(document, gpuguide::test::built_in_templates());
    const auto sections = md::plain_text_sections(document, headings, {});
    REQUIRE(sections.size() == 1);
    CHECK(contains(sections[0].text, "shown_value"));
    CHECK_FALSE(contains(sections[0].text, "hidden_helper"));
    CHECK_FALSE(contains(sections[0].text, "fn main"));
}
