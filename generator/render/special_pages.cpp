// The pages that are not in SUMMARY.md: language chooser, contents, 404, sitemap, and each
// language's table of contents script (print.html and the search index: language_outputs.cpp).
#include "load/files.hpp"
#include "markdown/markdown.hpp"
#include "render/internal.hpp"
#include "version.hpp"

#include <algorithm>
#include <tuple>

namespace gpuguide::render {
namespace {

using markdown::escape_html;
using nlohmann::json;

// Used when templates/ has no language-index.mustache: works without JavaScript (plain links);
// the script only picks the reader's language when it is one of the site's.
constexpr const char* kDefaultLanguageIndex = R"(<!DOCTYPE html>
<html lang="{{ui.html_lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{site.title}}</title>
<link rel="stylesheet" href="assets/guide.css">
<script>
(function () {
  var langs = [{{#languages}}"{{code}}",{{/languages}}];
  var wanted = (navigator.languages || [navigator.language || ""]);
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (langs.indexOf(code) >= 0) { location.replace(code + "/index.html"); return; }
  }
})();
</script>
</head>
<body class="language-index">
<main>
<h1>{{site.title}}</h1>
<ul class="languages">
{{#languages}}
<li><a href="{{href}}" hreflang="{{code}}" lang="{{code}}">{{name}}</a></li>
{{/languages}}
</ul>
</main>
</body>
</html>
)";

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

std::string contents_html(const Language& language, const std::string& heading,
                          const std::string& fleet) {
    std::string html = "<h1>" + escape_html(heading) + "</h1>\n";
    html += "<ol class=\"contents\">\n";
    for (const auto& entry : language.summary) {
        if (entry.kind == SummaryEntry::Kind::Part) {
            html += "<li class=\"contents-part\">" + escape_html(entry.title) + "</li>\n";
        } else if (entry.kind == SummaryEntry::Kind::Separator) {
            html += "<li class=\"contents-separator\" aria-hidden=\"true\"></li>\n";
        } else {
            const std::string label =
                (entry.number.empty() ? "" : entry.number + " ") + entry.title;
            html += "<li class=\"contents-depth-" + std::to_string(entry.depth) + "\">";
            html += entry.draft()
                        ? "<span class=\"draft\">" + escape_html(label) + "</span>"
                        : "<a href=\"" + escape_html(language.pages[entry.page_index].output) +
                              "\">" + escape_html(label) + "</a>";
            html += "</li>\n";
        }
    }
    html += "</ol>\n";
    if (!fleet.empty()) {
        html += "<p class=\"contents-fleet\"><a href=\"fleet.html\">" + escape_html(fleet) +
                "</a></p>\n";
    }
    return html;
}

std::string sitemap(const SiteContext& site) {
    std::string base = site.options.base_url;
    if (!base.ends_with('/')) {
        base += '/';
    }
    std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const auto& language : site.book.languages) {
        for (const auto& page : language.pages) {
            xml += "<url><loc>" + escape_html(base + language.site_dir + page.output) +
                   "</loc><lastmod>" + site.date + "</lastmod></url>\n";
        }
    }
    return xml + "</urlset>\n";
}

} // namespace

std::string redirect_page(const std::string& target, const ui::Strings& strings) {
    const std::string href = escape_html(target);
    return "<!DOCTYPE html>\n<html lang=\"" + escape_html(strings.text("html_lang")) +
           "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
           escape_html(strings.text("redirecting")) +
           "</title>\n"
           "<meta http-equiv=\"refresh\" content=\"0; url=" +
           href + "\">\n<link rel=\"canonical\" href=\"" + href +
           "\">\n</head>\n<body>\n<p><a href=\"" + href + "\">" + href +
           "</a></p>\n</body>\n</html>\n";
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
                              contents_html(language, heading,
                                            has_fleet ? fleet_title(site.strings(language.code))
                                                      : std::string()),
                              "is_contents"));
        if (has_fleet) {
            write_fleet_pages(site, language, lang_dir);
        }
    }
    const Language& first = site.book.languages.front();
    if (!first.site_dir.empty()) {
        json index_view = base_view(site, first, "index.html");
        index_view["languages"] = languages;
        const bool custom = site.templates.has("language-index");
        write_file(dir / "index.html",
                   custom ? site.templates.render("language-index", index_view,
                                                  &site.shared_view(first.code))
                          : Templates::render_text(kDefaultLanguageIndex, index_view,
                                                   &site.shared_view(first.code)));
    } else if (!first.page_by_source.contains("README.md") &&
               !first.page_by_source.contains("index.md")) {
        // An mdBook project whose first chapter is not README.md: the site's root still opens it.
        write_file(dir / "index.html",
                   redirect_page(first.pages.front().output, site.strings(first.code)));
    }
    std::string home = not_found_base(site).empty() ? "index.html" : not_found_base(site);
    std::string not_found =
        extra_page(site, first, "404.html", "404",
                   "<h1>404</h1>\n<p><a href=\"" + escape_html(home) + "\">" +
                       escape_html(site.strings(first.code).text("back_to_guide")) + "</a></p>\n",
                   "is_404");
    write_file(dir / "404.html", not_found);
    write_file(dir / ".nojekyll", "");
    if (!site.options.base_url.empty()) {
        write_file(dir / "sitemap.xml", sitemap(site));
    }
}

} // namespace gpuguide::render
