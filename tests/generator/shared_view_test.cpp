// SharedView: what every page of a language has alike (its interface strings) converted for the
// templates once, and answering only the names a page's own view lacks.
#include "gpuguide_catch.hpp"
#include "render/templates.hpp"
#include "theme/ui_strings.hpp"

using gpuguide::render::SharedView;
using gpuguide::render::Templates;
using nlohmann::json;

TEST_CASE("a shared view answers the names the page's view lacks, inside sections too") {
    const SharedView shared(json{{"ui", {{"next", "下一页"}, {"prev", "上一页"}}}});
    const json view = {{"page", {{"title", "GPU"}, {"items", json::array({1, 2})}}}};
    CHECK(Templates::render_text("{{page.title}}: {{ui.next}}, {{ui.prev}}", view, &shared) ==
          "GPU: 下一页, 上一页");
    CHECK(Templates::render_text("{{#page}}{{title}} {{ui.next}}{{/page}}", view, &shared) ==
          "GPU 下一页");
    CHECK(Templates::render_text("{{#page.items}}{{ui.prev}}{{.}} {{/page.items}}", view,
                                 &shared) == "上一页1 上一页2 ");
}

TEST_CASE("a page's own value wins over the shared view's, and no shared view means none") {
    const SharedView shared(json{{"ui", {{"next", "shared"}}}, {"site", "shared site"}});
    CHECK(Templates::render_text("{{ui.next}} {{site}}", json{{"ui", {{"next", "mine"}}}},
                                 &shared) == "mine shared site");
    CHECK(Templates::render_text("[{{ui.next}}]", json::object()) == "[]");
}

TEST_CASE("interface strings are merged once: every call gives the same table") {
    const auto& strings = gpuguide::ui::Strings::built_in("zh");
    const json& first = strings.merged();
    CHECK(&first == &strings.merged());
    CHECK(first.at("language_name") == strings.text("language_name"));
    CHECK(first.contains("search_synonyms")); // English keys fill what a language lacks
}
