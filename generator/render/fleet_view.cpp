// The views of the fleet page's section templates (templates/fleet/*.mustache): every string a
// reader sees comes from the theme's strings ("fleet"), every figure is formatted here. Node
// names, settings and reasons come from documents: the templates escape them.
#include "charts/text.hpp"
#include "measure/store.hpp"
#include "render/fleet.hpp"
#include "render/view_data.hpp"
#include "theme/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace gpuguide::render {
namespace {

using fleet::headlines;
using nlohmann::json;

/// Above this many names, lists of new and gone nodes end with "... and N more".
constexpr std::size_t kListedNames = 200;

json names_view(const std::vector<std::string>& names, const FleetText& text, json& view,
                const char* more_key) {
    json list = json::array();
    for (std::size_t i = 0; i < names.size() && i < kListedNames; ++i) {
        list.push_back(names[i]);
    }
    if (names.size() > kListedNames) {
        view[more_key] = text("more", {std::to_string(names.size() - kListedNames)});
    }
    return list;
}

} // namespace

FleetText::FleetText(const ui::Strings& strings)
    : strings_(&strings), ui_{{"fleet", strings.table("fleet")}} {}

std::string FleetText::operator()(const std::string& key,
                                  std::initializer_list<std::string_view> args) const {
    const auto strings = ui_.find("fleet");
    if (strings == ui_.end() || !strings->contains(key) || !(*strings)[key].is_string()) {
        return "fleet." + key; // a theme whose strings.json lacks it: visible, not silent
    }
    return charts::detail::substitute((*strings)[key].get<std::string>(), args);
}

std::string FleetText::value(std::size_t headline, double value) const {
    return measure::format_quantity(value, headlines()[headline].unit, *strings_).text;
}

std::string FleetText::signed_percent(double share) {
    const double percent = std::round(share * 1000) / 10;
    std::string number = measure::format_number(std::abs(percent));
    if (number.find('.') == std::string::npos && std::abs(percent) < 100) {
        number += ".0";
    }
    return (percent < 0 ? "\u2212" : "+") + number + "\u00a0%";
}

std::string FleetText::type(const fleet::NodeType& type) const {
    return fleet::type_name(type, (*this)("cpu_only"));
}

std::vector<std::size_t> shown_headlines(const FleetData& fleet) {
    std::vector<std::size_t> shown;
    for (std::size_t h = 0; h < headlines().size(); ++h) {
        if (std::any_of(fleet.folder.rows.begin(), fleet.folder.rows.end(),
                        [&](const auto& row) { return row.figures[h].has_value(); })) {
            shown.push_back(h);
        }
    }
    return shown;
}

json types_view(const FleetData& fleet, const FleetText& text) {
    // One column per type, one row per count and figure: a handful of types read across.
    const auto& types = fleet.analysis.types;
    json names = json::array(), rows = json::array();
    for (const auto& type : types) {
        names.push_back({{"name", text.type(type)}});
    }
    json nodes = json::array();
    for (const auto& type : types) {
        nodes.push_back(
            text("node_counts", {std::to_string(type.rows.size()), std::to_string(type.ok),
                                 std::to_string(type.failed), std::to_string(type.missing)}));
    }
    rows.push_back({{"label", text("nodes")}, {"cells", std::move(nodes)}});
    for (const auto h : shown_headlines(fleet)) {
        json cells = json::array();
        for (const auto& type : types) {
            const auto& s = type.spread[h];
            const auto median = s ? text.value(h, s->median) : "";
            char sigma[16] = "";
            if (s) {
                std::snprintf(sigma, sizeof sigma, "%.1f", s->sigma * 100);
            }
            cells.push_back(!s ? text("too_few")
                            : s->nodes == type.rows.size()
                                ? text("spread", {median, sigma})
                                : text("spread_nodes", {median, sigma, std::to_string(s->nodes)}));
        }
        rows.push_back({{"label", text(std::string("figure_") + headlines()[h].key)},
                        {"cells", std::move(cells)}});
    }
    return {{"types", std::move(names)}, {"rows", std::move(rows)}};
}

