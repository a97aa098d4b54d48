// mdBook's Book JSON (preprocess/book_json.hpp) and the preprocessors' order
// (preprocess/external.hpp): the shape mdBook's preprocessors read, and the way back.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book_toml.hpp"
#include "load/error.hpp"
#include "preprocess/book_json.hpp"
#include "preprocess/external.hpp"

namespace {

using gpuguide::SummaryEntry;
using EntryKind = gpuguide::SummaryEntry::Kind;

void add(gpuguide::Language& language, EntryKind kind, const std::string& title,
         const std::string& source, const std::string& number, int depth) {
    SummaryEntry entry{
        kind, title, source, number, depth, 10 + static_cast<int>(language.summary.size()), -1};
    if (!source.empty()) {
        gpuguide::Page page;
        page.source = source;
        page.output = gpuguide::output_path(source);
        page.title = title;
        page.number = number;
        page.body = "body of " + source;
        entry.page_index = static_cast<int>(language.pages.size());
        language.pages.push_back(page);
    }
    language.summary.push_back(entry);
}

// Prefix chapter, a part, numbered chapters nested two deep, a draft, a separator, a suffix.
gpuguide::Language sample() {
    gpuguide::Language language;
    add(language, EntryKind::Chapter, "Intro", "README.md", "", 0);
    add(language, EntryKind::Part, "Part one", "", "", 0);
    add(language, EntryKind::Chapter, "One", "one.md", "1.", 0);
    add(language, EntryKind::Chapter, "One point one", "one/README.md", "1.1.", 1);
    add(language, EntryKind::Chapter, "Deep", "one/deep.md", "1.1.1.", 2);
    add(language, EntryKind::Chapter, "Draft", "", "1.2.", 1);
    add(language, EntryKind::Chapter, "Two", "two.md", "2.", 0);
    add(language, EntryKind::Separator, "", "", "", 0);
    add(language, EntryKind::Chapter, "Outro", "outro.md", "", 0);
    return language;
}

gpuguide::BookConfig toml(const gg_test::TempDir& dir, const std::string& text) {
    gg_test::write(dir.path() / "book.toml", "[book]\ntitle = \"t\"\n" + text);
    return gpuguide::load_book_toml(dir.path() / "book.toml");
}

std::vector<std::string> order(const gpuguide::BookConfig& config) {
    std::vector<std::string> warnings;
    return gpuguide::preprocess::preprocessor_order(config, warnings);
}

} // namespace

TEST_CASE("book JSON: mdBook's shape", "[preprocess]") {
    const auto json = gpuguide::preprocess::book_to_json(sample(), true);
    REQUIRE(json.contains("__non_exhaustive"));
    const auto& sections = json["sections"];
    REQUIRE(sections.size() == 6);
    CHECK(sections[0]["Chapter"]["number"].is_null());
    CHECK(sections[0]["Chapter"]["path"] == "index.md"); // index ran: README.md -> index.md
    CHECK(sections[0]["Chapter"]["source_path"] == "README.md");
    CHECK(sections[1] == nlohmann::json{{"PartTitle", "Part one"}});
    const auto& one = sections[2]["Chapter"];
    CHECK(one["number"] == nlohmann::json{1});
    CHECK(one["content"] == "body of one.md");
    const auto& one_one = one["sub_items"][0]["Chapter"];
    CHECK(one_one["path"] == "one/index.md");
    CHECK(one_one["parent_names"] == nlohmann::json{"One"});
    const auto& deep = one_one["sub_items"][0]["Chapter"];
    CHECK(deep["number"] == nlohmann::json{1, 1, 1});
    CHECK(deep["parent_names"] == nlohmann::json{"One", "One point one"});
    const auto& draft = one["sub_items"][1]["Chapter"];
    CHECK(draft["path"].is_null());
    CHECK(draft["source_path"].is_null());
    CHECK(sections[4] == "Separator");
    CHECK(gpuguide::preprocess::book_to_json(sample(), false)["sections"][0]["Chapter"]["path"] ==
          "README.md");
}

TEST_CASE("book JSON: a round trip keeps names, numbers, nesting, separators, parts",
          "[preprocess]") {
    const auto before = sample();
    auto after = sample();
    gpuguide::preprocess::book_from_json(after, gpuguide::preprocess::book_to_json(before, true),
                                         "test");
    REQUIRE(after.summary.size() == before.summary.size());
    for (std::size_t i = 0; i < before.summary.size(); ++i) {
        INFO(i);
        CHECK(after.summary[i].kind == before.summary[i].kind);
        CHECK(after.summary[i].title == before.summary[i].title);
        CHECK(after.summary[i].number == before.summary[i].number);
        CHECK(after.summary[i].depth == before.summary[i].depth);
        CHECK(after.summary[i].source == before.summary[i].source);
        CHECK(after.summary[i].line ==
              (after.summary[i].source.empty() ? 0 : before.summary[i].line));
    }
    REQUIRE(after.pages.size() == before.pages.size());
    for (std::size_t i = 0; i < before.pages.size(); ++i) {
        CHECK(after.pages[i].source == before.pages[i].source);
        CHECK(after.pages[i].output == before.pages[i].output);
        CHECK(after.pages[i].body == before.pages[i].body);
        CHECK(after.page_by_source.at(after.pages[i].source) == static_cast<int>(i));
    }
}

