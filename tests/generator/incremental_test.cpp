// The one-page edit path (issue 61, point 3): a build after an edit to pages' Markdown alone
// renders only those pages and their neighbours, and gives the same bytes as a full build.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "render/manifest.hpp"

#include <chrono>

using gg_test::BookCopy;

namespace {

namespace fs = std::filesystem;

// Rewrites a page (front matter and all) with a modification time one second later, so that the
// manifest's stamp changes even on a file system with coarse times.
void edit(const BookCopy& book, const std::string& relative, const std::string& text) {
    const auto file = book.content() / relative;
    const auto before = fs::last_write_time(file);
    gg_test::write(file, text);
    fs::last_write_time(file, before + std::chrono::seconds(1));
}

// What a full build of the same inputs writes (into a fresh folder beside the site).
std::map<std::string, std::string> full_build(const BookCopy& book) {
    auto options = book.options();
    options.out_dir = book.out().parent_path() / "full";
    options.force = true;
    gpuguide::render::build_site(options);
    return gg_test::tree(options.out_dir);
}

// Names the first file whose bytes differ (Catch would print two whole sites otherwise).
std::string first_difference(const std::map<std::string, std::string>& a,
                             const std::map<std::string, std::string>& b) {
    for (const auto& [path, bytes] : a) {
        if (!b.contains(path)) {
            return path + " only in the first";
        }
        if (b.at(path) != bytes) {
            return path + " differs";
        }
    }
    for (const auto& [path, bytes] : b) {
        if (!a.contains(path)) {
            return path + " only in the second";
        }
    }
    return "";
}

gpuguide::render::BuildOptions incremental_options(const BookCopy& book) {
    auto options = book.options();
    options.force = false;
    return options;
}

} // namespace

TEST_CASE("a one-page edit renders that page and its neighbours, byte-identical to a full build",
          "[site][incremental][one-page]") {
    BookCopy book;
    const auto options = incremental_options(book);
    const auto first = gpuguide::render::build_site(options);
    CHECK(first.pages_rendered == first.pages);
    // A new title (the neighbours' prev/next links and the search index name it), new text with a
    // footnote and code (print.html's and the search index's part of the page).
    edit(book, "en/02-catalogue.md",
         "---\ntitle: The catalogue, renamed\n---\n\n# Catalogue\n\n## The table\n\nNew words "
         "and a note.[^n]\n\n```cpp\nint x = 1;\n```\n\n[^n]: The note.\n");
    const auto report = gpuguide::render::build_site(options);
    CHECK_FALSE(report.up_to_date);
    CHECK(report.pages_rendered >= 1);
    CHECK(report.pages_rendered <= 3); // the page, and its previous and next page
    const auto site = gg_test::tree(book.out());
    CHECK(gg_test::has(site.at("en/01-measured.html"), "The catalogue, renamed"));
    CHECK(gg_test::has(site.at("en/print.html"), "New words and a note."));
    CHECK(first_difference(site, full_build(book)) == "");

    SECTION("an edit of the text alone renders that page alone") {
        edit(book, "en/03-notes.md", "---\ntitle: Notes\n---\n\n# Notes\n\nOther words.\n");
        const auto again = gpuguide::render::build_site(options);
        CHECK(again.pages_rendered == 1);
        CHECK(first_difference(gg_test::tree(book.out()), full_build(book)) == "");
    }
    SECTION("a second edit, of the first page, with a new title") {
        edit(book, "zh/index.md", "---\ntitle: 简介\n---\n\n# 简介\n\n只有一段新的文字。\n");
        const auto again = gpuguide::render::build_site(options);
        CHECK(again.pages_rendered >= 1);
        CHECK(again.pages_rendered <= 2); // no previous page
        CHECK(first_difference(gg_test::tree(book.out()), full_build(book)) == "");
    }
    SECTION("an edit of SUMMARY.md builds everything") {
        const auto summary = book.content() / "en" / "SUMMARY.md";
        edit(book, "en/SUMMARY.md", gg_test::read(summary) + "\n[More notes](03-notes.md#later)\n");
        // (a second link to a page is refused or accepted as a full build decides; either way no
        // partial build runs)
        try {
            const auto full = gpuguide::render::build_site(options);
            CHECK(full.pages_rendered == full.pages);
        } catch (const gpuguide::InputError&) {
            SUCCEED("SUMMARY.md refused as a full build refuses it");
        }
    }
}

TEST_CASE(
    "a one-page edit that fails leaves the site, its manifest and its page table as they were",
    "[site][incremental][atomic]") {
    BookCopy book;
    const auto options = incremental_options(book);
    gpuguide::render::build_site(options);
    const auto before = gg_test::tree(book.out());
    const auto manifest = gg_test::read(gpuguide::render::manifest_path(book.out()));
    edit(book, "en/03-notes.md", "---\ntitle: Notes\n---\n\n# Notes\n\n`value:gpu.nope/x`\n");
    CHECK_THROWS_AS(gpuguide::render::build_site(options), gpuguide::InputError);
    CHECK(gg_test::tree(book.out()) == before);
    CHECK(gg_test::read(gpuguide::render::manifest_path(book.out())) == manifest);
    for (const auto& entry : fs::directory_iterator(book.out().parent_path())) {
        CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
    }
    for (const auto& entry : fs::recursive_directory_iterator(book.out())) {
        CHECK(entry.path().filename().string().find(".tmp-") == std::string::npos);
    }
    // Fixed, the next build is a one-page build again and matches a full one.
    edit(book, "en/03-notes.md", "---\ntitle: Notes\n---\n\n# Notes\n\nFixed.\n");
    const auto report = gpuguide::render::build_site(options);
    CHECK(report.pages_rendered == 1); // the same title: the neighbours are kept
    CHECK(first_difference(gg_test::tree(book.out()), full_build(book)) == "");
}

TEST_CASE("an edit that changes what the pages measure builds every page", "[site][incremental]") {
    BookCopy book;
    const auto options = incremental_options(book);
    gpuguide::render::build_site(options);
    // 03-notes.md now asks this machine for a probe no page asked for: the build measures again.
    edit(book, "en/03-notes.md",
         "---\ntitle: Notes\n---\n\n# Notes\n\nCopy: "
         "`value:gpu.transfer/devices/0/curves/h2d_pinned/0/bytes`.\n");
    const auto report = gpuguide::render::build_site(options);
    CHECK(report.pages_rendered == report.pages);
    CHECK(first_difference(gg_test::tree(book.out()), full_build(book)) == "");
}

TEST_CASE("an mdBook project builds every page after an edit (its pages may include one another)",
          "[site][incremental][mdbook]") {
    gg_test::TempDir dir;
    fs::copy(gg_test::books_dir() / "mdbook-syntax", dir.path() / "book",
             fs::copy_options::recursive);
    auto options = gg_test::project_options(dir.path() / "book", dir.path() / "site");
    gpuguide::render::build_site(options);
    const auto page = dir.path() / "book" / "src" / "blocks.md";
    const auto before = fs::last_write_time(page);
    gg_test::write(page, gg_test::read(page) + "\nOne more paragraph.\n");
    fs::last_write_time(page, before + std::chrono::seconds(1));
    const auto report = gpuguide::render::build_site(options);
    CHECK(report.pages_rendered == report.pages);
}
