// SUMMARY.md as mdBook reads it: a table of inputs and the tree each gives, or the error. The
// cases follow mdBook's format (guide/src/format/summary.md) and the behaviours its parser's own
// tests pin down (crates/mdbook-summary): prefix and suffix chapters, parts, nesting by
// indentation, drafts, separators of any length, numbering kept across separators and parts,
// multi-line names, spaces in destinations, HTML comments, duplicates.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book.hpp"

namespace {

using gg_test::TempDir;

// One line per entry: "1.2. Title -> a.md" (indented two spaces a level), "Title -> (draft)",
// "# Part", "---".
std::string tree(const std::vector<gpuguide::SummaryEntry>& entries) {
    std::string out;
    for (const auto& entry : entries) {
        using Kind = gpuguide::SummaryEntry::Kind;
        if (entry.kind == Kind::Part) {
            out += "# " + entry.title;
        } else if (entry.kind == Kind::Separator) {
            out += "---";
        } else {
            out += std::string(2 * entry.depth, ' ') +
                   (entry.number.empty() ? "" : entry.number + " ") + entry.title + " -> " +
                   (entry.draft() ? "(draft)" : entry.source);
        }
        out += '@';
        out += std::to_string(entry.line);
        out += '\n';
    }
    return out;
}

struct Case {
    const char* name;
    const char* summary;
    const char* expected; // the tree, or "error: SUMMARY.md:LINE: ..." (start of the message)
};

const Case kCases[] = {
    {"title, prefix, numbered, suffix", "# Summary\n\n[Intro](a.md)\n\n- [B](b.md)\n\n[C](c.md)\n",
     "Intro -> a.md@3\n1. B -> b.md@5\nC -> c.md@7\n"},
    {"no title line", "[Intro](a.md)\n- [B](b.md)\n", "Intro -> a.md@1\n1. B -> b.md@2\n"},
    {"an h1 after a prefix chapter is a part, not the title", "[Intro](a.md)\n# P\n- [B](b.md)\n",
     "Intro -> a.md@1\n# P@2\n1. B -> b.md@3\n"},
    {"a comment before the title", "<!-- note -->\n# Summary\n- [A](a.md)\n", "1. A -> a.md@3\n"},
    {"two prefix links on one line", "[A](a.md) [B](b.md)\n", "A -> a.md@1\nB -> b.md@1\n"},
    {"prefix separator of any length", "[A](a.md)\n\n-----------\n\n[B](b.md)\n",
     "A -> a.md@1\n---@3\nB -> b.md@5\n"},
    {"separators of * and _ and spaced dashes", "- [A](a.md)\n***\n- [B](b.md)\n_ _ _\n- - -\n",
     "1. A -> a.md@1\n---@2\n2. B -> b.md@3\n---@4\n---@5\n"},
    {"dashes right under a prefix line are a heading underline, not a separator",
     "[A](a.md)\n---\n\n- [B](b.md)\n", "A -> a.md@1\n1. B -> b.md@4\n"},
    {"numbering kept after separators (mdBook #779)",
     "- [A](a.md)\n---\n- [B](b.md)\n---\n- [C](c.md)\n",
     "1. A -> a.md@1\n---@2\n2. B -> b.md@3\n---@4\n3. C -> c.md@5\n"},
    {"nesting by indentation: 4 spaces, 2 spaces, a tab",
     "- [A](a.md)\n    - [B](b.md)\n        - [C](c.md)\n- [D](d.md)\n\t- [F](f.md)\n"
     "  - [E](e.md)\n",
     "1. A -> a.md@1\n  1.1. B -> b.md@2\n    1.1.1. C -> c.md@3\n2. D -> d.md@4\n"
     "  2.1. F -> f.md@5\n  2.2. E -> e.md@6\n"},
    {"one space less than the content column is a sibling", "- [A](a.md)\n - [B](b.md)\n",
     "1. A -> a.md@1\n2. B -> b.md@2\n"},
    {"ordered and + lists", "1. [A](a.md)\n2. [B](b.md)\n   + [C](c.md)\n",
     "1. A -> a.md@1\n2. B -> b.md@2\n  2.1. C -> c.md@3\n"},
    {"parts keep numbering", "# S\n# One\n- [A](a.md)\n# Two\n- [B](b.md)\n  - [C](c.md)\n",
     "# One@2\n1. A -> a.md@3\n# Two@4\n2. B -> b.md@5\n  2.1. C -> c.md@6\n"},
    {"part title with closing hashes and code", "# S\n# The `gg` part ##\n- [A](a.md)\n",
     "# The gg part@2\n1. A -> a.md@3\n"},
    {"h2 between items is ignored (the Rust book)", "- [A](a.md)\n\n## Basics\n\n- [B](b.md)\n",
     "1. A -> a.md@1\n2. B -> b.md@5\n"},
    {"draft chapters anywhere in the list", "- [A](a.md)\n    - [Later]()\n- [Soon]()\n",
     "1. A -> a.md@1\n  1.1. Later -> (draft)@2\n2. Soon -> (draft)@3\n"},
    {"a draft prefix chapter", "[Preface]()\n- [A](a.md)\n",
     "Preface -> (draft)@1\n1. A -> a.md@2\n"},
    {"./ paths, %20 and <spaces>", "- [A](./a.md)\n- [S](a%20b.md)\n- [C](<sub/c c.md>)\n",
     "1. A -> a.md@1\n2. S -> a b.md@2\n3. C -> sub/c c.md@3\n"},
    {"link title and emphasis in the name", "- [*The* `init` cmd](a.md \"hover\")\n",
     "1. The init cmd -> a.md@1\n"},
    {"a name over two lines (mdBook #1218)", "- [A long\n  name](a.md)\n- [B](b.md)\n",
     "1. A long name -> a.md@1\n2. B -> b.md@3\n"},
    {"brackets and escapes in the name", "- [C\\[1\\] and [x]](a.md)\n",
     "1. C[1] and [x] -> a.md@1\n"},
    {"HTML comments, one line and several (mdBook's localisation test)",
     "<!--\n# Title - En\n-->\n# Title\n<!-- [X](x.md) -->\n[A](a.md)\n\n<!--\n- [Y](y.md)\n-->\n"
     "- [B](b.md)\n    <!-- - [Z](z.md) -->\n    - [C](c.md)\n",
     "A -> a.md@6\n1. B -> b.md@11\n  1.1. C -> c.md@13\n"},
    {"text of a loose item is not a chapter", "- [A](a.md)\n\n  More about A.\n\n- [B](b.md)\n",
     "1. A -> a.md@1\n2. B -> b.md@5\n"},
    {"separator before everything and after the suffix",
     "---\n[A](a.md)\n- [B](b.md)\n\n[C](c.md)\n\n---\n",
     "---@1\nA -> a.md@2\n1. B -> b.md@3\nC -> c.md@5\n---@7\n"},
    {"CRLF line ends", "# S\r\n\r\n[A](a.md)\r\n- [B](b.md)\r\n", "A -> a.md@3\n1. B -> b.md@4\n"},
    {"README.md in a folder", "- [Sub](sub/README.md)\n    - [C](sub/c%20c.md)\n",
     "1. Sub -> sub/README.md@1\n  1.1. C -> sub/c c.md@2\n"},

    {"suffix followed by a list", "- [A](a.md)\n\n[B](b.md)\n- [C](c.md)\n",
     "error: SUMMARY.md:4: a list item cannot follow the unnumbered chapters at the end"},
    {"suffix followed by a part", "- [A](a.md)\n\n[B](b.md)\n\n# P\n",
     "error: SUMMARY.md:5: a part title cannot follow the unnumbered chapters at the end"},
    {"an item that is not a link", "- Title\n",
     "error: SUMMARY.md:1: a list item must be one link `- [Title](file.md)`"},
    {"a space in a destination without <>", "- [A](a b.md)\n",
     "error: SUMMARY.md:1: a list item must be one link"},
    {"prose", "# S\nsome prose\n", "error: SUMMARY.md:2: cannot read this line: `some prose`"},
    {"a link right after a part title", "# S\n# P\n\n[A](a.md)\n",
     "error: SUMMARY.md:4: a chapter right after a part title must be a list item"},
    {"an empty part title", "# S\n#\n- [A](a.md)\n",
     "error: SUMMARY.md:2: a part heading needs a title"},
    {"duplicate (mdBook duplicate_entries_1)", "# Summary\n- [A](./a.md)\n- [A](./a.md)\n",
     "error: SUMMARY.md:3: `./a.md` is already listed at line 2"},
    {"duplicate, nested, other spelling (duplicate_entries_2)", "- [A](./a.md)\n  - [A](a.md)\n",
     "error: SUMMARY.md:2: `a.md` is already listed at line 1"},
    {"duplicate prefix and numbered (duplicate_entries_4)",
     "[A](./a.md)\n- [B](b.md)\n- [A](a.md)\n",
     "error: SUMMARY.md:3: `a.md` is already listed at line 1"},
    {"duplicate prefix and suffix across parts (duplicate_entries_5)",
     "# Summary\n[A](./a.md)\n\n# hi\n- [B](./b.md)\n\n# bye\n\n---\n\n[A](./a.md)\n",
     "error: SUMMARY.md:11: `./a.md` is already listed at line 2"},
    {"a line right under an item continues it (CommonMark), so it is no chapter",
     "- [A](a.md)\n[B](b.md)\n", "1. A -> a.md@1\n"},
    {"a path leaving the folder", "- [A](sub/../../a.md)\n",
     "error: SUMMARY.md:1: `sub/../../a.md` is not a Markdown file inside this language's folder"},
    {"a missing file", "- [A](a.md)\n    - [M](missing.md)\n",
     "error: SUMMARY.md:2: `missing.md` does not exist"},
    {"an indented first item is code", "[A](a.md)\n\n    - [B](b.md)\n",
     "error: SUMMARY.md:3: the first item of a list must not be indented"},
};

} // namespace

TEST_CASE("SUMMARY.md in mdBook's format: the table", "[summary]") {
    TempDir dir;
    for (const char* file : {"a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "a b.md", "sub/c c.md",
                             "sub/README.md"}) {
        gg_test::write(dir.path() / file, "# x\n");
    }
    for (const auto& test : kCases) {
        INFO(test.name);
        std::string got;
        try {
            got = tree(gpuguide::parse_summary(dir.path() / "SUMMARY.md", test.summary));
        } catch (const gpuguide::InputError& error) {
            const std::string message = error.what();
            got = "error: ";
            got += message.substr(dir.path().generic_string().size() + 1);
        }
        const std::string expected = test.expected;
        if (expected.starts_with("error: ")) {
            CHECK(got.substr(0, expected.size()) == expected);
        } else {
            CHECK(got == expected);
        }
    }
}
