// Directives through a real build of the fixture book: output, and each error message exactly.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

using gg_test::error_for;

namespace {

std::string built_page(const std::string& markdown) {
    gg_test::BookCopy book;
    book.page("03-notes.md", markdown);
    gpuguide::render::build_site(book.options());
    return gg_test::read(book.out() / "en" / "03-notes.html");
}

using gg_test::kFence;

} // namespace

TEST_CASE("gg-table: host columns, values with units scaled, provenance per source",
          "[directives]") {
    const auto html = built_page(kFence +
                                 "gg-table\ntitle: STREAM\nprobe: gpu.stream\nhosts: all\nrows:\n"
                                 "  - {label: Triad, value: /devices/0/triad}\n" +
                                 kFence + "\n");
    CHECK(html.find("<th scope=\"col\" class=\"kind-measured\">This machine</th>") !=
          std::string::npos);
    CHECK(html.find(">Reference ref-host</th>") != std::string::npos); // a reference says so
    CHECK(html.find(">3.01\u00A0TB/s</td>") != std::string::npos);
    CHECK(html.find(">3.31\u00A0TB/s</td>") != std::string::npos); // reference = 1.1x
    CHECK(html.find(
              "<p class=\"provenance provenance-measured\">measured on this machine, this-host · "
              "Test GPU 80GB · driver 580.95.05 · CUDA 13.0 · 2026-11-21 · 24.8 s</p>") !=
          std::string::npos);
    CHECK(html.find(
              "<p class=\"provenance provenance-reference\">reference measurement from ref-host "
              "(Reference GPU), not this machine · driver 580.95.05 · CUDA 13.0 · 2026-10-01 · "
              "24.8 s</p>") != std::string::npos);
}

TEST_CASE("gg-chart: roofline and measured line charts draw figures with provenance",
          "[directives]") {
    const auto html = built_page(
        kFence + "gg-chart\ntype: roofline\ntitle: Roofline\nprecisions: [fp32, bf16]\n" + kFence +
        "\n\n" + kFence +
        "gg-chart\ntype: line\ntitle: Host to device\nx: {label: Bytes, log: true}\n"
        "series:\n  - {label: H2D pinned, points: gpu.transfer/devices/0/curves/h2d_pinned, "
        "x: bytes, y: bandwidth}\n" +
        kFence + "\n");
    CHECK(html.find("id=\"page-03-notes-chart-1\"") != std::string::npos);
    CHECK(html.find("id=\"page-03-notes-chart-2\"") != std::string::npos);
    CHECK(html.find("<svg") != std::string::npos);
    CHECK(html.find("<p class=\"provenance provenance-measured\">") != std::string::npos);
    CHECK(html.find("chart-unmeasured") == std::string::npos);
}

TEST_CASE("gg-chart: a probe that did not run gives a line saying why, not empty axes",
          "[directives]") {
    const auto html = built_page(kFence +
                                 "gg-chart\ntype: bar\ntitle: P2P\nseries:\n"
                                 "  - {label: P2P, value: gpu.multi/p2p/bandwidth}\n" +
                                 kFence + "\n");
    // gpu.multi skipped for a reason of its own ("one GPU"): a GPU host would not fill it in.
    CHECK(html.find("<figure class=\"chart chart-unmeasured\" id=\"page-03-notes-chart-1\">"
                    "<p class=\"figures-missing\">P2P: no measured figures (one GPU).</p>") !=
          std::string::npos);
}

TEST_CASE("gg-chart: a probe's own reason is shown in the page's language where strings.json "
          "translates it",
          "[directives]") {
    gg_test::BookCopy book;
    gg_test::write(book.root() / "templates" / "strings.json",
                   R"({"en": {}, "zh": {"figures_failed": "{0}：没有实测数据（{1}）。",
                                       "probe_reasons": {"one GPU": "只有一块 GPU"}}})");
    const auto chart = kFence +
                       "gg-chart\ntype: bar\ntitle: P2P\nseries:\n"
                       "  - {label: P2P, value: gpu.multi/p2p/bandwidth}\n" +
                       kFence + "\n";
    CHECK(book.build_notes_page(chart, "zh")
              .find("<p class=\"figures-missing\">P2P：没有实测数据（只有一块 GPU）。</p>") !=
          std::string::npos);
    // English has no table: the probe's own words.
    CHECK(book.build_notes_page(chart, "en").find("no measured figures (one GPU).") !=
          std::string::npos);
}