json outliers_view(const FleetData& fleet, const FleetText& text) {
    const auto& analysis = fleet.analysis;
    json outliers = json::array();
    for (const auto& outlier : analysis.outliers) {
        const auto& row = fleet.folder.rows[outlier.row];
        const auto& type = analysis.types[analysis.type_of[outlier.row]];
        json faults = json::array();
        if (outlier.gpus_missing > 0) {
            faults.push_back(
                text("gpus_missing", {std::to_string(row.gpus), std::to_string(type.gpus)}));
        }
        for (const auto& deviation : outlier.at_fault) {
            const auto& figure = row.figures[deviation.headline];
            faults.push_back(text(
                "deviation",
                {text(std::string("figure_") + headlines()[deviation.headline].key),
                 text.value(deviation.headline, deviation.value) +
                     (figure && figure->gpu >= 0 ? text("worst_gpu", {std::to_string(figure->gpu)})
                                                 : ""),
                 FleetText::signed_percent(deviation.relative),
                 text.value(deviation.headline, deviation.median),
                 measure::format_number(deviation.score)}));
        }
        outliers.push_back({{"host", row.host}, {"type", text.type(type)}, {"faults", faults}});
    }
    return {{"has_outliers", !outliers.empty()}, {"outliers", std::move(outliers)}};
}

json missing_view(const FleetData& fleet, const FleetText& text) {
    json missing = json::array();
    for (const auto& node : fleet.analysis.missing) {
        missing.push_back(
            {{"node", node.node},
             {"task", node.task},
             {"reason", node.reason},
             {"earlier",
              node.row ? text("earlier_from", {fleet.folder.rows[*node.row].date.substr(0, 10)})
                       : text("earlier_none")}});
    }
    const auto& latest = fleet.folder.latest;
    return {{"has_missing", !missing.empty()},
            {"missing", std::move(missing)},
            {"message", latest ? text("no_missing") : text("no_collection")}};
}

json drift_view(const FleetData& fleet, const FleetText& text) {
    json drift = json::array();
    for (const auto& item : fleet.analysis.drift) {
        const auto& type = fleet.analysis.types[fleet.analysis.type_of[item.row]];
        drift.push_back(
            {{"host", fleet.folder.rows[item.row].host},
             {"type", text.type(type)},
             {"setting", text("field_" + item.field)},
             {"value", item.value},
             {"usual", text("usual_count", {item.usual.value, std::to_string(item.usual.count),
                                            std::to_string(item.usual.of)})}});
    }
    return {{"has_drift", !drift.empty()}, {"drift", std::move(drift)}};
}

json changes_view(const FleetData& fleet, const FleetText& text) {
    const auto& analysis = fleet.analysis;
    json view = {{"has_previous", analysis.has_previous}};
    if (!analysis.has_previous) {
        return view;
    }
    struct Item {
        std::size_t row;
        const fleet::Change* change;
    };
    std::vector<Item> items;
    for (std::size_t r = 0; r < analysis.change.size(); ++r) {
        for (const auto& change : analysis.change[r]) {
            if (change.beyond) {
                items.push_back({r, &change});
            }
        }
    }
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
        return std::abs(a.change->relative) > std::abs(b.change->relative);
    });
    json changes = json::array();
    for (const auto& [row, change] : items) {
        changes.push_back(
            {{"host", fleet.folder.rows[row].host},
             {"figure", text(std::string("figure_") + headlines()[change->headline].key)},
             {"before", text.value(change->headline, change->before)},
             {"now", text.value(change->headline, change->after)},
             {"change", FleetText::signed_percent(change->relative)}});
    }
    const auto& previous = *fleet.folder.previous;
    view["note"] = text("changes_note", {previous.job, previous.date.substr(0, 10)});
    view["has_changes"] = !changes.empty();
    view["changes"] = std::move(changes);
    view["new_hosts"] = names_view(analysis.new_hosts, text, view, "new_more");
    view["gone_hosts"] = names_view(analysis.gone_hosts, text, view, "gone_more");
    return view;
}

