// Heading anchors: GitHub's slug rule, Chinese kept, duplicates numbered.
#include "built_in_theme.hpp"
#include "gpuguide_catch.hpp"
#include "markdown/markdown.hpp"

using gpuguide::markdown::slugify;

TEST_CASE("slugs lower-case ASCII, turn spaces into dashes and drop punctuation", "[anchors]") {
    CHECK(slugify("GPU Architecture") == "gpu-architecture");
    CHECK(slugify("What's new in CUDA 13?") == "whats-new-in-cuda-13");
    CHECK(slugify("A -- B_c") == "a----b_c");
    CHECK(slugify("C++ & you") == "c--you");
    CHECK(slugify("!!!") == "section");
}

TEST_CASE("slugs keep CJK characters and drop CJK punctuation", "[anchors]") {
    CHECK(slugify("内存带宽") == "内存带宽");
    CHECK(slugify("下一步：安装 CUDA") == "下一步安装-cuda");
    CHECK(slugify("张量核心（Tensor Core）") == "张量核心tensor-core");
    CHECK(slugify("GPU 是什么？") == "gpu-是什么");
}

TEST_CASE("anchors are unique within a page: -1, -2 like GitHub", "[anchors]") {
    gpuguide::markdown::Document document("# Intro\n## Intro\n## Intro\n### Intro-1\n");
    const auto headings =
        gpuguide::markdown::anchor_headings(document, gpuguide::test::built_in_templates());
    REQUIRE(headings.size() == 4);
    CHECK(headings[0].anchor == "intro");
    CHECK(headings[1].anchor == "intro-1");
    CHECK(headings[2].anchor == "intro-2");
    CHECK(headings[3].anchor == "intro-1-1");
    const auto html = document.render_html();
    CHECK(html.find("<h2 id=\"intro-2\">") != std::string::npos);
    CHECK(headings[1].line == 2);
}

TEST_CASE("headings keep their inline Markdown", "[anchors]") {
    gpuguide::markdown::Document document("## The `cudaMalloc` *call*\n");
    const auto headings =
        gpuguide::markdown::anchor_headings(document, gpuguide::test::built_in_templates());
    CHECK(headings[0].anchor == "the-cudamalloc-call");
    CHECK(document.render_html().find("<code>cudaMalloc</code> <em>call</em>") !=
          std::string::npos);
}

TEST_CASE("escape_html escapes markup and drops control characters", "[escaping]") {
    using gpuguide::markdown::escape_html;
    CHECK(escape_html("<b title=\"x\">'&'</b>") ==
          "&lt;b title=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;");
    CHECK(escape_html(std::string("a\x01\x1b\x7f"
                                  "b\tc\n",
                                  8)) == "ab\tc\n");
    CHECK(gpuguide::markdown::without_control_characters(std::string("GPU\x07 name", 9)) ==
          "GPU name");
}

TEST_CASE("control characters: every position, word-at-a-time scan included", "[markdown]") {
    // without_control_characters scans eight bytes at a time; compare it with the plain rule
    // (drop C0 controls but tab, LF, CR, and DEL) for every byte at every offset of a long text.
    for (int byte = 0; byte < 256; ++byte) {
        for (std::size_t at = 0; at < 19; ++at) {
            std::string text = "ab\t\ncd\r\xE4\xB8\xAD ef gh ij kl mn";
            text[at] = static_cast<char>(byte);
            std::string expected;
            for (const char c : text) {
                const auto u = static_cast<unsigned char>(c);
                if (!((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7F)) {
                    expected += c;
                }
            }
            CHECK(gpuguide::markdown::without_control_characters(text) == expected);
        }
    }
}
