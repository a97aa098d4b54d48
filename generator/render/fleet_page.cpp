// The fleet page (site/<lang>/fleet.html): every host under content/measurements/fleet/ side by
// side. One row per host, grouped by node type (GPU model and count, CPU) and sorted by host
// name; the headline figures with their share of the GPU's datasheet peak, hosts under 80 %
// marked; one bar chart per headline figure; a provenance line per host. Every string that comes
// from a document is escaped here.
#include "markdown/markdown.hpp"
#include "measure/store.hpp"
#include "render/internal.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#if GPUGUIDE_HAVE_CHARTS
#include "charts/chart.hpp"
#include "directives/chart_strings.hpp"
#endif

namespace gpuguide::render {
namespace {

using markdown::escape_html;
using measure::HostDocument;
using nlohmann::json;

/// A figure the page compares; `peak` points into gpu.specs' result ("" when there is none).
struct Headline {
    const char* en;
    const char* zh;
    const char* probe;
    const char* pointer;
    const char* peak;
};

constexpr Headline kHeadlines[] = {
    {"Memory bandwidth (STREAM triad)", "显存带宽（STREAM triad）", "gpu.stream",
     "/devices/0/triad", "/devices/0/peak/memory_bandwidth"},
    {"Pinned host-to-device copy", "锁页内存主机到设备拷贝", "gpu.transfer",
     "/devices/0/peak/h2d_pinned", "/devices/0/peak/pcie_bandwidth"},
    {"GEMM BF16", "GEMM BF16", "gpu.gemm", "/devices/0/precisions/bf16/best",
     "/devices/0/peak/bf16_tensor"},
    {"GEMM FP8", "GEMM FP8", "gpu.gemm", "/devices/0/precisions/fp8/best",
     "/devices/0/peak/fp8_tensor"},
    {"GEMM FP32", "GEMM FP32", "gpu.gemm", "/devices/0/precisions/fp32/best",
     "/devices/0/peak/fp32"},
    {"Kernel launch latency", "内核启动延迟", "gpu.latency", "/devices/0/launch", ""},
    {"Energy efficiency", "能效", "gpu.power", "/devices/0/efficiency", ""},
    {"CPU memory bandwidth (STREAM triad)", "CPU 内存带宽（STREAM triad）", "cpu.stream", "/triad",
     ""},
    {"CPU GEMM FP64", "CPU GEMM FP64", "cpu.gemm", "/fp64", ""},
};

/// Below this share of the datasheet peak a host is marked as worth a look.
constexpr double kLowShare = 0.8;
/// Above this many hosts the charts show one bar per node type (the median), not per host.
constexpr std::size_t kChartHostsMax = 40;

std::string text_at(const json& document, const char* pointer) {
    const json::json_pointer path(pointer);
    if (document.contains(path) && document.at(path).is_string()) {
        return markdown::without_control_characters(document.at(path).get<std::string>());
    }
    return "";
}

/// "2 × NVIDIA H100 80GB HBM3" from provenance.gpus; "" without GPUs.
std::string gpus_of(const json& document) {
    const json::json_pointer path("/provenance/gpus");
    if (!document.contains(path) || !document.at(path).is_array() || document.at(path).empty()) {
        return "";
    }
    const auto& gpus = document.at(path);
    const auto first =
        gpus.front().is_object() && gpus.front().contains("name") &&
                gpus.front()["name"].is_string()
            ? markdown::without_control_characters(gpus.front()["name"].get<std::string>())
            : std::string("?");
    return gpus.size() == 1 ? first : std::to_string(gpus.size()) + " × " + first;
}

/// The node type rows are grouped by: GPUs (model and count), then the CPU.
std::string type_of(const json& document) {
    const auto gpus = gpus_of(document);
    const auto cpu = text_at(document, "/provenance/cpu");
    return (gpus.empty() ? std::string("CPU only") : gpus) + " · " + (cpu.empty() ? "?" : cpu);
}

struct Cell {
    std::optional<double> number; // in `unit`
    std::string unit, text;
    std::optional<double> share; // of the datasheet peak
};

Cell cell(const measure::Store& store, const HostDocument& host, const Headline& headline,
          std::string_view lang) {
    Cell result;
    try {
        const auto probe = store.probe(host.host, headline.probe);
        const auto* value = store.value(probe, headline.pointer);
        if (value == nullptr || !measure::numeric(*value)) {
            return result;
        }
        const auto formatted = measure::format_value(*value, ui::Strings::built_in(lang));
        result.text = formatted.text;
        result.number = measure::numeric(*value);
        result.unit = measure::unit_of(*value);
        if (*headline.peak != '\0') {
            const auto specs = store.probe(host.host, "gpu.specs");
            const auto* peak = store.value(specs, headline.peak);
            if (peak != nullptr && measure::numeric(*peak) && *measure::numeric(*peak) > 0) {
                const auto in_peak_unit =
                    measure::convert_unit(*result.number, result.unit, measure::unit_of(*peak));
                if (in_peak_unit) {
                    result.share = *in_peak_unit / *measure::numeric(*peak);
                }
            }
        }
    } catch (const measure::LookupError&) {
        // No such probe or member in this document: the cell stays empty ("—").
    }
    return result;
}

std::string percent(double share) {
    return std::to_string(static_cast<int>(share * 100 + 0.5)) + " %";
}

} // namespace

bool has_fleet(const measure::Store& store) {
    return std::any_of(store.references().begin(), store.references().end(),
                       [](const HostDocument& d) { return d.origin == measure::Origin::Fleet; });
}

std::string fleet_title(std::string_view lang) {
    return lang == "zh" ? "集群节点对比" : "Fleet";
}

std::string fleet_html(const measure::Store& store, std::string_view lang) {
    const bool zh = lang == "zh";
    // Each host's node type is worked out once: at 1,000 hosts, in the sort's comparator it was a
    // tenth of the whole build (bench/fleet).
    std::vector<std::pair<std::string, const HostDocument*>> typed;
    for (const auto& document : store.references()) {
        if (document.origin == measure::Origin::Fleet) {
            typed.emplace_back(type_of(document.json), &document);
        }
    }
    std::stable_sort(typed.begin(), typed.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first, a.second->host) < std::tie(b.first, b.second->host);
    });
    std::vector<const HostDocument*> hosts;
    std::vector<std::string> types; // types[h] is hosts[h]'s
    std::map<std::string, std::size_t> per_type;
    for (auto& [type, host] : typed) {
        ++per_type[type];
        hosts.push_back(host);
        types.push_back(std::move(type));
    }

    // Which headline columns any host has a figure for: no column of dashes only.
    std::vector<std::vector<Cell>> cells(hosts.size());
    std::vector<bool> shown(std::size(kHeadlines), false);
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        for (std::size_t k = 0; k < std::size(kHeadlines); ++k) {
            cells[h].push_back(cell(store, *hosts[h], kHeadlines[k], lang));
            shown[k] = shown[k] || cells[h][k].number.has_value();
        }
    }

    std::string html = "<h1>" + escape_html(fleet_title(lang)) + "</h1>\n";
    html += "<p>" +
            escape_html(
                zh ? std::to_string(hosts.size()) + " 台主机，" + std::to_string(per_type.size()) +
                         " 种节点类型（GPU 型号与数量、CPU）。数据来自 "
                         "content/measurements/fleet/（gpuguide fleet）。"
                   : std::to_string(hosts.size()) + " host" + (hosts.size() == 1 ? "" : "s") +
                         " of " + std::to_string(per_type.size()) + " node type" +
                         (per_type.size() == 1 ? "" : "s") +
                         " (GPU model and count, CPU), from content/measurements/fleet/ "
                         "(gpuguide fleet).") +
            "</p>\n";

    // Hosts: what each one is.
    html += "<h2 id=\"fleet-hosts\">" + escape_html(zh ? "主机" : "Hosts") + "</h2>\n";
    html += "<div class=\"table-wrap\"><table class=\"fleet-hosts\">\n<thead><tr>";
    for (const char* header : {zh ? "主机" : "Host", "GPU", "CPU", zh ? "驱动" : "Driver", "CUDA",
                               zh ? "测量日期" : "Measured"}) {
        html += "<th scope=\"col\">" + escape_html(header) + "</th>";
    }
    html += "</tr></thead>\n";
    std::string type;
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        const auto* host = hosts[h];
        if (types[h] != type) {
            // One <tbody> per node type, its first row the type: a row group the header names.
            html += type.empty() ? "" : "</tbody>\n";
            type = types[h];
            html += "<tbody>\n<tr class=\"fleet-type\"><th colspan=\"6\" scope=\"rowgroup\">" +
                    escape_html(type) + " (" + std::to_string(per_type[type]) + ")</th></tr>\n";
        }
        const auto& d = host->json;
        auto cuda = text_at(d, "/provenance/cuda_runtime");
        cuda = cuda.empty() ? text_at(d, "/provenance/cuda_driver") : cuda;
        html += "<tr><th scope=\"row\">" + escape_html(host->host) + "</th><td>" +
                escape_html(gpus_of(d).empty() ? "—" : gpus_of(d)) + "</td><td>" +
                escape_html(text_at(d, "/provenance/cpu")) + "</td><td>" +
                escape_html(text_at(d, "/provenance/driver").empty()
                                ? "—"
                                : text_at(d, "/provenance/driver")) +
                "</td><td>" + escape_html(cuda.empty() ? "—" : cuda) + "</td><td>" +
                escape_html(text_at(d, "/provenance/date").substr(0, 10)) + "</td></tr>\n";
    }
    html += "</tbody></table></div>\n";

    // Headline figures side by side.
    html += "<h2 id=\"fleet-figures\">" + escape_html(zh ? "主要指标" : "Headline figures") +
            "</h2>\n<p>" +
            escape_html(zh ? "括号内为该 GPU 数据手册峰值的百分比；低于 80 % 的标记为 ⚠，值得检查。"
                           : "In brackets: the share of that GPU's datasheet peak; under 80 % is "
                             "marked ⚠, worth a look.") +
            "</p>\n<div class=\"table-wrap\"><table class=\"fleet-figures\">\n<thead><tr><th "
            "scope=\"col\">" +
            escape_html(zh ? "主机" : "Host") + "</th>";
    for (std::size_t k = 0; k < std::size(kHeadlines); ++k) {
        if (shown[k]) {
            html += "<th scope=\"col\">" + escape_html(zh ? kHeadlines[k].zh : kHeadlines[k].en) +
                    "</th>";
        }
    }
    html += "</tr></thead>\n";
    const auto columns = 1 + std::count(shown.begin(), shown.end(), true);
    type.clear();
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        if (types[h] != type) {
            html += type.empty() ? "" : "</tbody>\n";
            type = types[h];
            html += "<tbody>\n<tr class=\"fleet-type\"><th colspan=\"" + std::to_string(columns) +
                    "\" scope=\"rowgroup\">" + escape_html(type) + "</th></tr>\n";
        }
        html += "<tr><th scope=\"row\">" + escape_html(hosts[h]->host) + "</th>";
        for (std::size_t k = 0; k < std::size(kHeadlines); ++k) {
            if (!shown[k]) {
                continue;
            }
            const auto& c = cells[h][k];
            if (!c.number) {
                html += "<td class=\"missing\">—</td>";
                continue;
            }
            const bool low = c.share && *c.share < kLowShare;
            html += std::string("<td") + (low ? " class=\"fleet-low\"" : "") + ">" +
                    escape_html(c.text) +
                    (c.share ? escape_html(" (" + percent(*c.share) + ")") : "") +
                    (low ? " <span title=\"" +
                               escape_html(zh ? "低于数据手册峰值的 80 %"
                                              : "under 80 % of the datasheet peak") +
                               "\">⚠</span>"
                         : "") +
                    "</td>";
        }
        html += "</tr>\n";
    }
    html += "</tbody></table></div>\n";

