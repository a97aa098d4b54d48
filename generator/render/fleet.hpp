#pragma once
/// The fleet page of a build (render/fleet_page.cpp, render/fleet_view.cpp): the rows of
/// content/measurements/fleet/ and their comparison with peers and with the last collection,
/// rendered through the theme's fleet/*.mustache templates.
#include "fleet/peers.hpp"
#include "render/templates.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace gpuguide::render {

struct FleetData {
    fleet::FleetFolder folder;
    fleet::Analysis analysis;
    bool empty() const { return folder.rows.empty(); }
};

/// Reads the fleet folder (its documents validated where the latest collection's index does not
/// describe them; InputError naming the file) and compares every node.
FleetData load_fleet(const std::filesystem::path& dir, double threshold, unsigned jobs = 0);

/// Formats the theme's fleet strings and figures for one language.
class FleetText {
  public:
    explicit FleetText(const ui::Strings& strings);
    /// The string `key` of the theme's "fleet" strings, {0}, {1}, ... replaced.
    std::string operator()(const std::string& key,
                           std::initializer_list<std::string_view> args = {}) const;
    /// A headline's value in its unit, scaled for reading ("3.06 TB/s").
    std::string value(std::size_t headline, double value) const;
    /// "+17.6 %", "−15.0 %".
    static std::string signed_percent(double share);
    std::string type(const fleet::NodeType& type) const;
    const nlohmann::json& ui() const { return ui_; }
    const std::string& lang() const { return strings_->lang(); }
    const ui::Strings& strings() const { return *strings_; }

  private:
    const ui::Strings* strings_;
    nlohmann::json ui_; // {"fleet": the fleet strings, every layer's keys}
};

/// Headlines some node has a figure for (the columns shown).
std::vector<std::size_t> shown_headlines(const FleetData& fleet);

/// The view of each section template (fleet/types, outliers, missing, drift, changes).
nlohmann::json types_view(const FleetData& fleet, const FleetText& text);
nlohmann::json outliers_view(const FleetData& fleet, const FleetText& text);
nlohmann::json missing_view(const FleetData& fleet, const FleetText& text);
nlohmann::json drift_view(const FleetData& fleet, const FleetText& text);
nlohmann::json changes_view(const FleetData& fleet, const FleetText& text);
/// fleet/host-table rendered for the rows `rows`; `ui` holds {"ui": text.ui()}. Its view is built
/// as kainjow's data, not JSON: a 20,000-node fleet has 180,000 cells in each language.
std::string host_table_html(const FleetData& fleet, const FleetText& text,
                            const Templates& templates, const std::vector<std::size_t>& rows,
                            const SharedView& ui);

} // namespace gpuguide::render