TEST_CASE("a result the probe runner took from its cache reads like a fresh one, dated when "
          "measured",
          "[directives]") {
    gg_test::BookCopy book;
    auto document = nlohmann::json::parse(gg_test::read(book.root() / "this-host.json"));
    document["probes"]["gpu.stream"]["from_cache"] = true;
    document["probes"]["gpu.stream"]["measured_at"] = "2026-11-02T10:00:00Z";
    gg_test::write(book.root() / "this-host.json", document.dump());
    book.page("03-notes.md",
              "`value:gpu.stream/devices/0/triad` `value:gpu.latency/devices/0/launch`\n");
    gpuguide::render::build_site(book.options());
    const auto html = gg_test::read(book.out() / "en" / "03-notes.html");
    // Whether this build ran the probe is the build log's business: the page names the host, the
    // GPU and the date of the measurement, so a cached build and a measuring one give equal bytes.
    CHECK(
        html.find("title=\"measured on this machine, this-host · Test GPU 80GB · driver 580.95.05 "
                  "· CUDA 13.0 · 2026-11-02 · 24.8 s\"") != std::string::npos);
    CHECK(
        html.find("title=\"measured on this machine, this-host · Test GPU 80GB · driver 580.95.05 "
                  "· CUDA 13.0 · 2026-11-21 · 24.8 s\"") != std::string::npos);
    CHECK(html.find("cache") == std::string::npos);
}

TEST_CASE("this machine's failure or own skip is shown, and only 'no figures here' defers to the "
          "reference",
          "[directives]") {
    gg_test::BookCopy book;
    auto document = nlohmann::json::parse(gg_test::read(book.root() / "this-host.json"));
    auto& probes = document["probes"];
    probes["gpu.stream"] = {{"status", "failed"},
                            {"reason", "the probe process crashed (signal 11)"},
                            {"result", nullptr}};
    probes["gpu.latency"] = {{"status", "skipped"},
                             {"reason", "no NVIDIA driver found"},
                             {"use_reference", true},
                             {"result", nullptr}};
    gg_test::write(book.root() / "this-host.json", document.dump());
    book.page("03-notes.md",
              "`value:gpu.stream/devices/0/triad` `value:gpu.latency/devices/0/launch`\n");
    gpuguide::render::build_site(book.options());
    const auto html = gg_test::read(book.out() / "en" / "03-notes.html");
    // The crash, not the reference's 3.31 TB/s, stands in for this machine's triad.
    CHECK(html.find("<span class=\"not-measured\" title=\"the probe process crashed (signal 11)\">"
                    "not measured</span>") != std::string::npos);
    CHECK(html.find("3.31") == std::string::npos);
    // No driver here: the reference's launch latency, labelled as the reference's.
    CHECK(html.find(
              "title=\"reference measurement from ref-host (Reference GPU), not this machine") !=
          std::string::npos);
}

TEST_CASE("gg-data: where, sort, limit, localised fields and units", "[directives]") {
    const auto html =
        built_page(kFence +
                   "gg-data\ndata: chips\ncolumns: [name, bandwidth_gbs]\nwhere: {kind: gpu}\n"
                   "sort: -year\nlimit: 1\n" +
                   kFence + "\n");
    CHECK(html.find("Test GPU 80GB") != std::string::npos);
    CHECK(html.find("Old Card") == std::string::npos); // limit 1 after sorting newest first
    CHECK(html.find("A CPU") == std::string::npos);    // where
    CHECK(html.find(">3350<") != std::string::npos);
}

TEST_CASE("inline values: measured, skipped, reference host, data, provenance field",
          "[directives]") {
    const auto html =
        built_page("`value:gpu.latency/devices/0/launch` `value:gpu.multi/p2p` "
                   "`value:ref-host:gpu.stream/devices/0/copy` `data:chips/new-card/bandwidth_gbs` "
                   "`value:provenance/cublas`\n");
    CHECK(html.find(">420\u00A0ns</strong>") != std::string::npos); // 0.42 µs reads as ns
    CHECK(html.find("<span class=\"not-measured\" title=\"one GPU\">not measured</span>") !=
          std::string::npos);
    CHECK(html.find(">3.14\u00A0TB/s</strong>") != std::string::npos);
    CHECK(html.find("<span class=\"data-value\">3.35\u00A0TB/s</span>") != std::string::npos);
    CHECK(html.find(">13.0.2</strong>") != std::string::npos);
}

TEST_CASE("values are escaped: a <script> in measured text or a data record stays text",
          "[directives][escaping]") {
    const auto html = built_page("`value:cpu.info/model`\n\n" + kFence +
                                 "gg-data\ndata: chips\ncolumns: [name]\n" + kFence + "\n");
    CHECK(html.find("Test &quot;CPU&quot; &lt;script&gt;x&lt;/script&gt;") != std::string::npos);
    CHECK(html.find("<script>x</script>") == std::string::npos);
    CHECK(html.find("Old Card &lt;b&gt;") != std::string::npos);
}

