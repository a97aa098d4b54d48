// The theme's interface strings (templates/strings.json, ui::Strings): every key the generator's
// sources and templates name is in the built-in English and Chinese objects, both have the same
// keys and placeholders, and a key is looked up in the documented order. The sources are read
// at test time, so a key added in code without its strings fails here.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "theme/theme.hpp"
#include "theme/ui_strings.hpp"

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kSource = GPUGUIDE_SOURCE_DIR;

json built_in_strings() {
    return json::parse(gg_test::read(kSource / "templates" / "strings.json"));
}

// Every file below `dir` whose name ends with one of `endings`.
std::vector<fs::path> files_under(const fs::path& dir, std::initializer_list<const char*> endings) {
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const auto name = entry.path().filename().string();
        for (const char* ending : endings) {
            if (entry.is_regular_file() && name.ends_with(ending)) {
                found.push_back(entry.path());
            }
        }
    }
    return found;
}

// Keys named in the sources, as "key" or "table.key": `.text("KEY"`, `.fill("KEY"`,
// `.table("KEY"`, `.entry("KEY"` in the generator's C++, the fleet page's own `text("KEY"` and
// `(*this)("KEY"` (FleetText, which reads the "fleet" table), and `ui.KEY` / `ui.fleet.KEY` in the
// templates and in templates kept inside the C++ (the default language index).
std::set<std::string> keys_in_sources() {
    static const std::regex call(R"re(\.(text|fill|table|entry)\(\s*"([a-z][a-z0-9_]*)"\s*[,)])re");
    static const std::regex fleet_call(
        R"re((?:(?:^|[^.\w])text|\(\*this\))\(\s*"([a-z][a-z0-9_]*)"\s*[,)])re");
    static const std::regex mustache(
        R"re(\{\{[#^/{]?\s*ui\.([a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?))re");
    std::set<std::string> keys;
    auto scan = [&](const std::string& text, const std::regex& pattern, int group,
                    const std::string& prefix) {
        for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
            keys.insert(prefix + (*it)[group].str());
        }
    };
    for (const auto& file : files_under(kSource / "generator", {".cpp", ".hpp"})) {
        const auto text = gg_test::read(file);
        scan(text, call, 2, "");
        scan(text, mustache, 1, "");
        if (file.filename().string().starts_with("fleet_")) {
            scan(text, fleet_call, 1, "fleet.");
        }
    }
    for (const auto& file : files_under(kSource / "templates", {".mustache"})) {
        scan(gg_test::read(file), mustache, 1, "");
    }
    return keys;
}

bool has_key(const json& language, const std::string& key) {
    const auto dot = key.find('.');
    if (dot == std::string::npos) {
        return language.contains(key);
    }
    const auto table = language.find(key.substr(0, dot));
    return table != language.end() && table->is_object() && table->contains(key.substr(dot + 1));
}

// Every key of a language object, a table's keys as "table.key" (arrays are one value).
std::set<std::string> key_set(const json& language) {
    std::set<std::string> keys;
    for (const auto& [key, value] : language.items()) {
        keys.insert(key);
        if (value.is_object()) {
            for (const auto& inner : value.items()) {
                keys.insert(key + "." + inner.key());
            }
        }
    }
    return keys;
}

std::set<std::string> placeholders(const std::string& text) {
    static const std::regex slot(R"re(\{\d\})re");
    std::set<std::string> found;
    for (std::sregex_iterator it(text.begin(), text.end(), slot), end; it != end; ++it) {
        found.insert(it->str());
    }
    return found;
}

// probe_reasons is keyed by the probes' English reasons ("one GPU"), so English needs no table:
// a reason without an entry is shown as the probe wrote it (docs/src/design/templates.md,
// "Interface strings").
const std::set<std::string> kNotInEnglish = {"probe_reasons", "probe_reasons.one GPU"};

} // namespace

TEST_CASE("strings.json: every key the generator and the templates name is in the built-in "
          "en and zh objects",
          "[ui-strings]") {
    const auto strings = built_in_strings();
    const auto keys = keys_in_sources();
    // The patterns still find the sources' keys (a changed call syntax would find none here).
    REQUIRE(keys.size() > 100);
    REQUIRE(keys.contains("code_copy"));           // pages.cpp, .text(
    REQUIRE(keys.contains("missing_no_gpu"));      // missing.cpp
    REQUIRE(keys.contains("fleet.cpu_only"));      // fleet_view.cpp, FleetText
    REQUIRE(keys.contains("search_placeholder"));  // partials/header.mustache
    REQUIRE(keys.contains("fleet.what_happened")); // fleet/missing.mustache
    for (const auto& key : keys) {
        for (const char* lang : {"en", "zh"}) {
            INFO("key \"" << key << "\" in \"" << lang << "\"");
            CHECK((has_key(strings.at(lang), key) ||
                   (lang == std::string("en") && kNotInEnglish.contains(key))));
        }
    }
}

