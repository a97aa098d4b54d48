// Page front matter: YAML keys, the required title, errors with lines.
#include "gpuguide_catch.hpp"
#include "load/book.hpp"
#include "load/error.hpp"
#include "load/yaml_json.hpp"

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

TEST_CASE("without front matter: the title from SUMMARY.md, else the first heading",
          "[front-matter]") {
    gpuguide::Page page;
    page.source_path = "content/en/x.md";
    page.title = "From the summary";
    gpuguide::parse_front_matter(page, "# Heading\n\nText\n");
    CHECK(page.title == "From the summary");
    CHECK(page.body == "# Heading\n\nText\n");
    CHECK(page.body_first_line == 1);
    CHECK(page.meta["title"] == "From the summary");

    gpuguide::Page untitled;
    untitled.source_path = "content/en/x.md";
    gpuguide::parse_front_matter(untitled, "```\n# not this\n```\n\n# The `init` command #\n");
    CHECK(untitled.title == "The init command");
    CHECK(untitled.description.empty());
}

TEST_CASE("front matter errors", "[front-matter]") {
    CHECK(error_of("No front matter and no heading\n") ==
          "content/en/x.md:1: the page has no title: give its SUMMARY.md link a text "
          "`[Title](file.md)`, start it with a heading `# Title`, or add front matter `---`, "
          "`title: ...`, `---`");
    CHECK(error_of("---\ndescription: x\n---\n") ==
          "content/en/x.md:2: front matter: `title` is required (a line `title: Page title`)");
    CHECK(error_of("---\ntitle: x\n") ==
          "content/en/x.md:1: the front matter is not closed; add a line `---` after it");
    CHECK(error_of("---\ntitle: x\nbad: [unclosed\n---\n")
              .starts_with("content/en/x.md:4: front matter: "));
    CHECK(error_of("---\n- a list\n---\n") ==
          "content/en/x.md:2: front matter must be YAML keys like `title: ...`");
}

TEST_CASE("front matter: the yaml-cpp shortcut gives exactly what yaml-cpp gives",
          "[front-matter]") {
    // simple_front_matter must either decline or agree with yaml_to_json(YAML::Load(...)).
    const std::vector<std::string> samples = {
        "title: \"Chapter 0: GPUs and deep learning\"\ndescription: \"Synthetic page 0\"\n"
        "weight: 1\ntags: [bench, gpu]\n",
        "title: Plain title\nweight: 2.5\ndraft: false\nx: null\ny: ~\nz: true\n",
        "title: 深度学习为何选择 GPU\norder: 1e3\nn: -4\nv: 0x10\nw: .5\n",
        "title: \"引号 里的 文字\"\nlist: [1, two, 3.0, true, null]\n",
        "title: a, b (c) d/e + f - g.\n",
        "title: \"x\"\ntitle: \"y\"\n", // duplicate key: declined
        "title: 'single'\n",            // single quotes: declined
        "title: \"a \\\" b\"\n",        // escape: declined
        "title: a # comment\n",         // comment: declined
        "title: x\n  continued\n",      // continuation: declined
        "title: [a, [b]]\n",            // nested: declined
        "title: []\n",
        "title: [a, ]\n",
        "title: x \n",
        "title:x\n",
        "- a\n",
        "title: yes\nother: No\nthird: 1_000\nfourth: 1.\n",
        "title: \"第 101 章：显卡与深度学习\"\nplain: 101 章：显卡 café\n",
        "title: \"a\xC2\x85"
        "b\"\n", // NEL: declined
        "title: a\xE2\x80\xA8"
        "b\n",                        // U+2028: declined
        "title: \"\xEF\xBB\xBFx\"\n", // byte-order mark: declined
        "title: \"bad \xFF byte\"\n", // invalid UTF-8: declined
    };
    for (const auto& yaml : samples) {
        INFO(yaml);
        const auto simple = gpuguide::simple_front_matter(yaml);
        if (simple) {
            CHECK(*simple == gpuguide::yaml_to_json(YAML::Load(yaml)));
            CHECK(simple->dump() == gpuguide::yaml_to_json(YAML::Load(yaml)).dump());
        }
    }
    CHECK(gpuguide::simple_front_matter(samples[0]).has_value());
    CHECK(gpuguide::simple_front_matter(samples[3]).has_value());
    CHECK(gpuguide::simple_front_matter(samples[4]).has_value());
    CHECK_FALSE(gpuguide::simple_front_matter(samples[5]).has_value());
    CHECK_FALSE(gpuguide::simple_front_matter(samples[7]).has_value());
    CHECK(gpuguide::simple_front_matter(samples[17]).has_value());
    for (std::size_t i = 18; i < samples.size(); ++i) {
        CHECK_FALSE(gpuguide::simple_front_matter(samples[i]).has_value());
    }
}
