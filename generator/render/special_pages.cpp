// The pages that are not in SUMMARY.md: language chooser, contents, 404, sitemap, and each
// language's table of contents script (print.html and the search index: language_outputs.cpp).
#include "load/files.hpp"
#include "render/internal.hpp"
#include "version.hpp"

#include <algorithm>
#include <tuple>

namespace gpuguide::render {
namespace {

using nlohmann::json;

std::string toc_script(const Language& language) {
    json entries = json::array();
    std::string part;
    for (const auto& entry : language.summary) {
        switch (entry.kind) {
        case SummaryEntry::Kind::Part:
            part = entry.title;
            entries.push_back({{"title", entry.title}, {"part", true}, {"depth", 0}});
            break;
        case SummaryEntry::Kind::Separator:
            part.clear(); // suffix chapters after a separator belong to no part
            entries.push_back({{"separator", true}, {"depth", 0}});
            break;
        case SummaryEntry::Kind::Chapter: {
            // Prefix and suffix chapters (unnumbered) are never inside a part.
            const std::string in_part = entry.number.empty() ? "" : part;
            json item{{"title", entry.title},
                      {"number", entry.number},
                      {"depth", entry.depth},
                      {"part", false},
                      {"in_part", in_part}};
            item["href"] = entry.draft() ? json() : json(language.pages[entry.page_index].output);
            if (entry.draft()) {
                item["draft"] = true;
            }
            entries.push_back(std::move(item));
            break;
        }
        }
    }
    return "window.GPUGUIDE_TOC = " + entries.dump(-1, ' ', false, json::error_handler_t::replace) +
           ";\n";
}

// The contents page's body (SUMMARY.md's entries, and the fleet page's link) through the
// theme's contents partial.
std::string contents_html(const Templates& templates, const Language& language,
                          const std::string& heading, const std::string& fleet) {
    json entries = json::array();
    for (const auto& entry : language.summary) {
        if (entry.kind == SummaryEntry::Kind::Part) {
            entries.push_back({{"part", true}, {"title", entry.title}});
        } else if (entry.kind == SummaryEntry::Kind::Separator) {
            entries.push_back({{"separator", true}});
        } else {
            json item{{"chapter", true},
                      {"depth", entry.depth},
                      {"label", (entry.number.empty() ? "" : entry.number + " ") + entry.title}};
            if (!entry.draft()) {
                item["href"] = language.pages[entry.page_index].output;
            }
            entries.push_back(std::move(item));
        }
    }
    return templates.partial(
        "contents", {{"heading", heading}, {"entries", std::move(entries)}, {"fleet", fleet}});
}

// sitemap.xml: the theme's sitemap partial with every page's address.
std::string sitemap(const SiteContext& site) {
    std::string base = site.options.base_url;
    if (!base.ends_with('/')) {
        base += '/';
    }
    json urls = json::array();
    for (const auto& language : site.book.languages) {
        for (const auto& page : language.pages) {
            urls.push_back(
                {{"loc", base + language.site_dir + page.output}, {"lastmod", site.date}});
        }
    }
    return site.templates.partial("sitemap", {{"urls", std::move(urls)}});
}

} // namespace

std::string redirect_page(const std::string& target, const ui::Strings& strings,
                          const Templates& templates) {
    return templates.partial("redirect", {{"href", target},
                                          {"html_lang", strings.text("html_lang")},
                                          {"title", strings.text("redirecting")}});
}

std::string relative_href(const std::string& from, const std::string& to) {
    // Both in the same folder, the common case for every link of a book: `to` as it is (what
    // lexically_relative gives, without splitting paths for each of a page's links).
    if (from.find('/') == std::string::npos && to.find('/') == std::string::npos && !to.empty() &&
        to != "." && to != "..") {
        return to;
    }
    const auto from_dir = std::filesystem::path(from).parent_path();
    return std::filesystem::path(to)
        .lexically_relative(from_dir.empty() ? "." : from_dir)
        .generic_string();
}

std::string root_prefix(const std::string& output_in_site) {
    std::string prefix;
    for (char c : output_in_site) {
        if (c == '/') {
            prefix += "../";
        }
    }
    return prefix;
}

// Where 404.html's links start: --base-url, else an mdBook project's site-url ("/book/": mdBook
// uses it for exactly this), else nothing (relative links, right only at the site's root).
std::string not_found_base(const SiteContext& site) {
    if (!site.options.base_url.empty()) {
        return site.options.base_url;
    }
    return site.options.project ? site.options.project->site_url : std::string();
}

std::string extra_page(const SiteContext& site, const Language& language, const std::string& output,
                       const std::string& title, const std::string& content_html,
                       const char* flag) {
    json view = base_view(site, language, output);
    view["page"] = {
        {"title", title}, {"path", output}, {"content_html", content_html}, {flag, true}};
    if (std::string(flag) == "is_fleet") {
        // The fleet pages' figures are the nodes' own, each named: the footer's line about this
        // build's measurements would read as if it were about them.
        view["build"]["measurement_source"] = fleet_source(site.strings(language.code));
    }
    if (std::string(flag) == "is_404" && !not_found_base(site).empty()) {
        // 404.html is served for any missing path, so only absolute links work from it.
        std::string base = not_found_base(site);
        base += base.ends_with('/') ? "" : "/";
        view["site"]["root"] = base;
        view["site"]["home"] = base + language.site_dir + "index.html";
        for (const auto& [group, key, file] : {std::tuple{"nav", "script_href", "toc.js"},
                                               {"nav", "contents_href", "contents.html"},
                                               {"search", "script_href", "search-index.js"}}) {
            view[group][key] = base + language.site_dir + file;
        }
    }
    return site.templates.render("layout", std::move(view), &site.shared_view(language.code));
}

std::string print_title(const SiteContext& site, const Language& language) {
    return site.strings(language.code).text("print_version");
}

std::string print_id(const Page& page) {
    std::string id =
        "page-" + std::filesystem::path(page.output).replace_extension().generic_string();
    std::replace(id.begin(), id.end(), '/', '-');
    return id;
}

json base_view(const SiteContext& site, const Language& language,
               const std::string& output_in_site) {
    const std::string root = root_prefix(output_in_site);
    auto in_language = [&](const char* file) {
        return relative_href(output_in_site, language.site_dir + file);
    };
    const json& ui = site.strings(language.code).merged();
    json extra_css = json::array(), extra_js = json::array();
    std::string title = ui.value("site_title", std::string("GPU Guide"));
    std::string repository;
    if (site.math) { // KaTeX first, then what typesets with it, then the book's own files
        extra_css.push_back({{"href", root + "katex/katex.min.css"}});
        extra_js.push_back({{"href", root + "katex/katex.min.js"}});
        extra_js.push_back({{"href", root + "assets/math.js"}});
    }
    if (const auto& config = site.book.config) { // an mdBook project: book.toml's settings
        title = config->title.empty() ? title : config->title;
        repository = config->git_repository_url;
        for (const auto& file : config->additional_css) {
            extra_css.push_back({{"href", root + file}});
        }
        for (const auto& file : config->additional_js) {
            extra_js.push_back({{"href", root + file}});
        }
    }
    return json{
        {"site",
         {{"title", title},
          {"home", in_language("index.html")},
          {"extra_css", extra_css},
          {"extra_js", extra_js},
          {"git_repository_url", repository},
          {"mdbook", site.book.config.has_value()}, // a book, not the guide: "Search this book"
          {"lang", language.code},
          {"lang_name", language.name},
          {"root", root},
          {"base_url", site.options.base_url},
          {"generator", version::generator_tag()},
          {"license", site.license},
          {"license_url", site.license_url}}},
        {"page", json::object()},
        {"nav",
         {{"script_href", in_language("toc.js")}, {"contents_href", in_language("contents.html")}}},
        {"search", {{"script_href", in_language("search-index.js")}}},
        {"build",
         {{"measurement_source", site.store.summary(site.strings(language.code))},
          {"date", site.date}}}};
}

std::map<std::string, SharedView> shared_views(const std::map<std::string, ui::Strings>& ui) {
    std::map<std::string, SharedView> views;
    for (const auto& [lang, strings] : ui) {
        views.emplace(lang, SharedView(json{{"ui", strings.merged()}}));
    }
    return views;
}

void write_special_pages(const SiteContext& site, const std::filesystem::path& dir) {
    const bool has_fleet = site.fleet != nullptr && !site.fleet->empty();
    json languages = json::array();
    for (const Language& language : site.book.languages) {
        const auto lang_dir = dir / language.site_dir;
        languages.push_back({{"code", language.code},
                             {"name", language.name},
                             {"href", language.site_dir + language.pages.front().output}});
        write_file(lang_dir / "toc.js", toc_script(language));
        const auto heading = site.strings(language.code).text("contents_heading");
        write_file(lang_dir / "contents.html",
                   extra_page(site, language, language.site_dir + "contents.html", heading,
                              contents_html(site.templates, language, heading,
                                            has_fleet ? fleet_title(site.strings(language.code))
                                                      : std::string()),
                              "is_contents"));
        if (has_fleet) {
            write_fleet_pages(site, language, dir);
        }
    }
    const Language& first = site.book.languages.front();
    if (!first.site_dir.empty()) {
        json index_view = base_view(site, first, "index.html");
        index_view["languages"] = languages;
        write_file(dir / "index.html", site.templates.render("language-index", index_view,
                                                             &site.shared_view(first.code)));
    } else if (!first.page_by_source.contains("README.md") &&
               !first.page_by_source.contains("index.md")) {
        // An mdBook project whose first chapter is not README.md: the site's root still opens it.
        write_file(dir / "index.html", redirect_page(first.pages.front().output,
                                                     site.strings(first.code), site.templates));
    }
    std::string home = not_found_base(site).empty() ? "index.html" : not_found_base(site);
    std::string not_found =
        extra_page(site, first, "404.html", "404",
                   site.templates.partial(
                       "not-found",
                       {{"home", home}, {"label", site.strings(first.code).text("back_to_guide")}}),
                   "is_404");
    write_file(dir / "404.html", not_found);
    write_file(dir / ".nojekyll", "");
    if (!site.options.base_url.empty()) {
        write_file(dir / "sitemap.xml", sitemap(site));
    }
}

} // namespace gpuguide::render
