// Tests of the SVG charts library: scales and ticks, escaping, log-axis filtering,
// determinism and well-formed output for every chart kind (rooflines: roofline_test.cpp).
#include "chart_test_support.hpp"

using namespace gpuguide::charts;
using namespace gpuguide::charts::detail;
using namespace gg_charts_test;

TEST_CASE("nice steps follow 1-2-5", "[charts][scale]") {
    CHECK(nice_step(100, 5) == Approx(20));
    CHECK(nice_step(10, 5) == Approx(2));
    CHECK(nice_step(23, 5) == Approx(5));
    CHECK(nice_step(0.7, 5) == Approx(0.1));
    CHECK(nice_step(4.0e6, 5) == Approx(1.0e6));
    CHECK(nice_step(0, 5) == 1); // degenerate span: still a usable step
}

TEST_CASE("linear ticks cover the domain with readable labels", "[charts][scale]") {
    CHECK(labels_of(linear_ticks(0, 100, 20)) ==
          std::vector<std::string>{"0", "20", "40", "60", "80", "100"});
    CHECK(labels_of(linear_ticks(0, 1, 0.2)) ==
          std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1"});
    CHECK(labels_of(linear_ticks(0, 3000, 1000)) ==
          std::vector<std::string>{"0", "1k", "2k", "3k"});
    CHECK(labels_of(linear_ticks(0, 1.5e6, 5e5)) ==
          std::vector<std::string>{"0", "500k", "1M", "1.5M"});
    // Years must stay years, not "2.01k".
    CHECK(labels_of(linear_ticks(2010, 2025, 5)) ==
          std::vector<std::string>{"2010", "2015", "2020", "2025"});
    CHECK(labels_of(linear_ticks(-1, 1, 0.5)) ==
          std::vector<std::string>{"-1", "-0.5", "0", "0.5", "1"});
}

TEST_CASE("log ticks are decades, with 2 and 5 on short ranges", "[charts][scale]") {
    CHECK(labels_of(log_ticks(1, 1e6)) ==
          std::vector<std::string>{"1", "10", "100", "1k", "10k", "100k", "1M"});
    CHECK(labels_of(log_ticks(1, 100)) ==
          std::vector<std::string>{"1", "2", "5", "10", "20", "50", "100"});
    CHECK(labels_of(log_ticks(1e-4, 1)) ==
          std::vector<std::string>{"100µ", "0.001", "0.01", "0.1", "1"});
    CHECK(labels_of(log_ticks(1e8, 1e9))[0] == "100M");
    CHECK(labels_of(log_ticks(1e9, 1e10)).back() == "10G");
    // Three decades: minor ticks drawn but unlabelled.
    const auto three = log_ticks(1, 1000);
    CHECK(three.size() == 10);
    CHECK(std::count_if(three.begin(), three.end(),
                        [](const Tick& t) { return t.label.empty(); }) == 6);
    // Thirty decades: every few decades only, never dozens of labels.
    const auto wide = log_ticks(1e-10, 1e20);
    CHECK(wide.size() <= 9);
    CHECK(wide.size() >= 5);
}

TEST_CASE("axes widen to nice domains and honour fixed ends", "[charts][scale]") {
    Axis linear;
    const auto a = make_axis(linear, Extent{3, 97}, 0, 500, 5);
    CHECK(a.scale.d0 == Approx(0));
    CHECK(a.scale.d1 == Approx(100));
    const auto zero = make_axis(linear, Extent{40, 90}, 0, 500, 5, true);
    CHECK(zero.scale.d0 == 0);
    Axis log{"", true, std::nullopt, std::nullopt, ""};
    const auto l = make_axis(log, Extent{3, 800}, 0, 300, 5);
    CHECK(l.scale.d0 == Approx(1));
    CHECK(l.scale.d1 == Approx(1000));
    const auto single = make_axis(log, Extent{100, 100}, 0, 300, 5);
    CHECK(single.scale.d0 == Approx(10));
    CHECK(single.scale.d1 == Approx(1000));
    Axis fixed{"", false, 0.0, 50.0, ""};
    const auto f = make_axis(fixed, Extent{3, 97}, 0, 500, 5);
    CHECK(f.scale.d1 == 50);
    Axis bad_log{"", true, -5.0, std::nullopt, ""}; // a negative end cannot apply to a log axis
    CHECK(make_axis(bad_log, Extent{3, 800}, 0, 300, 5).scale.d0 == Approx(1));
    CHECK(axis_title({"Bandwidth", false, std::nullopt, std::nullopt, "GB/s"}) ==
          "Bandwidth (GB/s)");
    CHECK(axis_title({"FP32 (TFLOP/s)", false, std::nullopt, std::nullopt, "TFLOP/s"}) ==
          "FP32 (TFLOP/s)");
}

TEST_CASE("scales map data to pixels and clamp strays", "[charts][scale]") {
    const Scale linear{false, 0, 100, 50, 550};
    CHECK(linear.map(0) == Approx(50));
    CHECK(linear.map(50) == Approx(300));
    CHECK(linear.map(100) == Approx(550));
    CHECK(linear.map(1000) == Approx(550));
    const Scale log{true, 1, 100, 300, 0}; // y axis: pixels grow downwards
    CHECK(log.map(10) == Approx(150));
    CHECK(log.map(100) == Approx(0));
    CHECK(log.map(0) == Approx(300)); // not finite in log space: clamped, never NaN
    CHECK(std::isfinite(log.map(std::numeric_limits<double>::quiet_NaN())));
    CHECK_FALSE(log.contains(-1));
    CHECK(log.contains(50));
}

TEST_CASE("numbers are formatted without locale or noise", "[charts][format]") {
    CHECK(format_si(1000) == "1k");
    CHECK(format_si(1e7) == "10M");
    CHECK(format_si(1e9) == "1G");
    CHECK(format_si(2500) == "2.5k");
    CHECK(format_si(0.25) == "0.25");
    CHECK(format_si(0.30000000000000004) == "0.3");
    CHECK(format_si(2e-4) == "200µ");
    CHECK(format_si(0) == "0");
    CHECK(format_value(3010.26) == "3010.3");
    CHECK(format_value(2000) == "2000");
    CHECK(format_value(66.9) == "66.9");
    CHECK(format_value(717452.2) == "717.5k"); // GFLOP/s of a GPU beside a CPU
    CHECK(format_value(46587.8) == "46.59k");
    CHECK(format_value(1073741824) == "1.074G");
    CHECK(format_value(std::numeric_limits<double>::infinity()) == "—");
    CHECK(format_coord(12.04) == "12");
    CHECK(format_coord(-0.04) == "0");
    CHECK(format_fixed(-0.3, 0) == "0"); // a tick just below zero, no decimals: not "-0"
    CHECK(format_fixed(-0.0, 0) == "0");
    CHECK(format_fixed(2.50, 2) == "2.5");
    CHECK(format_coord(std::nan("")) == "0");
}

TEST_CASE("hostile strings are escaped and control characters dropped", "[charts][escape]") {
    CHECK(escape_markup("<script>alert('x')</script>") ==
          "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    CHECK(escape_markup("a & \"b\" ]]>") == "a &amp; &quot;b&quot; ]]&gt;");
    CHECK(escape_markup(std::string("tab\tnl\nbell\x07nul") + '\0' + "esc\x1b") ==
          "tab\tnl\nbellnulesc");
    CHECK(escape_markup("bad \xff utf8") == "bad \xEF\xBF\xBD utf8");
    CHECK(escape_markup("中文 µ") == "中文 µ");
    CHECK(sanitize_id("9 bad\"id<>") == "badid");
    CHECK(sanitize_id("") == "chart");

    const std::string hostile = std::string("<script>alert(\"x\")</script> ]]> & 'q' \x01\x1f");
    ChartSpec spec = scatter_chart(5);
    spec.id = "x\" onload=\"alert(1)";
    spec.title = hostile;
    spec.description = hostile;
    spec.x.label = hostile;
    spec.y.unit = hostile;
    spec.series[0].name = hostile;
    spec.series[0].points[0].label = hostile;
    for (const auto kind : {Kind::Bar, Kind::Line, Kind::Scatter}) {
        spec.kind = kind;
        const std::string html = render_figure(spec, "en");
        CHECK(html.find("<script") == std::string::npos);
        CHECK(html.find("onload=\"") == std::string::npos);
        CHECK(html.find("]]>") == std::string::npos);
        CHECK(html.find('\x01') == std::string::npos);
        CHECK(html.find('\x1f') == std::string::npos);
        CHECK(html.find("&lt;script&gt;") != std::string::npos);
        require_well_formed(html);
    }
}

