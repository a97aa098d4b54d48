// The built-in theme: embedded from templates/, used when a book has no templates folder, and
// overridden by a book's own files one by one.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "render/templates.hpp"
#include "theme/theme.hpp"

#include <algorithm>

using namespace gg_test;
using gpuguide::theme::Theme;

namespace {
const fs::path repository_templates = fs::path(GPUGUIDE_SOURCE_DIR) / "templates";
}

TEST_CASE("the built-in theme is every file of templates/, byte for byte, sorted by path") {
    const auto files = gpuguide::theme::built_in_files();
    std::vector<std::string> paths;
    for (const auto& file : files) {
        paths.emplace_back(file.path);
        CHECK(read(repository_templates / std::string(file.path)) == std::string(file.bytes));
    }
    CHECK(std::is_sorted(paths.begin(), paths.end()));
    std::size_t on_disk = 0;
    for (const auto& entry : fs::recursive_directory_iterator(repository_templates)) {
        on_disk += entry.is_regular_file() ? 1 : 0;
    }
    CHECK(paths.size() == on_disk);
    CHECK(std::count(paths.begin(), paths.end(), "layout.mustache") == 1);
}

TEST_CASE("a theme without a book folder is the built-in one") {
    TempDir dir;
    const Theme theme(dir.path() / "no-such-folder");
    const auto layout = theme.find("layout.mustache");
    REQUIRE(layout);
    CHECK(layout->built_in);
    CHECK(layout->bytes == read(repository_templates / "layout.mustache"));
    CHECK(layout->origin.generic_string() == "<built-in theme>/layout.mustache");
    CHECK_FALSE(theme.find("no-such-file.mustache"));
    CHECK_FALSE(theme.find("partials")); // a folder is not a file
}

TEST_CASE("a book's file overrides the built-in one of the same path, and only that one") {
    TempDir dir;
    write(dir.path() / "partials" / "footer.mustache", "<footer>our own</footer>\n");
    write(dir.path() / "assets" / "extra.css", "body{}\n");
    const Theme theme(dir.path());

    const auto footer = theme.find("partials/footer.mustache");
    REQUIRE(footer);
    CHECK_FALSE(footer->built_in);
    CHECK(footer->bytes == "<footer>our own</footer>\n");
    CHECK(footer->origin == dir.path() / "partials" / "footer.mustache");

    const auto header = theme.find("partials/header.mustache");
    REQUIRE(header);
    CHECK(header->built_in);

    std::vector<std::string> assets;
    for (const auto& file : theme.list("assets")) {
        assets.push_back(file.path);
    }
    CHECK(std::count(assets.begin(), assets.end(), "assets/extra.css") == 1);
    CHECK(std::count(assets.begin(), assets.end(), "assets/guide.css") == 1);
    CHECK(std::is_sorted(assets.begin(), assets.end()));
    // "partials" lists what is below it, not files whose names merely start with it.
    for (const auto& file : theme.list("partials")) {
        CHECK(file.path.starts_with("partials/"));
    }
}

TEST_CASE("a book without a templates folder builds with the built-in theme") {
    BookCopy book;
    auto options = book.options();
    options.templates_dir = book.root() / "no-templates-here";
    REQUIRE_NOTHROW(gpuguide::render::build_site(options));
    CHECK(read(book.out() / "assets" / "guide.css") ==
          read(repository_templates / "assets" / "guide.css"));
    CHECK(read(book.out() / "assets" / "search.js") ==
          read(repository_templates / "assets" / "search.js"));
    CHECK(fs::is_regular_file(book.out() / "en" / "index.html"));
}

TEST_CASE("a book's own asset and partial replace the built-in ones in the site") {
    BookCopy book;
    auto options = book.options();
    const auto own = book.root() / "own-templates";
    write(own / "assets" / "guide.css", "/* the book's own */\n");
    write(own / "partials" / "footer.mustache", "<footer>book footer marker</footer>\n");
    options.templates_dir = own;
    REQUIRE_NOTHROW(gpuguide::render::build_site(options));
    CHECK(read(book.out() / "assets" / "guide.css") == "/* the book's own */\n");
    CHECK(read(book.out() / "assets" / "theme.js") ==
          read(repository_templates / "assets" / "theme.js"));
    CHECK(read(book.out() / "en" / "index.html").find("book footer marker") != std::string::npos);
}