namespace {

/// fleet/host-table's rows as kainjow's data. The strings that repeat from row to row (statuses,
/// shares of the datasheet) are worded once per table.
class HostRows {
  public:
    HostRows(const FleetData& fleet, const FleetText& text)
        : fleet_(fleet), text_(text), shown_(shown_headlines(fleet)), status_ok_(text("status_ok")),
          status_missing_(text("status_missing")) {
        for (const auto& outlier : fleet.analysis.outliers) {
            auto& flags = at_fault_[outlier.row];
            flags.resize(headlines().size());
            for (const auto& deviation : outlier.at_fault) {
                flags[deviation.headline] = true;
            }
        }
    }

    const std::vector<std::size_t>& shown() const { return shown_; }

    view::Data row(std::size_t r) {
        const auto& row = fleet_.folder.rows[r];
        const auto fault = at_fault_.find(r);
        auto cells = view::list(shown_.size());
        for (const auto h : shown_) {
            view::push(cells, cell(r, h, fault != at_fault_.end() && fault->second[h]));
        }
        std::string failed;
        for (const auto& probe : row.failed) {
            failed += (failed.empty() ? "" : ", ") + probe;
        }
        const auto status = fleet_.analysis.status[r];
        auto host = view::object();
        view::set(host, "host", view::text(row.host));
        view::set(host, "status",
                  view::text(status == fleet::Status::Missing  ? status_missing_
                             : status == fleet::Status::Failed ? text_("status_failed", {failed})
                                                               : status_ok_));
        view::set(host, "gpus", view::text(std::to_string(row.gpus)));
        view::set(host, "driver", view::text(row.driver.empty() ? "—" : row.driver));
        view::set(host, "cuda", view::text(row.cuda.empty() ? "—" : row.cuda));
        view::set(host, "vbios", view::text(row.vbios.empty() ? "—" : row.vbios));
        view::set(host, "ecc", view::text(row.ecc.empty() ? "—" : row.ecc));
        view::set(host, "cells", std::move(cells));
        view::set(host, "date", view::text(row.date.substr(0, 10)));
        view::set(host, "file", view::text(row.file));
        return host;
    }

  private:
    // Two strings a cell (a 20,000-node fleet has 180,000 cells): the figure, and the share of
    // the datasheet with the change since the previous document.
    view::Data cell(std::size_t r, std::size_t h, bool at_fault) {
        const auto& figure = fleet_.folder.rows[r].figures[h];
        auto cell = view::object();
        view::set(cell, "text", view::text(figure ? text_.value(h, figure->value) : "—"));
        std::string note;
        if (figure && figure->share) {
            const int percent = static_cast<int>(*figure->share * 100 + 0.5);
            auto& worded = share_notes_[percent];
            if (worded.empty()) {
                worded = text_("share", {std::to_string(percent) + "\u00a0%"});
            }
            note = worded;
        }
        for (const auto& change : fleet_.analysis.change[r]) {
            if (change.headline == h && std::abs(change.relative) >= 0.0005) {
                note += note.empty() ? "" : " ";
                note += FleetText::signed_percent(change.relative);
            }
        }
        if (!note.empty()) {
            view::set(cell, "note", view::text(std::move(note)));
        }
        if (at_fault) {
            view::set(cell, "at_fault", view::Data{true});
        }
        return cell;
    }

    const FleetData& fleet_;
    const FleetText& text_;
    std::vector<std::size_t> shown_;
    std::map<std::size_t, std::vector<bool>> at_fault_; // by row: the headlines at fault
    std::string status_ok_, status_missing_;
    std::map<int, std::string> share_notes_; // by whole percent
};

} // namespace

std::string host_table_html(const FleetData& fleet, const FleetText& text,
                            const Templates& templates, const std::vector<std::size_t>& rows,
                            const SharedView& ui) {
    HostRows host_rows(fleet, text);
    auto hosts = view::list(rows.size());
    for (const auto r : rows) {
        view::push(hosts, host_rows.row(r));
    }
    auto figures = view::list(host_rows.shown().size());
    for (const auto h : host_rows.shown()) {
        auto label = view::object();
        view::set(label, "label", view::text(text(std::string("figure_") + headlines()[h].key)));
        view::push(figures, std::move(label));
    }
    auto table = view::object();
    view::set(table, "figures", std::move(figures));
    view::set(table, "hosts", std::move(hosts));
    return templates.render_view("fleet/host-table", table, &ui);
}

} // namespace gpuguide::render
