// Page front matter: YAML keys, the required title, errors with lines.
#include "load/book.hpp"
#include "load/error.hpp"

#include <catch2/catch.hpp>

namespace {

std::string error_of(const std::string& text) {
    gpuguide::Page page;
    page.source_path = "content/en/x.md";
    try {
        gpuguide::parse_front_matter(page, text);
    } catch (const gpuguide::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("front matter gives title, description, meta and the body's first line",
          "[front-matter]") {
    gpuguide::Page page;
    page.source_path = "content/en/x.md";
    gpuguide::parse_front_matter(page, "---\ntitle: GPU architecture\ndescription: SMs\nweight: 3\n"
                                       "draft: false\nlabel: \"3\"\n---\n\n# Heading\n");
    CHECK(page.title == "GPU architecture");
    CHECK(page.description == "SMs");
    CHECK(page.meta["weight"] == 3);
    CHECK(page.meta["draft"] == false);
    CHECK(page.meta["label"] == "3"); // quoted stays text
    CHECK(page.body == "\n# Heading\n");
    CHECK(page.body_first_line == 8);
}

TEST_CASE("front matter errors", "[front-matter]") {
    CHECK(error_of("# No front matter\n") == "content/en/x.md:1: the page has no front matter; "
                                             "start it with `---`, a line `title: ...`, and `---`");
    CHECK(error_of("---\ndescription: x\n---\n") ==
          "content/en/x.md:2: front matter: `title` is required (a line `title: Page title`)");
    CHECK(error_of("---\ntitle: x\n") ==
          "content/en/x.md:1: the front matter is not closed; add a line `---` after it");
    CHECK(error_of("---\ntitle: x\nbad: [unclosed\n---\n")
              .starts_with("content/en/x.md:4: front matter: "));
    CHECK(error_of("---\n- a list\n---\n") ==
          "content/en/x.md:2: front matter must be YAML keys like `title: ...`");
}