TEST_CASE("a book's tables/measured-table.mustache restyles every measured table") {
    BookCopy book;
    // The whole view model reaches the book's template: title, columns, rows and their cells.
    write(book.root() / "templates" / "tables" / "measured-table.mustache",
          "{{#table}}<dl class=\"my-table\" data-title=\"{{title}}\">{{#rows}}<dt>{{label}}</dt>"
          "{{#cells}}<dd class=\"my-{{kind}}\">{{text}}</dd>{{/cells}}{{/rows}}</dl>{{/table}}\n");
    const auto html = book.build_notes_page(
        "```gg-table\ntitle: STREAM\nprobe: gpu.stream\nhosts: [this]\nrows:\n"
        "  - {label: Triad, value: /devices/0/triad}\n```\n");
    CHECK(has(html, "<dl class=\"my-table\" data-title=\"STREAM\"><dt>Triad</dt>"
                    "<dd class=\"my-measured\">3.01\u00A0TB/s</dd></dl>"));
    CHECK_FALSE(has(html, "class=\"measured-table\""));
}

TEST_CASE("a template error in a book's override names the book's file and line") {
    TempDir dir;
    write(dir.path() / "partials" / "footer.mustache", "<footer>\n{{#open}}\n</footer>\n");
    try {
        gpuguide::render::Templates templates{Theme(dir.path())};
        FAIL("an unclosed section was accepted");
    } catch (const gpuguide::InputError& error) {
        const std::string message = error.what();
        CHECK(message.find((dir.path() / "partials" / "footer.mustache").string()) == 0);
        CHECK(message.find("template error") != std::string::npos);
    }
}

TEST_CASE("a book's partials/chart-figure.mustache restyles every chart") {
    // tests/books/mdbook-theme-chart: an mdBook project whose templates/ has its own chart
    // figure; its markup, with the chart's SVG and data, replaces the built-in <figure>.
    TempDir dir;
    const auto root = books_dir() / "mdbook-theme-chart";
    auto options = project_options(root, dir.path() / "site");
    options.templates_dir = root / "templates";
    REQUIRE_NOTHROW(gpuguide::render::build_site(options));
    const auto html = read(dir.path() / "site" / "index.html");
    CHECK(has(html, "<div class=\"book-chart book-chart-bar\" id=\"page-index-chart-1\">\n"
                    "<p class=\"book-chart-title\">Bandwidth by card</p>\n<svg "));
    CHECK(has(html, "</svg>\n<dl class=\"book-chart-data\"><dt>Old card</dt><dd>208</dd>"
                    "<dt>New card</dt><dd>3350</dd></dl>\n</div>"));
    CHECK_FALSE(has(html, "<figure class=\"chart"));
    CHECK_FALSE(has(html, "<details class=\"chart-data\">"));
}

TEST_CASE("every piece of the generator's markup is a partial a book can override") {
    // The partials the stages render by name: each must be in the built-in theme, and a book's
    // file of the same name is the one used.
    TempDir dir;
    const std::vector<std::string> partials = {"chart-figure",       "chart-unmeasured",
                                               "figures-missing",    "provenance",
                                               "inline-value",       "figures-fallback",
                                               "code-block",         "code-hidden-line",
                                               "page-toc",           "contents",
                                               "print-page",         "not-found",
                                               "redirect",           "heading",
                                               "definition-list",    "definition-term",
                                               "definition-details", "math",
                                               "code-token",         "sitemap",
                                               "serve-reload"};
    for (const auto& name : partials) {
        write(dir.path() / "partials" / (name + ".mustache"), "<i>" + name + " {{x}}</i>\n");
    }
    const gpuguide::render::Templates built_in{Theme(dir.path() / "none")};
    const gpuguide::render::Templates own{Theme(dir.path())};
    for (const auto& name : partials) {
        CAPTURE(name);
        CHECK_NOTHROW(built_in.partial(name, nlohmann::json::object()));
        CHECK(own.partial(name, {{"x", "it's"}}) == "<i>" + name + " it&#39;s</i>\n");
    }
    CHECK_THROWS_AS(own.partial("no-such-partial", nlohmann::json::object()), gpuguide::InputError);
}

TEST_CASE("a partial's lines that hold only a section tag or a comment leave no blank line") {
    // kainjow keeps the line of a section that is not shown; the markup partials follow
    // Mustache's standalone rule, so an inline value is one element with nothing around it.
    CHECK(gpuguide::theme::strip_standalone_tags(
              "{{#a}}\nx\n  {{/a}}\n{{! note }}\ny {{#b}}z{{/b}}\n") ==
          "{{#a}}x\n{{/a}}{{! note }}y {{#b}}z{{/b}}\n");
    const gpuguide::render::Templates templates{Theme("/nonexistent-theme-folder")};
    CHECK(templates.wrapper("inline-value", {{"host_phrase", true}}) ==
          std::pair<std::string, std::string>{"<span class=\"host-phrase\">", "</span>"});
    CHECK(templates.wrapper("inline-value", {{"missing", true}, {"reason", "one GPU"}}) ==
          std::pair<std::string, std::string>{"<span class=\"not-measured\" title=\"one GPU\">",
                                              "</span>"});
}
