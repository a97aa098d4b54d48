// The fleet page (site/<lang>/fleet.html): which nodes are worse than their peers, and what
// changed since the last collection. It leads with what needs action (a summary per node type,
// the outliers worst first, the nodes asked but missing, configuration drift, changes), then the
// charts and the per-node detail: inline and collapsed for a small fleet, on pages of their own
// (fleet-hosts-N.html) for a large one; the whole table also as fleet.csv and fleet.json. Every
// part is a template of the theme (templates/fleet/); the charts' SVG is drawn here.
#include "charts/chart.hpp"
#include "directives/chart_strings.hpp"
#include "fleet/table.hpp"
#include "load/files.hpp"
#include "measure/store.hpp"
#include "parallel/parallel.hpp"
#include "render/fleet.hpp"
#include "render/internal.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace gpuguide::render {
namespace {

using fleet::headlines;
using nlohmann::json;

/// Up to this many nodes the detail is on the fleet page (collapsed per type); above, on pages
/// of this many nodes each.
constexpr std::size_t kHostsPerPage = 250;
/// Above this many nodes the charts show one bar per node type (the median), not per node.
constexpr std::size_t kChartHostsMax = 40;

// One bar chart per headline figure: per node, or per node type (median) for a large fleet.
std::string charts_html(const FleetData& fleet, const FleetText& text,
                        const theme::Markup& markup) {
    const auto& rows = fleet.folder.rows;
    const bool by_type = rows.size() > kChartHostsMax;
    std::string html;
    int number = 0;
    for (const auto h : shown_headlines(fleet)) {
        charts::ChartSpec spec;
        spec.kind = charts::Kind::Bar;
        spec.id = "fleet-chart-" + std::to_string(++number);
        spec.title = text(std::string("figure_") + headlines()[h].key);
        spec.description = text(by_type ? "chart_per_type" : "chart_per_node");
        charts::Series series;
        if (by_type) {
            for (const auto& type : fleet.analysis.types) {
                if (type.spread[h]) {
                    series.points.push_back({0, type.spread[h]->median, text.type(type), false});
                }
            }
        } else {
            for (const auto& row : rows) {
                if (row.figures[h]) {
                    series.points.push_back({0, row.figures[h]->value, row.host, false});
                }
            }
        }
        if (series.points.empty()) {
            continue;
        }
        spec.y.label = spec.title;
        spec.y.unit = headlines()[h].unit;
        spec.y.min = 0;
        spec.series.push_back(std::move(series));
        html += charts::render_figure(spec, directives::chart_strings(text.strings()), markup);
    }
    return html;
}

// The rows of each node type, in the page's order.
std::vector<std::pair<std::string, std::vector<std::size_t>>> groups(const FleetData& fleet,
                                                                     const FleetText& text) {
    std::vector<std::pair<std::string, std::vector<std::size_t>>> result;
    for (const auto& type : fleet.analysis.types) {
        result.emplace_back(text.type(type), type.rows);
    }
    return result;
}

// A part of the fleet pages: templates/fleet/NAME with `view`; `ui` ({"ui": the interface strings},
// converted once per language) answers the names the view lacks.
std::string section(const Templates& templates, const char* name, json view, const SharedView& ui) {
    return templates.render(std::string("fleet/") + name, std::move(view), &ui);
}

/// A page of per-node detail: its file, title, and rows by node type.
struct DetailPage {
    std::string file, title;
    std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
};

// The detail: collapsed per type on the page, or (large fleets) pages of kHostsPerPage nodes.
// Returns the hosts section; `pages` gets each detail page to write.
std::string hosts_html(const FleetData& fleet, const FleetText& text, const Templates& templates,
                       const SharedView& ui, std::vector<DetailPage>& pages) {
    json view = json::object();
    const auto all = groups(fleet, text);
    if (fleet.folder.rows.size() <= kHostsPerPage) {
        json list = json::array();
        for (const auto& [name, rows] : all) {
            list.push_back({{"name", name},
                            {"count", rows.size()},
                            {"table_html", host_table_html(fleet, text, templates, rows, ui)}});
        }
        view["groups"] = std::move(list);
        return section(templates, "hosts", std::move(view), ui);
    }
    std::vector<std::pair<std::string, std::size_t>> order; // (type, row) in page order
    for (const auto& [name, rows] : all) {
        for (const auto r : rows) {
            order.emplace_back(name, r);
        }
    }
    json links = json::array();
    for (std::size_t first = 0; first < order.size(); first += kHostsPerPage) {
        const auto last = std::min(order.size(), first + kHostsPerPage);
        DetailPage page{"fleet-hosts-" + std::to_string(pages.size() + 1) + ".html",
                        text("detail_title", {fleet.folder.rows[order[first].second].host,
                                              fleet.folder.rows[order[last - 1].second].host}),
                        {}};
        for (std::size_t i = first; i < last;) {
            std::vector<std::size_t> rows;
            const auto& name = order[i].first;
            for (; i < last && order[i].first == name; ++i) {
                rows.push_back(order[i].second);
            }
            page.groups.emplace_back(name, std::move(rows));
        }
        links.push_back({{"href", page.file}, {"label", page.title}});
        pages.push_back(std::move(page));
    }
    view["pages_note"] =
        text("hosts_pages", {std::to_string(order.size()), std::to_string(kHostsPerPage)});
    view["pages"] = std::move(links);
    return section(templates, "hosts", std::move(view), ui);
}

// What needs action, each with a link to its section.
json attention(const FleetData& fleet, const FleetText& text) {
    std::size_t changed = 0;
    for (const auto& changes : fleet.analysis.change) {
        changed += static_cast<std::size_t>(
            std::count_if(changes.begin(), changes.end(), [](const auto& c) { return c.beyond; }));
    }
    json items = json::array();
    for (const auto& [id, label, count] :
         {std::tuple{"fleet-outliers", "attention_outliers", fleet.analysis.outliers.size()},
          std::tuple{"fleet-missing", "attention_missing", fleet.analysis.missing.size()},
          std::tuple{"fleet-drift", "attention_drift", fleet.analysis.drift.size()},
          std::tuple{"fleet-changes", "attention_changes", changed}}) {
        items.push_back({{"id", id}, {"label", text(label)}, {"count", count}});
    }
    return items;
}

std::string collection_line(const FleetData& fleet, const FleetText& text) {
    const auto& latest = fleet.folder.latest;
    if (!latest) {
        return text("no_collection");
    }
    const auto sent = std::count_if(latest->asked.begin(), latest->asked.end(),
                                    [](const auto& node) { return node.fault.empty(); });
    return text("collection", {latest->job, latest->date.substr(0, 10),
                               std::to_string(latest->asked.size()), std::to_string(sent)});
}

/// A table of the whole fleet and what writes it.
using Table =
    std::pair<const char*, std::string (*)(const fleet::FleetFolder&, const fleet::Analysis&)>;

// The tables are the same in every language: the first language's files, linked into the others'
// folders here (at 20,000 nodes they are tens of MB). Returns those to write: all of them for the
// first language, those that could not be linked for the others.
std::vector<Table> tables_to_write(const SiteContext& site, const Language& language,
                                   const std::filesystem::path& site_dir) {
    const auto first = site_dir / site.book.languages.front().site_dir;
    const auto lang_dir = site_dir / language.site_dir;
    std::vector<Table> tables;
    for (const auto& table :
         {Table{"fleet.csv", &fleet::table_csv}, Table{"fleet.json", &fleet::table_json}}) {
        std::error_code error;
        if (&language == &site.book.languages.front() ||
            (std::filesystem::create_hard_link(first / table.first, lang_dir / table.first, error),
             error)) {
            tables.push_back(table);
        }
    }
    return tables;
}

} // namespace

