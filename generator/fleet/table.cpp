// The fleet's whole table for an operator's own tools: LANG/fleet.csv and LANG/fleet.json, the
// same bytes in every language (names and figures, no prose). Figures are in each headline's
// unit (fleet.json's "units"); vs_type is (value - type median) / median; change is since the
// node's previous document.
#include "fleet/table.hpp"

#include "fleet/json_text.hpp"
#include "measure/store.hpp"
#include "numbers/format.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace gpuguide::fleet {
namespace {

using nlohmann::json;

const char* status_name(Status status) {
    switch (status) {
    case Status::Ok:
        return "ok";
    case Status::Failed:
        return "failed";
    case Status::Missing:
        return "missing";
    }
    return "?";
}

// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
std::string field(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text) {
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return quoted + "\"";
}

std::string number(double value) {
    return numbers::general(value, 6);
}

struct Derived {
    std::optional<double> vs_type, change;
    bool flagged = false;
};

// Per row and headline: the figure against its type's median, the change since the previous
// document, and whether it is among the figures at fault.
std::vector<std::vector<Derived>> derived(const FleetFolder& folder, const Analysis& analysis) {
    std::vector<std::vector<Derived>> all(folder.rows.size(),
                                          std::vector<Derived>(headlines().size()));
    for (std::size_t r = 0; r < all.size(); ++r) {
        const auto& type = analysis.types[analysis.type_of[r]];
        for (std::size_t h = 0; h < headlines().size(); ++h) {
            const auto& figure = folder.rows[r].figures[h];
            if (figure && type.spread[h] && type.spread[h]->median > 0) {
                all[r][h].vs_type =
                    (figure->value - type.spread[h]->median) / type.spread[h]->median;
            }
        }
        for (const auto& change : analysis.change[r]) {
            all[r][change.headline].change = change.relative;
        }
    }
    for (const auto& outlier : analysis.outliers) {
        for (const auto& deviation : outlier.at_fault) {
            all[outlier.row][deviation.headline].flagged = true;
        }
    }
    return all;
}

} // namespace

std::string table_csv(const FleetFolder& folder, const Analysis& analysis) {
    std::string csv = "host,type,status,gpus,gpu_model,cpu,driver,cuda,vbios,ecc,date,file";
    for (const auto& headline : headlines()) {
        const std::string key = headline.key;
        csv += "," + key + "," + key + "_share_of_datasheet," + key + "_vs_type," + key + "_change";
    }
    csv += ",gpus_missing,flagged\n";
    const auto extra = derived(folder, analysis);
    std::vector<int> gpus_missing(folder.rows.size(), 0);
    for (const auto& outlier : analysis.outliers) {
        gpus_missing[outlier.row] = outlier.gpus_missing;
    }
    auto optional = [](const std::optional<double>& value) {
        return value ? number(*value) : std::string();
    };
    for (std::size_t r = 0; r < folder.rows.size(); ++r) {
        const auto& row = folder.rows[r];
        const auto& type = analysis.types[analysis.type_of[r]];
        csv += field(row.host) + "," + field(type_name(type, "CPU only")) + "," +
               status_name(analysis.status[r]) + "," + std::to_string(row.gpus) + "," +
               field(row.gpu_model) + "," + field(row.cpu) + "," + field(row.driver) + "," +
               field(row.cuda) + "," + field(row.vbios) + "," + field(row.ecc) + "," +
               field(row.date) + "," + field(row.file);
        std::string flagged;
        for (std::size_t h = 0; h < headlines().size(); ++h) {
            const auto& figure = row.figures[h];
            csv += "," + (figure ? number(figure->value) : "") + "," +
                   (figure ? optional(figure->share) : "") + "," + optional(extra[r][h].vs_type) +
                   "," + optional(extra[r][h].change);
            if (extra[r][h].flagged) {
                flagged += (flagged.empty() ? "" : " ") + std::string(headlines()[h].key);
            }
        }
        csv += "," + std::to_string(gpus_missing[r]) + "," + field(flagged) + "\n";
    }
    return csv;
}

namespace {

// One node type's line: its counts, driver and each headline's spread.
json type_json(const NodeType& type) {
    json spread = json::object();
    for (std::size_t h = 0; h < headlines().size(); ++h) {
        if (type.spread[h]) {
            spread[headlines()[h].key] = {{"median", type.spread[h]->median},
                                          {"robust_sd", type.spread[h]->sigma},
                                          {"nodes", type.spread[h]->nodes}};
        }
    }
    return json{{"type", type_name(type, "CPU only")},
                {"nodes", type.rows.size()},
                {"ok", type.ok},
                {"failed", type.failed},
                {"missing", type.missing},
                {"driver", type.driver.value},
                {"figures", std::move(spread)}};
}

// One host's entry of fleet.json, written straight into the text (json_text.hpp) rather than built
// as a tree and dumped: members in nlohmann's (sorted) order, so the bytes are dump()'s.
class HostWriter {
  public:
    explicit HostWriter(std::string& out) : json_(out) {}

