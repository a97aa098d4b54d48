// Roofline charts: ridge points, roofs and their labels on real GPUs' crowded roofs.
#include "chart_test_support.hpp"

#include <cctype>

using namespace gpuguide::charts;
using namespace gpuguide::charts::detail;
using namespace gg_charts_test;

namespace {

// How wide a label draws, estimated here and not with the charts' own text_width (a bug there
// would otherwise pass into the test): per character class, the advance widths of DejaVu Sans,
// the widest common system-ui fallback on Linux, in ems; wide (CJK) characters a full em.
double rendered_width(const std::string& text, double font_size) {
    double ems = 0;
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) { // a multi-byte UTF-8 character: 3 bytes from U+0800 (·, CJK)
            const std::size_t length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            ems += length >= 3 ? 1.0 : 0.5;
            i += length;
            continue;
        }
        ems += std::isdigit(c)   ? 0.64
               : std::isupper(c) ? 0.74
               : std::islower(c) ? 0.62
               : c == ' '        ? 0.32
                                 : 0.4;
        ++i;
    }
    return ems * font_size;
}

} // namespace

TEST_CASE("roofline ridge points follow from bandwidth and peak", "[charts][roofline]") {
    CHECK(ridge_point(50, 2000) == Approx(25));
    CHECK(ridge_point(989, 3350) == Approx(295.22).epsilon(1e-3));
    CHECK(attainable_tflops(25, 2000) == Approx(50));
    const std::string html = render_figure(roofline_chart(), "en");
    CHECK(html.find("FP32 50 TFLOP/s (ridge point 25 FLOP/byte)") != std::string::npos);
    CHECK(html.find("BF16 · theoretical 989 TFLOP/s (ridge point 295.2 FLOP/byte)") !=
          std::string::npos);
    CHECK(html.find("stroke-dasharray") != std::string::npos); // theoretical roofs dashed
    CHECK(count(html, "class=\"ridge\"") == 3);
    CHECK(html.find(">2000 GB/s</text>") != std::string::npos); // memory roof labelled
    CHECK(html.find("<th scope=\"row\">Memory bandwidth</th><td>2000 GB/s</td>") !=
          std::string::npos);
    require_well_formed(html);
    const std::string zh = render_figure(roofline_chart(), "zh");
    CHECK(zh.find("理论峰值") != std::string::npos);
    CHECK(zh.find("<summary>数据</summary>") != std::string::npos);

    ChartSpec broken = roofline_chart();
    broken.roofline->memory_bandwidth_gbs = std::nan("");
    broken.roofline->compute_tflops.push_back({"FP8", -1, false});
    const std::string degraded = render_figure(broken, "en");
    require_finite_numbers(degraded);
    require_well_formed(degraded);
    CHECK(degraded.find("1 missing or non-numeric values") != std::string::npos);
}

TEST_CASE("roofline labels never overlap, even with an H100's crowd of close roofs",
          "[charts][roofline]") {
    ChartSpec spec = roofline_chart();
    spec.roofline->memory_bandwidth_gbs = 3060;
    spec.roofline->theoretical_bandwidth_gbs = 3352;
    spec.roofline->compute_tflops = {
        {"fp32", 46.6, false}, {"fp32", 66.9, true}, {"tf32", 354, false}, {"tf32", 535, true},
        {"bf16", 718, false},  {"bf16", 1070, true}, {"fp8", 1305, false}, {"fp8", 2141, true}};
    const std::string html = render_figure(spec, "en");
    const auto group = html.find("class=\"roof-labels\"");
    REQUIRE(group != std::string::npos);
    const std::string labels = html.substr(group, html.find("</g>", group) - group);
    struct Box {
        double left, right, y;
    };
    std::vector<Box> boxes;
    const std::regex text_element(
        R"re(<text x="([-0-9.]+)" y="([-0-9.]+)"( text-anchor="end")?[^>]*>([^<]*)</text>)re");
    for (std::sregex_iterator it(labels.begin(), labels.end(), text_element), end; it != end;
         ++it) {
        const double x = std::stod((*it)[1]), width = rendered_width((*it)[4].str(), 10);
        const bool anchored_end = (*it)[3].matched;
        boxes.push_back(
            {anchored_end ? x - width : x, anchored_end ? x : x + width, std::stod((*it)[2])});
    }
    REQUIRE(boxes.size() == 8);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const bool share_x = boxes[i].left < boxes[j].right && boxes[j].left < boxes[i].right;
            INFO("labels " << i << " and " << j);
            CHECK((!share_x || std::abs(boxes[i].y - boxes[j].y) >= 11.9));
        }
    }
}

TEST_CASE("no roof line runs through a roofline label (the H200 reference's roofs)",
          "[charts][roofline]") {
    ChartSpec spec = roofline_chart();
    spec.roofline->memory_bandwidth_gbs = 4316;
    spec.roofline->theoretical_bandwidth_gbs = 4814;
    spec.roofline->compute_tflops = {{"fp32", 51.19, false}, {"fp32", 66.91, true},
                                     {"tf32", 352.6, false}, {"tf32", 535.3, true},
                                     {"bf16", 696.5, false}, {"bf16", 1070.5, true},
                                     {"fp8", 1260.6, false}, {"fp8", 2141.1, true}};
    for (const char* lang : {"en", "zh"}) {
        const std::string html = render_figure(spec, lang);
        std::vector<std::array<double, 3>> lines; // x0, x1, y
        const std::regex line_element(
            R"re(<line x1="([-0-9.]+)" y1="([-0-9.]+)" x2="([-0-9.]+)" y2="[-0-9.]+" class="roof compute-roof)re");
        for (std::sregex_iterator it(html.begin(), html.end(), line_element), end; it != end;
             ++it) {
            lines.push_back({std::stod((*it)[1]), std::stod((*it)[3]), std::stod((*it)[2])});
        }
        REQUIRE(lines.size() == 8);
        const auto group = html.find("class=\"roof-labels\"");
        const std::string labels = html.substr(group, html.find("</g>", group) - group);
        const std::regex text_element(
            R"re(<text x="([-0-9.]+)" y="([-0-9.]+)"( text-anchor="end")?[^>]*>([^<]*)</text>)re");
        int checked = 0;
        for (std::sregex_iterator it(labels.begin(), labels.end(), text_element), end; it != end;
             ++it, ++checked) {
            const double x = std::stod((*it)[1]), y = std::stod((*it)[2]);
            const double width = rendered_width((*it)[4].str(), 10);
            const double left = (*it)[3].matched ? x - width : x, right = left + width;
            for (const auto& [x0, x1, line_y] : lines) {
                INFO(lang << ": \"" << (*it)[4].str() << "\" at y " << y << ", roof at y "
                          << line_y);
                CHECK((right <= x0 || x1 <= left || line_y <= y - 9 || line_y >= y + 3));
            }
        }
        CHECK(checked == 8);
    }
}