TEST_CASE("directive errors: file:line: directive: problem", "[directives][errors]") {
    // Front matter takes lines 1-3, so the Markdown's line 1 is the file's line 4.
    CHECK(error_for(kFence + "gg-tabel\nprobe: gpu.stream\n" + kFence + "\n") ==
          "content/en/03-notes.md:4: gg-tabel: unknown directive (known: gg-table, gg-data, "
          "gg-chart, gg-estimate, gg-provenance)");
    CHECK(error_for("text\n\n" + kFence +
                    "gg-table\nprobe: gpu.strem\nrows:\n  - {label: X, value: /devices/0/triad}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:9: gg-table: no probe \"gpu.strem\" "
          "(known: cpu.gemm, cpu.info, cpu.latency, cpu.llm, cpu.stream, "
          "gpu.gemm, gpu.latency, gpu.llm, gpu.multi, gpu.power, gpu.specs, "
          "gpu.stream, gpu.transfer)"); // every probe gpuguide-probe has
    CHECK(
        error_for(kFence +
                  "gg-table\nprobe: gpu.stream\nrows:\n  - {label: X, value: /devices/0/tirad}\n" +
                  kFence + "\n") == "content/en/03-notes.md:7: gg-table: no value at "
                                    "\"/devices/0/tirad\" (known at \"/devices/0\": copy, triad)");
    CHECK(error_for(kFence + "gg-table\nprobe: gpu.stream\nrwos: []\n" + kFence + "\n") ==
          "content/en/03-notes.md:6: gg-table: unknown key `rwos` (known: title, probe, hosts, "
          "host, rows, columns, caption, datasheet)");
    const auto yaml_error =
        error_for(kFence + "gg-table\nprobe: gpu.stream\nrows: [\n" + kFence + "\n");
    CHECK(yaml_error.starts_with("content/en/03-notes.md:"));
    CHECK(yaml_error.find(": gg-table: YAML: ") != std::string::npos);
    CHECK(error_for(kFence + "gg-data\ndata: gpuz\ncolumns: [name]\n" + kFence + "\n") ==
          "content/en/03-notes.md:5: gg-data: no data file \"gpuz\" (known: chips; files live in "
          "content/data/)");
    // A `where` value that yaml_to_json refuses (a map key inside it) is this directive's error,
    // at the value's line, not an escaping exception (found by fuzz_directives).
    CHECK(error_for(kFence + "gg-data\ndata: chips\ncolumns: [name]\nwhere: {year: {[a]: b}}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:7: gg-data: a key must be plain text, not a list or a map");
    CHECK(error_for(kFence + "gg-data\ndata: chips\ncolumns: [name, speed]\n" + kFence + "\n") ==
          "content/en/03-notes.md:6: gg-data: no column \"speed\" in " +
              std::string("content/data/chips.json") +
              " (known: bandwidth_gbs, cores, kind, name, year)");
    CHECK(error_for(kFence + "gg-chart\ntype: pie\ntitle: X\n" + kFence + "\n") ==
          "content/en/03-notes.md:5: gg-chart: unknown chart type \"pie\" (known: bar, line, "
          "scatter, roofline)");
    CHECK(error_for(kFence +
                    "gg-table\nprobe: gpu.stream\nhosts: [elsewhere]\nrows:\n  - {label: X, value: "
                    "/devices/0/triad}\n" +
                    kFence + "\n") == "content/en/03-notes.md:8: gg-table: no host \"elsewhere\" "
                                      "(known: this, reference, all, ref-host)");
    CHECK(error_for("See `value:gpu.stream/devices/0/nope`.\n") ==
          "content/en/03-notes.md:4: value: no value at \"/devices/0/nope\" (known at "
          "\"/devices/0\": copy, triad)");
    CHECK(error_for("See `data:chips/no-such-card/year`.\n") ==
          "content/en/03-notes.md:4: data: no record \"no-such-card\" in content/data/chips.json");
    CHECK(error_for("See `value:gpu.stream`.\n") ==
          "content/en/03-notes.md:4: value: write `value:PROBE/POINTER` (e.g. "
          "value:gpu.stream/devices/0/triad), "
          "found `value:gpu.stream`");
}

TEST_CASE("errors of several pages are all reported, in reading order", "[directives][errors]") {
    gg_test::BookCopy book;
    book.page("03-notes.md", "`value:gpu.nope/x`\n");
    book.page("02-catalogue.md", "`data:nope/a/b`\n");
    const auto message = book.build_error();
    const auto catalogue = message.find("02-catalogue.md:4: data:");
    const auto notes = message.find("03-notes.md:4: value:");
    CHECK(catalogue != std::string::npos);
    CHECK(notes != std::string::npos);
    CHECK(catalogue < notes);
}

TEST_CASE("inline values inside GFM table cells render (table cells refuse custom nodes)",
          "[directives]") {
    const auto html =
        built_page("| GPU | Triad |\n|---|---|\n| this | `value:gpu.stream/devices/0/triad` |\n");
    const auto cell = html.find("<td>");
    REQUIRE(cell != std::string::npos);
    const auto row = html.substr(cell, html.find("</tr>", cell) - cell);
    INFO(row);
    CHECK(row.find("class=\"measured") != std::string::npos);
    CHECK(row.find("3.01\u00A0TB/s") != std::string::npos);
}