    void host(const HostRow& row, const std::string& type, const char* status,
              const std::vector<Derived>& extra) {
        // Sorted: cpu, cuda, date, driver, ecc, failed_probes, figures, file, gpu_model, gpus,
        // host, status, type, vbios.
        json_.out() += '{';
        json_.member("cpu", row.cpu, true);
        json_.member("cuda", row.cuda);
        json_.member("date", row.date);
        json_.member("driver", row.driver);
        json_.member("ecc", row.ecc);
        json_.member("failed_probes", row.failed);
        json_.key("figures");
        figures(row, extra);
        json_.member("file", row.file);
        json_.member("gpu_model", row.gpu_model);
        json_.member("gpus", row.gpus);
        json_.member("host", row.host);
        json_.member("status", status);
        json_.member("type", type);
        json_.member("vbios", row.vbios);
        json_.out() += '}';
    }

  private:
    // The figures by headline key (sorted), each: change, flagged, gpu, share_of_datasheet,
    // value, vs_type.
    void figures(const HostRow& row, const std::vector<Derived>& extra) {
        auto& out = json_.out();
        out += '{';
        bool first = true;
        for (const auto h : sorted_headlines()) {
            const auto& figure = row.figures[h];
            if (!figure) {
                continue;
            }
            json_.key(headlines()[h].key, std::exchange(first, false));
            out += '{';
            bool first_member = true;
            const auto optional = [&](const char* name, const std::optional<double>& value) {
                if (value) {
                    json_.member(name, *value, std::exchange(first_member, false));
                }
            };
            optional("change", extra[h].change);
            json_.member("flagged", extra[h].flagged, std::exchange(first_member, false));
            if (figure->gpu >= 0) {
                json_.member("gpu", figure->gpu);
            }
            optional("share_of_datasheet", figure->share);
            json_.member("value", figure->value);
            optional("vs_type", extra[h].vs_type);
            out += '}';
        }
        out += '}';
    }

    // Headline indices in the order of their keys.
    static const std::vector<std::size_t>& sorted_headlines() {
        static const auto order = [] {
            std::vector<std::size_t> indices(headlines().size());
            std::iota(indices.begin(), indices.end(), std::size_t{0});
            std::sort(indices.begin(), indices.end(), [](std::size_t a, std::size_t b) {
                return std::string_view(headlines()[a].key) < std::string_view(headlines()[b].key);
            });
            return indices;
        }();
        return order;
    }

    JsonText json_;
};

} // namespace

std::string table_json(const FleetFolder& folder, const Analysis& analysis) {
    json units = json::object(), types = json::array();
    for (const auto& headline : headlines()) {
        units[headline.key] = headline.unit;
    }
    for (const auto& type : analysis.types) {
        types.push_back(type_json(type));
    }
    json missing = json::array();
    for (const auto& node : analysis.missing) {
        missing.push_back({{"node", node.node}, {"task", node.task}, {"reason", node.reason}});
    }
    constexpr auto dump = [](const json& value) {
        return value.dump(-1, ' ', false, json::error_handler_t::replace);
    };
    // The hosts' array is written one host at a time into the rest's text, where the empty array
    // stands (`"hosts":[]` cannot occur inside a string, whose quotes are escaped): the same
    // bytes as one tree, without a tree of 20,000 hosts held whole.
    std::string text = dump(json{{"threshold", analysis.options.threshold},
                                 {"min_spread", analysis.options.min_spread},
                                 {"units", std::move(units)},
                                 {"types", std::move(types)},
                                 {"missing", std::move(missing)},
                                 {"new", analysis.new_hosts},
                                 {"gone", analysis.gone_hosts},
                                 {"hosts", json::array()}});
    constexpr std::string_view kEmpty = "\"hosts\":[]";
    const auto at = text.find(kEmpty) + kEmpty.size() - 1; // at the array's closing bracket
    std::string all = text.substr(0, at);
    all.reserve(text.size() + folder.rows.size() * 1024);
    const auto extra = derived(folder, analysis);
    HostWriter writer(all);
    for (std::size_t r = 0; r < folder.rows.size(); ++r) {
        all += r == 0 ? "" : ",";
        writer.host(folder.rows[r], type_name(analysis.types[analysis.type_of[r]], "CPU only"),
                    status_name(analysis.status[r]), extra[r]);
    }
    all.append(text, at, std::string::npos);
    return all + "\n";
}

} // namespace gpuguide::fleet
