// Helpers shared by the chart tests (charts_test.cpp, roofline_test.cpp): sample specs, and checks
// that a rendered figure is well-formed XML with finite numbers.
#pragma once

#include "built_in_theme.hpp"
#include "charts/chart.hpp"
#include "charts/roofline_math.hpp"
#include "charts/scale.hpp"
#include "charts/text.hpp"
#include "directives/chart_strings.hpp"
#include "gpuguide_catch.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <regex>
#include <string>
#include <vector>

namespace gg_charts_test {

using namespace gpuguide::charts;
using namespace gpuguide::charts::detail;

/// The figure with the built-in theme's words in `lang`, as a page of that language gets it.
inline std::string render_figure(const ChartSpec& spec, const std::string& lang) {
    return gpuguide::charts::render_figure(
        spec, gpuguide::directives::chart_strings(gpuguide::ui::Strings::built_in(lang)),
        gpuguide::test::built_in_templates());
}

inline std::vector<std::string> labels_of(const std::vector<Tick>& ticks) {
    std::vector<std::string> labels;
    for (const auto& tick : ticks) {
        labels.push_back(tick.label);
    }
    return labels;
}

inline std::size_t count(const std::string& haystack, const std::string& needle) {
    std::size_t n = 0;
    for (auto pos = haystack.find(needle); pos != std::string::npos;
         pos = haystack.find(needle, pos + needle.size())) {
        ++n;
    }
    return n;
}

inline bool have_xmllint() {
    return std::system("command -v xmllint >/dev/null 2>&1") == 0;
}

/// Well-formedness without xmllint: every tag closes in order, no stray '<' or '&'.
inline bool balanced_tags(const std::string& xml) {
    std::vector<std::string> open;
    for (std::size_t pos = 0; pos < xml.size(); ++pos) {
        if (xml[pos] == '&') {
            const auto end = xml.find(';', pos);
            const std::string entity =
                xml.substr(pos, end == std::string::npos ? 0 : end - pos + 1);
            if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" &&
                entity != "&#39;") {
                return false;
            }
        }
        if (xml[pos] != '<') {
            continue;
        }
        const auto end = xml.find('>', pos);
        if (end == std::string::npos) {
            return false;
        }
        std::string tag = xml.substr(pos + 1, end - pos - 1);
        pos = end;
        if (tag.back() == '/') {
            continue;
        }
        const std::string name =
            tag.substr(tag[0] == '/' ? 1 : 0, tag.find_first_of(" \n") - (tag[0] == '/' ? 1 : 0));
        if (tag[0] == '/') {
            if (open.empty() || open.back() != name) {
                return false;
            }
            open.pop_back();
        } else {
            open.push_back(name);
        }
    }
    return open.empty();
}

/// The whole figure is XHTML-compatible markup, so an XML parser must accept it.
inline void require_well_formed(const std::string& html) {
    REQUIRE(balanced_tags(html));
    if (!have_xmllint()) {
        WARN("xmllint not installed (scripts/deps.sh test installs libxml2-utils)");
        return;
    }
    const auto path = std::filesystem::temp_directory_path() /
                      ("charts_test_" + std::to_string(std::hash<std::string>{}(html)) + ".xml");
    std::ofstream(path, std::ios::binary) << html;
    const int status = std::system(("xmllint --noout '" + path.string() + "'").c_str());
    std::filesystem::remove(path);
    REQUIRE(status == 0);
}

/// Every number in an attribute must be finite: no "nan" or "inf" anywhere.
inline void require_finite_numbers(const std::string& html) {
    static const std::regex non_finite("(^|[^a-z])(nan|inf)([^a-z]|$)", std::regex::icase);
    REQUIRE_FALSE(std::regex_search(html, non_finite));
}

inline ChartSpec bar_chart() {
    ChartSpec spec;
    spec.kind = Kind::Bar;
    spec.id = "gemm-bars";
    spec.title = "GEMM throughput";
    spec.x.label = "Precision";
    spec.y = {"Throughput", false, std::nullopt, std::nullopt, "TFLOP/s"};
    spec.series.push_back({"Measured", {{0, 51.2, "FP32"}, {0, 380, "TF32"}, {0, 720, "BF16"}}});
    return spec;
}

inline ChartSpec scatter_chart(std::size_t points) {
    ChartSpec spec;
    spec.kind = Kind::Scatter;
    spec.id = "price-perf";
    spec.title = "Price vs FP32";
    spec.x = {"Launch price", true, std::nullopt, std::nullopt, "USD"};
    spec.y = {"FP32 (TFLOP/s)", true, std::nullopt, std::nullopt, "TFLOP/s"};
    Series nvidia{"NVIDIA", {}, false};
    Series amd{"AMD", {}, false};
    for (std::size_t i = 0; i < points; ++i) {
        const double v = 1.0 + static_cast<double>(i);
        Point p{200 * v, 2.5 * v, "Card " + std::to_string(i), i == points / 2};
        (i % 3 == 0 ? amd : nvidia).points.push_back(p);
    }
    spec.series = {nvidia, amd};
    return spec;
}

inline ChartSpec roofline_chart() {
    ChartSpec spec;
    spec.kind = Kind::Roofline;
    spec.id = "roofline";
    spec.title = "Roofline of this GPU";
    Roofline roof;
    roof.memory_bandwidth_gbs = 2000;
    roof.theoretical_bandwidth_gbs = 3350;
    roof.compute_tflops = {{"FP32", 50, false}, {"BF16", 600, false}, {"BF16", 989, true}};
    spec.roofline = roof;
    return spec;
}

inline ChartSpec line_chart() {
    ChartSpec spec;
    spec.kind = Kind::Line;
    spec.id = "transfer";
    spec.title = "Host to device bandwidth";
    spec.x = {"Transfer size", true, std::nullopt, std::nullopt, "bytes"};
    spec.y = {"Bandwidth", false, std::nullopt, std::nullopt, "GB/s"};
    Series pinned{"H2D pinned", {}, false};
    Series pageable{"H2D pageable", {}, true};
    for (int i = 10; i <= 30; i += 2) {
        const double bytes = std::pow(2.0, i);
        pinned.points.push_back({bytes, 25.0 * (1 - std::exp(-i / 8.0)), "", false});
        pageable.points.push_back({bytes, 12.0 * (1 - std::exp(-i / 8.0)), "", false});
    }
    spec.series = {pinned, pageable};
    return spec;
}

} // namespace gg_charts_test