TEST_CASE("book JSON: changed, added and removed chapters", "[preprocess]") {
    auto language = sample();
    auto json = gpuguide::preprocess::book_to_json(language, false);
    json["sections"][2]["Chapter"]["content"] = "new body";
    json["sections"][2]["Chapter"]["name"] = "Renamed";
    json["sections"].erase(3); // Two
    json["sections"].push_back({{"Chapter",
                                 {{"name", "Added"},
                                  {"content", "added body"},
                                  {"number", {3}},
                                  {"sub_items", nlohmann::json::array()},
                                  {"path", "extra/added.md"},
                                  {"source_path", nullptr},
                                  {"parent_names", nlohmann::json::array()}}}});
    gpuguide::preprocess::book_from_json(language, json, "test");
    CHECK(language.pages[1].body == "new body");
    CHECK(language.pages[1].title == "Renamed");
    CHECK_FALSE(language.page_by_source.contains("two.md"));
    const auto& added = language.pages.back();
    CHECK(added.source == "extra/added.md");
    CHECK(added.output == "extra/added.html");
    CHECK(added.body == "added body");
    CHECK(added.number == "3.");
    CHECK(language.summary.back().title == "Added");
}

TEST_CASE("book JSON: output that is not a Book is an error naming the preprocessor",
          "[preprocess]") {
    auto language = sample();
    const auto error = [&](const nlohmann::json& json) {
        try {
            gpuguide::preprocess::book_from_json(language, json, "book.toml:7: preprocessor `x`");
        } catch (const gpuguide::InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK_THAT(error(nlohmann::json::array()),
               Catch::Matchers::StartsWith("book.toml:7: preprocessor `x`: "));
    CHECK_THAT(error(nlohmann::json::parse(R"({"sections": [{"Chapter": {"name": 3}}]})")),
               Catch::Matchers::ContainsSubstring("\"name\" is missing or not text"));
    CHECK_THAT(error(nlohmann::json::parse(R"({"sections": ["Separator"]})")),
               Catch::Matchers::ContainsSubstring("without a single chapter that has a path"));
    CHECK_THAT(error(nlohmann::json::parse(R"({"sections": ["Nonsense"]})")),
               Catch::Matchers::ContainsSubstring("not a Chapter"));
    CHECK_THAT(error(nlohmann::json::parse(R"({"sections": [{"Chapter": {"name": "x",
               "content": "", "path": "../../outside.md"}}]})")),
               Catch::Matchers::ContainsSubstring("the chapter path \"../../outside.md\" leaves"));
}

TEST_CASE("preprocessors: mdBook's order", "[preprocess]") {
    gg_test::TempDir dir;
    // No tables: links and index (by name); none with use-default-preprocessors = false.
    CHECK(order(toml(dir, "")) == std::vector<std::string>{"index", "links"});
    CHECK(order(toml(dir, "[build]\nuse-default-preprocessors = false\n")).empty());
    // Ties by name, so "admonish" runs before links unless it says otherwise.
    CHECK(order(toml(dir, "[preprocessor.admonish]\n[preprocessor.zeta]\nafter = [\"links\"]\n")) ==
          std::vector<std::string>{"admonish", "index", "links", "zeta"});
    CHECK(order(toml(dir, "[preprocessor.b]\nbefore = [\"a\"]\n[preprocessor.a]\n"
                          "[build]\nuse-default-preprocessors = false\n")) ==
          std::vector<std::string>{"b", "a"});
    // A name that does not run: a warning, no ordering.
    std::vector<std::string> warnings;
    gpuguide::preprocess::preprocessor_order(toml(dir, "[preprocessor.a]\nafter = [\"gone\"]\n"),
                                             warnings);
    REQUIRE(warnings.size() == 1);
    CHECK_THAT(warnings[0], Catch::Matchers::ContainsSubstring(
                                "book.toml:3: warning: preprocessor `a` has after = [\"gone\"]"));
}

TEST_CASE("preprocessors: a cycle is an error at book.toml's line", "[preprocess]") {
    gg_test::TempDir dir;
    const auto config = toml(dir, "[preprocessor.a]\nbefore = [\"b\"]\n[preprocessor.b]\n"
                                  "before = [\"a\"]\n");
    CHECK_THROWS_WITH(order(config), Catch::Matchers::ContainsSubstring(
                                         "book.toml:3: the preprocessors' "
                                         "before/after lists make a cycle (among `a`, `b`)"));
}

TEST_CASE("preprocessors: book.toml's tables", "[preprocess]") {
    gg_test::TempDir dir;
    const auto config = toml(dir, "[preprocessor.toc]\n[preprocessor.mine]\ncommand = \"python3 "
                                  "x.py\"\nrenderers = [\"html\"]\noptional = true\ntimeout = 5\n"
                                  "own-setting = 1\n");
    REQUIRE(config.preprocessors.size() == 2);
    CHECK(config.warnings.empty()); // a preprocessor's own keys are its business
    const auto& toc =
        config.preprocessors[0].name == "toc" ? config.preprocessors[0] : config.preprocessors[1];
    const auto& mine =
        config.preprocessors[0].name == "mine" ? config.preprocessors[0] : config.preprocessors[1];
    CHECK(toc.command == "mdbook-toc");
    CHECK(toc.timeout_s == 60);
    CHECK_FALSE(toc.renderers);
    CHECK(mine.command == "python3 x.py");
    CHECK(mine.optional);
    CHECK(mine.timeout_s == 5);
    CHECK(*mine.renderers == std::vector<std::string>{"html"});
    CHECK(config.json["preprocessor"]["mine"]["own-setting"] == 1);
    CHECK_THROWS_WITH(
        toml(dir, "[preprocessor.x]\ntimeout = 0\n"),
        Catch::Matchers::ContainsSubstring("book.toml:4: `timeout` must be a whole number"));
}
