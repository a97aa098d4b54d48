#pragma once
/// Pieces of the render stage shared between its files (not a public interface).
#include "highlight/cache.hpp"
#include "load/book.hpp"
#include "measure/store.hpp"
#include "render/fleet.hpp"
#include "render/site.hpp"
#include "render/templates.hpp"
#include "search/index.hpp"

#include <functional>
#include <map>
#include <memory>
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
    std::string date;                             ///< YYYY-MM-DD
    const std::map<std::string, ui::Strings>& ui; ///< interface strings by language code
    const FleetData* fleet = nullptr; ///< content/measurements/fleet/ (none: no fleet page)
    /// book.toml's `license` and `license-url` (the guide's content/book.toml or a project's).
    std::string license, license_url;
    /// By language code: what base_view leaves out because it is the same on every page of the
    /// language (`ui`, the interface strings), converted for the templates once.
    std::map<std::string, SharedView> shared = {};
    /// KaTeX is copied into the site's katex/ and every page loads it (render/math_assets.hpp).
    bool math = false;
    /// Code blocks highlighted in earlier builds (--cache-dir), and in this one (none: no cache).
    highlight::Cache* highlights = nullptr;

    /// The interface strings of `lang` (one of the book's languages).
    const ui::Strings& strings(const std::string& lang) const { return ui.at(lang); }
    /// The shared part of every layout view of `lang` (render with base_view's views).
    const SharedView& shared_view(const std::string& lang) const { return shared.at(lang); }
};

/// SiteContext::shared for interface strings by language.
std::map<std::string, SharedView> shared_views(const std::map<std::string, ui::Strings>& ui);

struct RenderedPage {
    std::string html;                      ///< the whole page (layout applied)
    std::string print_html;                ///< the page's content for print.html (ids prefixed)
    std::vector<search::Section> sections; ///< its plain text, for the search index
    std::vector<std::string> warnings;     ///< "file:line: warning: ..." (literal `**` and `__`)
};

/// Parses, expands and renders one page. Throws InputError.
RenderedPage render_page(const SiteContext& site, const Language& language, std::size_t index);

/// Relative href from one output file to another, both relative to the same folder
/// ("a/b.html" -> "c.html" gives "../c.html").
std::string relative_href(const std::string& from, const std::string& to);

/// "../" repeated for the depth of `output` below the site root ("en/x.html" -> "../").
std::string root_prefix(const std::string& output_in_site);

/// A page that sends the reader on to `target` (a URL relative to the page, or absolute), its
/// title in the language of `strings` (the theme's redirect partial).
std::string redirect_page(const std::string& target, const ui::Strings& strings,
                          const Templates& templates);

/// The id of a page's section in print.html ("03-gpu-architecture").
std::string print_id(const Page& page);

/// The layout view model shared by every page of a language (site, nav, search, build), without
/// `ui`: render it with site.shared_view(language.code). `output_in_site` is the page's path
/// below the site root ("en/x.html").
nlohmann::json base_view(const SiteContext& site, const Language& language,
                         const std::string& output_in_site);

/// A page of the layout that is not in SUMMARY.md (contents, print, 404); `flag` is the view's
/// page.is_* key ("is_contents", "is_print", "is_404").
std::string extra_page(const SiteContext& site, const Language& language, const std::string& output,
                       const std::string& title, const std::string& content_html, const char* flag);

/// print.html's title in `language`.
std::string print_title(const SiteContext& site, const Language& language);

/// Where each page's part of a language's print.html and search-index.js lies in those files
/// (byte offsets), so that a one-page edit can replace that part alone (render/one_page.cpp).
/// Page i's part begins where page i-1's ends (page 0's at print_begin and search_begin).
struct LanguageSpans {
    std::string code;             ///< the language
    bool complete = false;        ///< false: the print layout is not streamed; no spans
    std::size_t print_begin = 0;  ///< the end of the layout before the pages
    std::size_t print_size = 0;   ///< the whole file
    std::size_t search_begin = 0; ///< the end of the list of documents (titles)
    std::size_t search_size = 0;  ///< the whole file
    std::vector<std::size_t> print_end, search_end; ///< by page, in reading order
    /// By page: title_key of its title (its neighbours' prev/next links show the title).
    std::vector<std::size_t> titles;
};

/// What the page table keeps of a page's title: a hash, compared with the same binary's only
/// (the manifest names the binary).
inline std::size_t title_key(const std::string& title) {
    return std::hash<std::string>{}(title);
}

/// The search index's documents of a language (its pages' titles, numbers, back matter).
std::vector<search::Document> search_documents(const Language& language);
/// strings.json's `search_synonyms` for a language (checked when the theme loads).
search::Synonyms search_synonyms(const ui::Strings& strings);

/// A language's print.html and search-index.js, written while its pages render, so that a build
/// holds no finished page in memory: pages may finish in any order on any thread, and each is
/// kept only until every page before it has been written.
class LanguageOutputs {
  public:
    /// Opens both files in `lang_dir` and writes their beginnings.
    LanguageOutputs(const SiteContext& site, const Language& language,
                    const std::filesystem::path& lang_dir);
    ~LanguageOutputs();
    LanguageOutputs(const LanguageOutputs&) = delete;
    LanguageOutputs& operator=(const LanguageOutputs&) = delete;

    /// Page `index` of the language, rendered; thread-safe. Throws on a write error.
    void add(std::size_t index, RenderedPage page);
    /// Page `index` failed: nothing of it is written (the build fails), later pages go on.
    void skip(std::size_t index);
    /// Writes both files' ends and closes them. Every page must have been added or skipped.
    void finish();
    /// Where each page's part went (after finish).
    const LanguageSpans& spans() const;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

/// Renders every page (on options.jobs threads) and writes the site into a staging folder beside
/// options.out_dir: the pages, the special pages, the theme's assets and the book's own files;
/// then swaps the new site in and writes `manifest` beside it (render/outputs.cpp). Render
/// warnings are appended to `warnings`, in reading order.
struct Manifest;
void write_site(const SiteContext& site, const Manifest& manifest,
                std::vector<std::string>& warnings);

/// Writes index.html, 404.html, .nojekyll, sitemap.xml and each language's toc.js and
/// contents.html into `dir` (print.html and search-index.js: LanguageOutputs).
void write_special_pages(const SiteContext& site, const std::filesystem::path& dir);

/// What the fleet pages' figures are, for their footer (the theme's strings).
std::string fleet_source(const ui::Strings& strings);
/// The fleet page's title in a language (the theme's strings).
std::string fleet_title(const ui::Strings& strings);
/// Writes a language's fleet.html, its per-node pages, fleet.csv and fleet.json into its folder
/// of the site being written at `site_dir` (render/fleet_page.cpp). Only when site.fleet has
/// nodes. The tables of every language after the first are hard links to the first's.
void write_fleet_pages(const SiteContext& site, const Language& language,
                       const std::filesystem::path& site_dir);

} // namespace gpuguide::render