FleetData load_fleet(const std::filesystem::path& dir, double threshold, unsigned jobs) {
    FleetData fleet;
    fleet.folder = fleet::read_fleet_folder(
        dir,
        [](const std::filesystem::path& file) {
            return measure::load_measurement_document(file, measure::Origin::Fleet).json;
        },
        jobs);
    fleet::AnalysisOptions options;
    options.threshold = threshold;
    fleet.analysis = fleet::analyse(fleet.folder, options);
    return fleet;
}

std::string fleet_source(const ui::Strings& strings) {
    return FleetText(strings)("source");
}

std::string fleet_title(const ui::Strings& strings) {
    return FleetText(strings)("title");
}

void write_fleet_pages(const SiteContext& site, const Language& language,
                       const std::filesystem::path& site_dir) {
    const auto lang_dir = site_dir / language.site_dir;
    const auto& fleet = *site.fleet;
    const auto& templates = site.templates;
    const FleetText text(site.strings(language.code));
    const SharedView ui(json{{"ui", text.ui()}}); // every part's interface strings
    const auto& options = fleet.analysis.options;
    std::vector<DetailPage> pages;
    auto outliers = outliers_view(fleet, text);
    outliers["rule"] = text("rule", {measure::format_number(options.threshold),
                                     measure::format_number(options.min_spread * 100),
                                     std::to_string(options.min_peers)});
    json view = {
        {"title", text("title")},
        {"intro", text("intro", {std::to_string(fleet.folder.rows.size()),
                                 std::to_string(fleet.analysis.types.size())})},
        {"collection", collection_line(fleet, text)},
        {"attention", attention(fleet, text)},
        {"types_html", section(templates, "types", types_view(fleet, text), ui)},
        {"outliers_html", section(templates, "outliers", std::move(outliers), ui)},
        {"missing_html", section(templates, "missing", missing_view(fleet, text), ui)},
        {"drift_html", section(templates, "drift", drift_view(fleet, text), ui)},
        {"changes_html", section(templates, "changes", changes_view(fleet, text), ui)},
        {"charts_html",
         section(templates, "charts", {{"figures_html", charts_html(fleet, text, templates)}}, ui)},
        {"hosts_html", hosts_html(fleet, text, templates, ui, pages)}};
    const auto title = text("title");
    write_file(lang_dir / "fleet.html",
               extra_page(site, language, language.site_dir + "fleet.html", title,
                          section(templates, "page", std::move(view), ui), "is_fleet"));
    const auto tables = tables_to_write(site, language, site_dir);
    // The tables first, then the detail pages (80 at 20,000 nodes), all on the --jobs threads:
    // fleet.json alone took as long as a third of the pages.
    parallel::parallel_for(tables.size() + pages.size(), site.options.jobs, [&](std::size_t task) {
        if (task < tables.size()) {
            const auto& [file, make] = tables[task];
            write_file(lang_dir / file, make(fleet.folder, fleet.analysis));
            return;
        }
        const auto& page = pages[task - tables.size()];
        json groups = json::array();
        for (const auto& [name, rows] : page.groups) {
            groups.push_back({{"name", name},
                              {"table_html", host_table_html(fleet, text, templates, rows, ui)}});
        }
        json detail = {{"title", page.title},
                       {"intro", text("intro", {std::to_string(fleet.folder.rows.size()),
                                                std::to_string(fleet.analysis.types.size())})},
                       {"groups", std::move(groups)}};
        write_file(lang_dir / page.file,
                   extra_page(site, language, language.site_dir + page.file, page.title,
                              section(templates, "detail", std::move(detail), ui), "is_fleet"));
    });
}

} // namespace gpuguide::render
