#pragma once
/// Pieces of the render stage shared between its files (not a public interface).
#include "load/book.hpp"
#include "measure/store.hpp"
#include "render/site.hpp"
#include "render/templates.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpuguide::render {

/// Everything every page needs, read once per build.
struct SiteContext {
    const Book& book;
    const measure::Store& store;
    const Templates& templates;
    const BuildOptions& options;
    std::string measurement_source;
    std::string date; ///< YYYY-MM-DD
};

/// A page's plain text section for the search index.
struct SearchSection {
    std::string anchor, heading, text;
};

struct RenderedPage {
    std::string html;       ///< the whole page (layout applied)
    std::string print_html; ///< the page's content for print.html (ids prefixed)
    std::vector<SearchSection> sections;
};

/// Parses, expands and renders one page. Throws InputError.
RenderedPage render_page(const SiteContext& site, const Language& language, std::size_t index);

/// Relative href from one output file to another, both relative to the same folder
/// ("a/b.html" -> "c.html" gives "../c.html").
std::string relative_href(const std::string& from, const std::string& to);

/// "../" repeated for the depth of `output` below the site root ("en/x.html" -> "../").
std::string root_prefix(const std::string& output_in_site);

/// The id of a page's section in print.html ("03-gpu-architecture").
std::string print_id(const Page& page);

/// The layout view model shared by every page of a language (site, nav, search, build, ui).
/// `output_in_site` is the page's path below the site root ("en/x.html").
nlohmann::json base_view(const SiteContext& site, const Language& language,
                         const std::string& output_in_site);

/// Writes index.html, 404.html, .nojekyll, sitemap.xml and each language's toc.js,
/// contents.html, print.html, search-index.js into `dir`.
void write_special_pages(const SiteContext& site, const std::filesystem::path& dir,
                         const std::vector<std::vector<RenderedPage>>& pages);

} // namespace gpuguide::render
