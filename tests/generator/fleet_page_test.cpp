// The fleet page and fleet hosts in directives (generator/render/fleet_page.cpp): documents under
// content/measurements/fleet/ give site/<lang>/fleet.html in both languages; none give no page.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "measure/store.hpp"

#include <nlohmann/json.hpp>

using namespace gg_test;
using nlohmann::json;

namespace {

/// The fixture's own document under another host name, its STREAM triad at `share` of the GPU's
/// datasheet bandwidth, written to content/measurements/fleet/FILE.
void add_fleet_host(const BookCopy& book, const std::string& file, const std::string& host,
                    double share, const std::string& cpu = "Fleet CPU") {
    auto document = json::parse(read(book.root() / "this-host.json"));
    document["provenance"]["host"] = host;
    document["provenance"]["cpu"] = cpu;
    const double peak = document["probes"]["gpu.specs"]["result"]["devices"][0]["peak"]
                                ["memory_bandwidth"]["value"];
    auto& triad = document["probes"]["gpu.stream"]["result"]["devices"][0]["triad"];
    triad["median"] = peak * share;
    triad["min"] = peak * share * 0.99;
    triad["max"] = peak * share * 1.01;
    write(book.content() / "measurements" / "fleet" / file, document.dump(1));
}

} // namespace

TEST_CASE("no fleet documents: no fleet page and no link to one", "[fleet]") {
    BookCopy book;
    gpuguide::render::build_site(book.options());
    for (const char* lang : {"en", "zh"}) {
        CHECK_FALSE(fs::exists(book.out() / lang / "fleet.html"));
        CHECK(read(book.out() / lang / "contents.html").find("fleet.html") == std::string::npos);
    }
}

TEST_CASE("fleet documents give a fleet page in both languages, the datasheet share as "
          "information and not a mark",
          "[fleet]") {
    BookCopy book;
    add_fleet_host(book, "gpu-a.json", "gpu-a", 0.95);
    add_fleet_host(book, "gpu-b.json", "gpu-b", 0.50);
    gpuguide::render::build_site(book.options());
    for (const char* lang : {"en", "zh"}) {
        INFO(lang);
        const auto page = read(book.out() / lang / "fleet.html");
        CHECK(page.find("<th scope=\"row\">gpu-a</th>") != std::string::npos);
        // 95 % and 50 % of the bandwidth derived from clocks: both shown, neither marked (two nodes are
        // too few peers to compare).
        CHECK(page.find("3.18\u00a0TB/s <small>(") != std::string::npos);
        CHECK(page.find("1.68\u00a0TB/s <small>(") != std::string::npos);
        CHECK(page.find("fleet-at-fault") == std::string::npos);
        CHECK(page.find("<figure class=\"chart chart-bar\" id=\"fleet-chart-1\"") !=
              std::string::npos);
        CHECK(read(book.out() / lang / "contents.html").find("href=\"fleet.html\"") !=
              std::string::npos);
    }
    CHECK(read(book.out() / "en" / "fleet.html").find("(95\u00a0% of the peak derived from clocks)") !=
          std::string::npos);
    CHECK(read(book.out() / "zh" / "fleet.html").find("集群节点对比") != std::string::npos);
    CHECK(read(book.out() / "zh" / "fleet.html").find("（推算峰值的 50\u00a0%）") ==
          std::string::npos);
    CHECK(read(book.out() / "zh" / "fleet.html").find("(推算峰值的 50\u00a0%)") !=
          std::string::npos);
}

TEST_CASE("strings from fleet documents are escaped on the fleet page", "[fleet]") {
    BookCopy book;
    add_fleet_host(book, "evil.json", "<script>alert(1)</script>", 0.9, "CPU & <b>co</b>");
    gpuguide::render::build_site(book.options());
    const auto page = read(book.out() / "en" / "fleet.html");
    CHECK(page.find("<script>alert") == std::string::npos);
    CHECK(page.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
    CHECK(page.find("CPU &amp; &lt;b&gt;co&lt;/b&gt;") != std::string::npos);
}

TEST_CASE("directives reach fleet hosts by name and through hosts: all", "[fleet]") {
    BookCopy book;
    add_fleet_host(book, "gpu-a.json", "gpu-a", 0.75);
    book.page("03-notes.md", "# Notes\n\n```gg-table\ntitle: Triad\nprobe: gpu.stream\nhosts: "
                             "all\nrows:\n  - {label: Triad, value: /devices/0/triad}\n```\n\n"
                             "On gpu-a: `value:gpu-a:gpu.stream/devices/0/triad`.\n");
    gpuguide::render::build_site(book.options());
    const auto page = read(book.out() / "en" / "03-notes.html");
    CHECK(page.find(">gpu-a<") != std::string::npos);                      // a column of its own
    CHECK(page.find("fleet measurement from gpu-a") != std::string::npos); // its provenance
    CHECK(page.find("2.51\u00a0TB/s</strong>") != std::string::npos);      // 0.75 × 3350 GB/s
}

TEST_CASE("an invalid fleet document fails the build naming its file", "[fleet]") {
    BookCopy book;
    write(book.content() / "measurements" / "fleet" / "bad.json", "{\"schema\": 1}");
    CHECK_THAT(book.build_error(), Catch::Matchers::ContainsSubstring("fleet/bad.json"));
}

TEST_CASE("a fleet document already in memory loads as the file does", "[fleet]") {
    // parse_measurement_document is what load_measurement_document runs after reading (fuzz_fleet
    // calls it): the file only names the document in messages.
    BookCopy book;
    auto document = json::parse(read(book.root() / "this-host.json"));
    document["provenance"]["host"] = "node7";
    const auto host = gpuguide::measure::parse_measurement_document(
        document.dump(), "content/measurements/fleet/node7.json", gpuguide::measure::Origin::Fleet);
    CHECK(host.host == "node7");
    CHECK(host.origin == gpuguide::measure::Origin::Fleet);
    CHECK(host.json == document);
    try {
        gpuguide::measure::parse_measurement_document(
            "{\"schema\":", "content/measurements/fleet/node7.json",
            gpuguide::measure::Origin::Fleet);
        FAIL("no error");
    } catch (const gpuguide::InputError& error) {
        CHECK(std::string(error.what())
                  .starts_with("content/measurements/fleet/node7.json: not valid JSON"));
    }
}