TEST_CASE("strings.json: en and zh have the same keys and the same placeholders", "[ui-strings]") {
    const auto strings = built_in_strings();
    const auto& en = strings.at("en");
    const auto& zh = strings.at("zh");
    auto en_keys = key_set(en);
    en_keys.insert(kNotInEnglish.begin(), kNotInEnglish.end());
    CHECK(en_keys == key_set(zh));
    for (const auto& [key, value] : en.items()) {
        const auto other = zh.find(key);
        if (other == zh.end() || value.type() != other->type()) {
            FAIL_CHECK("\"" << key << "\" differs in kind between en and zh");
            continue;
        }
        const auto compare = [](const std::string& name, const json& a, const json& b) {
            INFO("key \"" << name << "\": " << a << " against " << b);
            CHECK(placeholders(a.get<std::string>()) == placeholders(b.get<std::string>()));
        };
        if (value.is_string()) {
            compare(key, value, *other);
        } else if (value.is_object()) {
            for (const auto& inner : value.items()) {
                if (other->contains(inner.key()) && inner.value().is_string()) {
                    compare(key + "." + inner.key(), inner.value(), other->at(inner.key()));
                }
            }
        }
    }
}

TEST_CASE("ui::Strings: the book's strings for the language, then the built-in theme's, then "
          "English, with missing keys and languages reported",
          "[ui-strings]") {
    gg_test::TempDir dir;
    gg_test::write(dir.path() / "strings.json",
                   R"({"en": {"previous": "Book's previous"},
                       "zh": {"next": "书的下一节"},
                       "ja": {"next": "次へ", "fleet": {"title": "クラスタ"}}})");
    const gpuguide::theme::Theme theme(dir.path());
    const auto built_in = built_in_strings();

    bool missing = true;
    const auto zh = gpuguide::ui::Strings::for_language(theme, "zh", &missing);
    CHECK_FALSE(missing);
    CHECK(zh.text("next") == "书的下一节");                                      // the book's zh
    CHECK(zh.text("previous") == built_in["zh"]["previous"].get<std::string>()); // built-in zh
    CHECK(gpuguide::ui::Strings::missing_keys(theme, "zh").empty()); // the built-in has them all

    const auto ja = gpuguide::ui::Strings::for_language(theme, "ja", &missing);
    CHECK_FALSE(missing);
    CHECK(ja.text("next") == "次へ");
    CHECK(ja.text("previous") == "Book's previous"); // the book's English before the built-in's
    CHECK(ja.text("menu") == built_in["en"]["menu"].get<std::string>());
    CHECK(ja.table("fleet")["title"] == "クラスタ"); // a table: the book's keys over English
    CHECK(ja.table("fleet")["node"] == built_in["en"]["fleet"]["node"]);
    const auto lacking = gpuguide::ui::Strings::missing_keys(theme, "ja");
    const std::set<std::string> lacking_set(lacking.begin(), lacking.end());
    CHECK(lacking_set.contains("menu"));
    CHECK(lacking_set.contains("fleet.node"));
    CHECK_FALSE(lacking_set.contains("next"));
    CHECK_FALSE(lacking_set.contains("fleet"));
    CHECK_FALSE(lacking_set.contains("fleet.title"));

    // A language no strings.json has: English throughout, and the caller is told.
    const auto ko = gpuguide::ui::Strings::for_language(theme, "ko", &missing);
    CHECK(missing);
    CHECK(ko.text("menu") == built_in["en"]["menu"].get<std::string>());
    CHECK(gpuguide::ui::Strings::missing_keys(theme, "ko").empty());
    CHECK_THROWS_WITH(ko.text("no_such_key"), Catch::Matchers::ContainsSubstring("no_such_key"));
}

TEST_CASE("the Japanese fixture book's strings.json has every key of the built-in English",
          "[ui-strings]") {
    const gpuguide::theme::Theme theme(kSource / "tests" / "books" / "ja" / "templates");
    bool missing = true;
    gpuguide::ui::Strings::for_language(theme, "ja", &missing);
    CHECK_FALSE(missing);
    CHECK(gpuguide::ui::Strings::missing_keys(theme, "ja").empty());
}
