// Literal `**` and `__`: emphasis that CommonMark's flanking rules did not open or close. The
// Chinese cases are the ones the guide's own pages had (issue 52).
#include "built_in_theme.hpp"
#include "gpuguide_catch.hpp"
#include "markdown/markdown.hpp"

#include <string>
#include <vector>

namespace {

using gpuguide::markdown::Document;
using gpuguide::markdown::find_literal_emphasis;

std::vector<int> lines_of(const std::string& markdown) {
    Document document(markdown);
    std::vector<int> lines;
    for (const auto& found : find_literal_emphasis(markdown, document)) {
        lines.push_back(found.line);
    }
    return lines;
}

} // namespace

TEST_CASE("literal emphasis: CJK punctuation inside, a CJK character or digit outside",
          "[literal-emphasis]") {
    // The closing `**` follows 。 (punctuation) and precedes 0: not right-flanking, no bold.
    const std::string page = "**按层切分（流水线并行）。**0 号卡放第 0–39 层。\n";
    Document document(page);
    const auto found = find_literal_emphasis(page, document);
    REQUIRE(found.size() == 2); // the opener has no closer, the closer no opener
    CHECK(found[0].line == 1);
    CHECK(found[0].marks == "**");
    CHECK(found[0].context.find("按层切分") != std::string::npos);
    CHECK(document.render_html().find("<strong>") == std::string::npos);

    // The opening `**` follows a CJK character and precedes （: not left-flanking.
    CHECK(lines_of("两块卡加**（4090）**电源。\n") == std::vector<int>{1, 1});
    // Fixed the way the pages were fixed: the punctuation moved outside the marks.
    CHECK(lines_of("**按层切分（流水线并行）**。0 号卡放第 0–39 层。\n").empty());
    CHECK(Document("**按层切分（流水线并行）**。0 号卡\n").render_html().find("<strong>") !=
          std::string::npos);
}

TEST_CASE("literal emphasis: lines count inside paragraphs, lists, quotes and tables",
          "[literal-emphasis]") {
    CHECK(lines_of("Intro.\n\nfirst line\nsecond **line。**x\n") == std::vector<int>{4, 4});
    CHECK(lines_of("# Title\n\n- one\n- two __x。__y\n") == std::vector<int>{4, 4});
    CHECK(lines_of("> quote\n> a**。b\n") == std::vector<int>{2});
    CHECK(lines_of("| a | b |\n|---|---|\n| x | y |\n| 1 | 2**。z |\n") == std::vector<int>{4});
    CHECK(lines_of("## Heading **。x\n") == std::vector<int>{1});
    CHECK(lines_of("intraword snake__case here\n") == std::vector<int>{1});
    // A run at the very end of the text, and a longer run, are each reported once.
    CHECK(lines_of("a run at the end **\n") == std::vector<int>{1});
    CHECK(lines_of("`code`**\n") == std::vector<int>{1});
    CHECK(lines_of("four **** in a row\n") == std::vector<int>{1});
}

TEST_CASE("literal emphasis: code, escapes, raw HTML and addresses are not reported",
          "[literal-emphasis]") {
    CHECK(lines_of("Real **bold** and __strong__ text.\n").empty());
    CHECK(lines_of("Python's `__init__` and `a ** b`.\n").empty());
    CHECK(lines_of("```python\nx = 2 ** 10\n__all__ = []\n```\n").empty());
    CHECK(lines_of("    indented **code\n").empty());
    CHECK(lines_of("Escaped \\*\\* and \\_\\_ on purpose.\n").empty());
    // An escaped mark next to a real one: the real one is still reported, `\\` is no escape.
    CHECK(lines_of("Escaped \\*\\* then a**。b\n") == std::vector<int>{1});
    CHECK(lines_of("Backslash \\\\**。b\n") == std::vector<int>{1});
    CHECK(lines_of("<div>**raw html**。x</div>\n").empty());
    CHECK(lines_of("See https://example.org/a__b__c for it.\n").empty());
    // A link whose text is not its address is prose, and checked.
    CHECK(lines_of("[a**。b](https://example.org/)\n") == std::vector<int>{1});
}

TEST_CASE("literal emphasis: the context shows where, cut at whole characters",
          "[literal-emphasis]") {
    const std::string page = std::string(40, 'a') + " 中文**。x " + std::string(40, 'b') + "\n";
    Document document(page);
    const auto found = find_literal_emphasis(page, document);
    REQUIRE(found.size() == 1);
    CHECK(found[0].context.starts_with("…"));
    CHECK(found[0].context.ends_with("…"));
    CHECK(found[0].context.find("中文**。x") != std::string::npos);
}

TEST_CASE("literal emphasis: a page with escaped marks and an admonition or definition list",
          "[literal-emphasis]") {
    // Escaped marks make the check parse the page again; that parse renders nothing, so its
    // admonitions and definition lists need no theme (it stopped the build with an internal
    // error once).
    const std::string page = "> [!NOTE]\n> Say \\*\\*this\\*\\*.\n\nTerm\n: a **b。**c\n";
    const Document document(page, {.markup = &gpuguide::test::built_in_templates()});
    std::vector<gpuguide::markdown::LiteralEmphasis> found;
    REQUIRE_NOTHROW(found = find_literal_emphasis(page, document));
    CHECK(found.size() == 2); // (the line given for a definition's text is not yet its own)
}

TEST_CASE("literal emphasis: several in one text, reported in reading order",
          "[literal-emphasis]") {
    // `__` closes nothing (no opener) and `**` opens nothing (no closer); the underscores come
    // first on the line, and so in the messages.
    const std::string page = "x__。y **。z and w__。v\n";
    const Document document(page);
    const auto found = find_literal_emphasis(page, document);
    REQUIRE(found.size() == 3);
    CHECK(found[0].marks == "__");
    CHECK(found[1].marks == "**");
    CHECK(found[2].marks == "__");
    CHECK(found[1].context.find("y **。z") != std::string::npos);
}