#if GPUGUIDE_HAVE_CHARTS
    // One bar chart per headline figure: per host, or per node type (median) for a large fleet.
    const bool by_type = hosts.size() > kChartHostsMax;
    int chart_number = 0;
    for (std::size_t k = 0; k < std::size(kHeadlines); ++k) {
        if (!shown[k]) {
            continue;
        }
        charts::ChartSpec spec;
        spec.kind = charts::Kind::Bar;
        spec.id = "fleet-chart-" + std::to_string(++chart_number);
        spec.title = zh ? kHeadlines[k].zh : kHeadlines[k].en;
        charts::Series series;
        std::string unit;
        std::map<std::string, std::vector<double>> by_type_values;
        for (std::size_t h = 0; h < hosts.size(); ++h) {
            const auto& c = cells[h][k];
            if (!c.number) {
                continue;
            }
            if (unit.empty()) {
                unit = c.unit;
            }
            const auto value = measure::convert_unit(*c.number, c.unit, unit);
            if (!value) {
                continue;
            }
            if (by_type) {
                by_type_values[types[h]].push_back(*value);
            } else {
                series.points.push_back(
                    {0, *value, hosts[h]->host, c.share && *c.share < kLowShare});
            }
        }
        for (auto& [name, values] : by_type_values) {
            std::sort(values.begin(), values.end());
            series.points.push_back({0, values[values.size() / 2], name, false});
        }
        spec.description = zh ? (by_type ? "每种节点类型的中位数" : "每台主机一根柱")
                              : (by_type ? "median per node type" : "one bar per host");
        spec.y.label = spec.title;
        spec.y.unit = unit;
        spec.y.min = 0;
        spec.series.push_back(std::move(series));
        html += charts::render_figure(spec, directives::chart_strings(ui::Strings::built_in(lang)));
    }
#endif

    // Provenance: where each host's figures come from.
    html += "<h2 id=\"fleet-provenance\">" + escape_html(zh ? "数据来源" : "Provenance") +
            "</h2>\n<ul class=\"fleet-provenance\">\n";
    for (const auto* host : hosts) {
        const auto& d = host->json;
        std::string line = host->host + ": " + (zh ? "测量于 " : "measured ") +
                           text_at(d, "/provenance/date") + " · gpuguide-probe " +
                           text_at(d, "/provenance/probe_version");
        if (const auto command = text_at(d, "/provenance/command"); !command.empty()) {
            line += " · `" + command + "`";
        }
        if (const auto compiler = text_at(d, "/provenance/compiler"); !compiler.empty()) {
            line += " · " + compiler;
        }
        line += " · " + host->file.filename().generic_string();
        html += "<li class=\"provenance provenance-fleet\">" + escape_html(line) + "</li>\n";
    }
    return html + "</ul>\n";
}

} // namespace gpuguide::render