TEST_CASE("log axes drop non-positive values and say so", "[charts][log]") {
    ChartSpec spec = scatter_chart(6);
    spec.series[0].points.push_back({0, 5, "zero price"});
    spec.series[0].points.push_back({-10, 5, "negative price"});
    spec.series[0].points.push_back({std::nan(""), 5, "no price"});
    spec.series[1].points.push_back({100, std::numeric_limits<double>::infinity(), "infinite"});
    for (const auto kind : {Kind::Scatter, Kind::Line, Kind::Bar}) {
        spec.kind = kind;
        const std::string html = render_figure(spec, "en");
        require_finite_numbers(html);
        require_well_formed(html);
        CHECK(html.find("uses a logarithmic scale") != std::string::npos);
        if (kind != Kind::Bar) { // bars ignore x, so only the infinite y is dropped
            CHECK(html.find("2 zero or negative values cannot be shown") != std::string::npos);
            CHECK(html.find("2 missing or non-numeric values") != std::string::npos);
        }
        // The table still lists the dropped points.
        CHECK(html.find("<th scope=\"row\">negative price</th>") != std::string::npos);
    }
    spec.kind = Kind::Scatter;
    const std::string zh = render_figure(spec, "zh");
    CHECK(zh.find("个零或负值无法在对数坐标轴上显示") != std::string::npos);
}

