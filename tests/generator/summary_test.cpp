// SUMMARY.md parsing: numbering, parts, prefix/suffix chapters, drafts, and each error.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book.hpp"

namespace {

using gg_test::TempDir;

struct SummaryDir {
    TempDir dir;
    SummaryDir() {
        for (const char* file : {"index.md", "a.md", "b.md", "c.md", "d.md"}) {
            gg_test::write(dir.path() / file, "---\ntitle: x\n---\n");
        }
    }
    std::vector<gpuguide::SummaryEntry> parse(const std::string& text) const {
        return gpuguide::parse_summary(dir.path() / "SUMMARY.md", text);
    }
    std::string error(const std::string& text) const {
        try {
            parse(text);
        } catch (const gpuguide::InputError& e) {
            std::string message = e.what();
            return message.substr(dir.path().generic_string().size() + 1);
        }
        return "";
    }
};

} // namespace

TEST_CASE("SUMMARY.md: numbered chapters, sections, parts, prefix, suffix, drafts", "[summary]") {
    SummaryDir summary;
    const auto entries =
        summary.parse("# Summary\n\n[Intro](index.md)\n\n# Part one\n\n- [A](a.md)\n"
                      "    - [B](b.md)\n    - [Draft]()\n- [C](c.md)\n\n---\n\n[D](d.md)\n");
    using Kind = gpuguide::SummaryEntry::Kind;
    REQUIRE(entries.size() == 8);
    CHECK(entries[0].title == "Intro");
    CHECK(entries[0].number.empty());
    CHECK(entries[1].kind == Kind::Part);
    CHECK(entries[1].title == "Part one");
    CHECK(entries[2].number == "1.");
    CHECK(entries[3].number == "1.1.");
    CHECK(entries[3].depth == 1);
    CHECK(entries[4].draft());
    CHECK(entries[4].number == "1.2.");
    CHECK(entries[5].number == "2.");
    CHECK(entries[5].line == 10);
    CHECK(entries[6].kind == Kind::Separator);
    CHECK(entries[7].kind == Kind::Chapter);
    CHECK(entries[7].title == "D");
    CHECK(entries[7].number.empty());
    CHECK(summary.parse("# S\n- [A](a.md)\n---\n").back().kind == Kind::Separator);
}

TEST_CASE("SUMMARY.md: numbering continues across parts", "[summary]") {
    SummaryDir summary;
    const auto entries =
        summary.parse("# S\n# One\n- [A](a.md)\n# Two\n- [B](b.md)\n  - [C](c.md)\n");
    CHECK(entries[1].number == "1.");
    CHECK(entries[3].number == "2.");
    CHECK(entries[4].number == "2.1.");
}

TEST_CASE("SUMMARY.md errors name the line and what to do", "[summary]") {
    SummaryDir summary;
    CHECK(summary.error("# S\n\n- [A](missing.md)\n") ==
          "SUMMARY.md:3: `missing.md` does not exist (looked for " +
              (summary.dir.path() / "missing.md").generic_string() +
              "); create the page or fix the link");
    CHECK(summary.error("# S\n- [A](a.md)\n- [Again](a.md)\n") ==
          "SUMMARY.md:3: `a.md` is already listed at line 2; each page may appear only once");
    CHECK(summary.error("# S\nsome prose\n") ==
          "SUMMARY.md:2: cannot read this line: `some prose`; expected `- [Title](file.md)`, "
          "`[Title](file.md)`, `# Part title`, `---` or a blank line");
    CHECK(summary.error("# S\n- A without a link\n") ==
          "SUMMARY.md:2: a list item must be one link `- [Title](file.md)` (or `- [Title]()` for a "
          "draft), "
          "found `A without a link`");
    CHECK(summary.error("# S\n    - [A](a.md)\n") ==
          "SUMMARY.md:2: the first item of a list must not be indented");
    CHECK(summary.error("# S\n- [A](../a.md)\n") ==
          "SUMMARY.md:2: `../a.md` is not a Markdown file inside this language's folder; link to a "
          "file "
          "like `03-gpu-architecture.md`");
}