TEST_CASE("every chart kind is a complete, accessible figure", "[charts][figure]") {
    for (const auto& spec : {bar_chart(), line_chart(), scatter_chart(10), roofline_chart()}) {
        const std::string html = render_figure(spec, "en");
        INFO(spec.id);
        require_well_formed(html);
        require_finite_numbers(html);
        CHECK(html.rfind("<figure class=\"chart chart-", 0) == 0);
        // html-validate: the caption is the figure's first (or last) child.
        CHECK(html.find(">\n<figcaption>" + spec.title + "</figcaption>\n<svg ") !=
              std::string::npos);
        CHECK(html.find("</details>\n</figure>") != std::string::npos);
        CHECK(html.find("role=\"img\"") != std::string::npos);
        CHECK(html.find("aria-labelledby=\"" + spec.id + "-title " + spec.id + "-desc\"") !=
              std::string::npos);
        CHECK(html.find("<title id=\"" + spec.id + "-title\">" + spec.title + "</title>") !=
              std::string::npos);
        CHECK(html.find("<desc id=\"" + spec.id + "-desc\">") != std::string::npos);
        CHECK(html.find("<details class=\"chart-data\"><summary>Data</summary>") !=
              std::string::npos);
        CHECK(html.size() < 12000); // a few KB per chart
        // Colours only through the theme's custom properties or the text colour.
        static const std::regex colour(R"re((fill|stroke)="([^"]*)")re");
        for (auto it = std::sregex_iterator(html.begin(), html.end(), colour);
             it != std::sregex_iterator(); ++it) {
            const std::string value = (*it)[2];
            const bool themed =
                value == "none" || value == "currentColor" ||
                std::regex_match(value, std::regex(R"(var\(--chart-[1-8], #[0-9a-f]{6}\))"));
            CHECK(themed);
        }
    }
}

TEST_CASE("legends appear only for several series", "[charts][figure]") {
    CHECK(render_figure(bar_chart(), "en").find("class=\"legend\"") == std::string::npos);
    CHECK(render_figure(line_chart(), "en").find("class=\"legend\"") != std::string::npos);
    ChartSpec grouped = bar_chart();
    grouped.series.push_back({"Peak", {{0, 67, "FP32"}, {0, 989, "BF16"}}, false});
    const std::string html = render_figure(grouped, "en");
    CHECK(html.find("class=\"legend\"") != std::string::npos);
    CHECK(html.find("<th scope=\"row\">TF32</th><td>380</td><td>—</td>") != std::string::npos);
}

TEST_CASE("crowded scatter plots label only the highlighted point", "[charts][scatter]") {
    const ChartSpec few = scatter_chart(8);
    const std::string sparse = render_figure(few, "en");
    CHECK(count(sparse, ">Card ") >= 8 + 6); // labels in the plot plus table rows

    const ChartSpec many = scatter_chart(40);
    const std::string crowded = render_figure(many, "en");
    const auto labels_start = crowded.find("class=\"labels\"");
    const auto labels_end = crowded.find("</g>", labels_start);
    const std::string labels = crowded.substr(labels_start, labels_end - labels_start);
    CHECK(count(labels, "<text") == 1);
    CHECK(labels.find("font-weight=\"bold\">Card 20</text>") != std::string::npos);
    CHECK(count(crowded, "highlight-ring") == 1);
    CHECK(crowded.find("Highlighted: Card 20 (4200, 52.5).") != std::string::npos);
    CHECK(crowded.find("Only highlighted points are labelled") != std::string::npos);
    CHECK(count(crowded, "<tr") == 41); // header + every point
    CHECK(crowded.find("<tr class=\"highlight\"><th scope=\"row\">Card 20</th>") !=
          std::string::npos);
}

TEST_CASE("output is byte-for-byte the committed figure of each kind in both languages",
          "[charts][determinism]") {
    // tests/generator/golden/: reviewed output. A change to the charts' output shows as a diff
    // there; GPUGUIDE_UPDATE_GOLDEN=1 rewrites the files (review them before committing).
    const std::filesystem::path golden =
        std::filesystem::path(GPUGUIDE_TESTS_DIR) / "generator" / "golden";
    const bool update = std::getenv("GPUGUIDE_UPDATE_GOLDEN") != nullptr;
    const std::vector<std::pair<std::string, ChartSpec>> charts{{"bar", bar_chart()},
                                                                {"line", line_chart()},
                                                                {"scatter", scatter_chart(30)},
                                                                {"roofline", roofline_chart()}};
    for (const auto& [name, spec] : charts) {
        for (const std::string lang : {"en", "zh"}) {
            const auto file = golden / ("chart-" + name + "-" + lang + ".html");
            const std::string html = render_figure(spec, lang);
            if (update) {
                std::ofstream(file, std::ios::binary) << html;
            }
            std::ifstream in(file, std::ios::binary);
            const std::string expected((std::istreambuf_iterator<char>(in)),
                                       std::istreambuf_iterator<char>());
            INFO(file.string() << " (GPUGUIDE_UPDATE_GOLDEN=1 rewrites it)");
            CHECK(html == expected);
        }
    }
}

TEST_CASE("empty charts still render a valid figure", "[charts][figure]") {
    for (const auto kind : {Kind::Bar, Kind::Line, Kind::Scatter, Kind::Roofline}) {
        ChartSpec spec;
        spec.kind = kind;
        const std::string html = render_figure(spec, "en");
        require_well_formed(html);
        require_finite_numbers(html);
        CHECK(html.find("No data to plot.") != std::string::npos);
        CHECK(html.find("id=\"chart-title\"") != std::string::npos);
    }
}

TEST_CASE("huge labels are cut quickly and stay valid UTF-8", "[charts][format]") {
    const std::string huge(1 << 20, 'x');
    const std::string fitted = fit_text(huge, 200, 11);
    CHECK(text_width(fitted, 11) <= 200);
    CHECK(fitted.size() < 100);
    CHECK(fit_text("短标签", 200, 11) == "短标签");
    const std::string cut = fit_text(
        "显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡显卡", 100, 11);
    CHECK(cut.size() % 3 == 0); // whole three-byte characters, then "…"
    ChartSpec spec = bar_chart();
    spec.series[0].points[0].label = huge;
    const std::string html = render_figure(spec, "en");
    require_well_formed(html);
}

TEST_CASE("lines join points from left to right", "[charts][line]") {
    ChartSpec spec;
    spec.kind = Kind::Line;
    spec.id = "years";
    spec.series.push_back(
        {"cards", {{2020, 2, "", false}, {2010, 1, "", false}, {2015, 3, "", false}}, false});
    const std::string html = render_figure(spec, "en");
    const std::regex path_data(R"re(<path d="M([0-9.]+) [0-9.]+L([0-9.]+) [0-9.]+L([0-9.]+) )re");
    std::smatch match;
    REQUIRE(std::regex_search(html, match, path_data));
    CHECK(std::stod(match[1]) < std::stod(match[2]));
    CHECK(std::stod(match[2]) < std::stod(match[3]));
    // The data table keeps the input order.
    CHECK(html.find(">2020</th>") < html.find(">2010</th>"));
}
