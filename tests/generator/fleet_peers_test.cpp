// The fleet page answers "which nodes are worse than their peers, and what changed?" (issue 55).
// Synthetic fleets from bench/fleet/make_fleet.py (±2 % healthy noise, faults planted on request)
// are stored the way `gpuguide fleet` stores a collection (fleet::store_collection), then built.
#include "fleet/collection.hpp"
#include "fleet/table.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

using namespace gg_test;
using nlohmann::json;
namespace fleet = gpuguide::fleet;

namespace {

fs::path fleet_dir(const BookCopy& book) {
    return book.content() / "measurements" / "fleet";
}

/// make_fleet.py COUNT DIR ARGS (test data, written outside the book).
void make_fleet(int count, const fs::path& dir, const std::string& args = "") {
    const auto script = fs::path(GPUGUIDE_TESTS_DIR).parent_path() / "bench/fleet/make_fleet.py";
    const auto command = "python3 '" + script.string() + "' " + std::to_string(count) + " '" +
                         dir.string() + "' " + args;
    REQUIRE(std::system(command.c_str()) == 0);
}

std::string node_name(int i) {
    char name[16];
    std::snprintf(name, sizeof name, "node%04d", i);
    return name;
}

/// Stores the documents in `from` as one collection of job `job` that asked nodes 0..count-1
/// except those in `not_asked`; a node without a document sent nothing.
void collect(const BookCopy& book, const fs::path& from, int count, const std::string& job,
             const std::set<std::string>& not_asked = {}) {
    std::vector<fleet::AskedNode> asked;
    std::vector<fleet::NewDocument> documents;
    for (int i = 0; i < count; ++i) {
        const auto node = node_name(i);
        if (not_asked.count(node) != 0) {
            continue;
        }
        const auto task = job + "_" + std::to_string(i);
        const auto file = from / (node + ".json");
        if (!fs::exists(file)) {
            asked.push_back({node, task, "the task completed but wrote no document"});
            continue;
        }
        auto text = read(file);
        auto row = fleet::row_of(json::parse(text), node + ".json");
        documents.push_back({node, std::move(text), std::move(row), {}});
        asked.push_back({node, task, ""});
    }
    std::vector<std::string> cluster; // what Slurm lists: the nodes asked
    for (const auto& node : asked) {
        cluster.push_back(node.node);
    }
    fleet::store_collection(
        fleet_dir(book), {job, "2026-11-26T12:00:00Z", std::move(asked), std::move(cluster), {}},
        std::move(documents), [](const fs::path& file) { return json::parse(read(file)); });
}

/// The HTML of <section ... id="ID"> up to its </section>; "" when the page has none.
std::string section(const std::string& page, const std::string& id) {
    const auto start = page.find("id=\"" + id + "\"");
    if (start == std::string::npos) {
        return "";
    }
    return page.substr(start, page.find("</section>", start) - start);
}

/// Every synthetic node named in `html`.
/// ("node" and four digits; found by hand, as std::regex takes minutes over a 1,200-node fleet's
/// pages in the sanitizer build, whose test code is not optimised).
std::set<std::string> nodes_in(const std::string& html) {
    std::set<std::string> nodes;
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (auto at = html.find("node"); at != std::string::npos; at = html.find("node", at + 4)) {
        if (at + 8 <= html.size() &&
            std::all_of(html.begin() + static_cast<std::ptrdiff_t>(at) + 4,
                        html.begin() + static_cast<std::ptrdiff_t>(at) + 8, digit)) {
            nodes.insert(html.substr(at, 8));
        }
    }
    return nodes;
}

/// A fleet of `count` nodes with the four faults planted, stored as one collection of job `job`;
/// returns what was planted where (make_fleet.py --faults).
json planted_fleet(const BookCopy& book, const TempDir& data, int count, const std::string& job) {
    const auto faults = data.path() / "faults.json";
    make_fleet(count, data.path() / "docs", "--faults '" + faults.string() + "'");
    collect(book, data.path() / "docs", count, job);
    return json::parse(read(faults));
}

} // namespace

TEST_CASE("a fleet with planted faults: the page names every fault and no healthy node",
          "[fleet]") {
    BookCopy book;
    TempDir data;
    const auto faults = planted_fleet(book, data, 300, "812");
    gpuguide::render::build_site(book.options());
    for (const char* lang : {"en", "zh"}) {
        INFO(lang);
        const auto page = read(book.out() / lang / "fleet.html");
        CHECK(nodes_in(section(page, "fleet-outliers")) ==
              std::set<std::string>{faults["slow"], faults["off_bus"]});
        CHECK(nodes_in(section(page, "fleet-drift")) == std::set<std::string>{faults["driver"]});
        CHECK(nodes_in(section(page, "fleet-missing")) == std::set<std::string>{faults["silent"]});
        CHECK(has(section(page, "fleet-drift"), "575.57.08"));
        CHECK(has(section(page, "fleet-missing"), "812_"));
        // The summary per node type comes first, then the outliers, worst first: the node that
        // lost a GPU before the slow one.
        const auto summary = page.find("id=\"fleet-types\"");
        const auto outliers = page.find("id=\"fleet-outliers\"");
        REQUIRE(summary != std::string::npos);
        CHECK(summary < outliers);
        const auto outlier_html = section(page, "fleet-outliers");
        CHECK(outlier_html.find(faults["off_bus"].get<std::string>()) <
              outlier_html.find(faults["slow"].get<std::string>()));
        // Figures from other hosts are never "this machine's".
        CHECK_FALSE(has(page, "This machine"));
        CHECK_FALSE(has(page, "this machine"));
        CHECK_FALSE(has(page, "本机"));
    }
    const auto en = read(book.out() / "en" / "fleet.html");
    const auto outliers = section(en, "fleet-outliers");
    CHECK(has(outliers, "Memory bandwidth"));
    CHECK(has(outliers, "−15"));         // 85 % of its type's median
    CHECK(has(outliers, "3 of 4 GPUs")); // one fell off the bus
    CHECK(has(section(en, "fleet-types"), "Synthetic A100-class GPU"));
}

TEST_CASE("the datasheet share is information: a fleet far under its datasheet peaks, equal to "
          "its peers, has no outlier",
          "[fleet]") {
    BookCopy book;
    TempDir data;
    make_fleet(24, data.path() / "docs", "--scale gpu.gemm=0.6 --scale gpu.stream=0.7");
    collect(book, data.path() / "docs", 24, "90");
    gpuguide::render::build_site(book.options());
    for (const char* lang : {"en", "zh"}) {
        INFO(lang);
        const auto page = read(book.out() / lang / "fleet.html");
        CHECK(nodes_in(section(page, "fleet-outliers")).empty());
        CHECK_FALSE(has(page, "⚠"));
        CHECK_FALSE(has(page, "fleet-low"));
    }
    // The share is still there, said to be of the peak derived from clocks (what gpu.specs
    // computes), not of the datasheet.
    const auto en = read(book.out() / "en" / "fleet.html");
    CHECK(has(en, "of the peak derived from clocks"));
    CHECK_FALSE(has(en, "of the datasheet"));
}

TEST_CASE("history: the next collection shows what changed, new and gone nodes, and keeps the "
          "previous documents",
          "[fleet]") {
    BookCopy book;
    TempDir data;
    const auto faults = planted_fleet(book, data, 40, "100");
    const std::string slow = faults["slow"];
    const auto slow_before = read(fleet_dir(book) / (slow + ".json"));

    // The slow node was drained, repaired and resumed; node0039 left the cluster (Slurm no longer
    // lists it); node0040 joined.
    make_fleet(41, data.path() / "second", "--seed 15");
    collect(book, data.path() / "second", 41, "101", {"node0039"});
    CHECK(read(fleet_dir(book) / "history" / "previous" / (slow + ".json")) == slow_before);
    CHECK(fs::exists(fleet_dir(book) / "history" / "latest.json"));
    CHECK(fs::exists(fleet_dir(book) / "history" / "previous.json"));

    gpuguide::render::build_site(book.options());
    for (const char* lang : {"en", "zh"}) {
        INFO(lang);
        const auto page = read(book.out() / lang / "fleet.html");
        CHECK(nodes_in(section(page, "fleet-outliers")).empty());
        CHECK(nodes_in(section(page, "fleet-changes")) == std::set<std::string>{slow});
        CHECK(has(section(page, "fleet-new"), "node0040"));
        CHECK(has(section(page, "fleet-gone"), "node0039"));
    }
    // It was at 85 % of its type, now with its peers again: +15 % to +20 % (with the noise).
    const auto changes = section(read(book.out() / "en" / "fleet.html"), "fleet-changes");
    std::smatch change;
    REQUIRE(std::regex_search(changes, change, std::regex("\\+([0-9]+\\.[0-9])\u00a0%")));
    CHECK(std::stod(change[1]) >= 15.0);
    CHECK(std::stod(change[1]) <= 20.1);
}

TEST_CASE("a collection that brings no document changes nothing in the fleet folder", "[fleet]") {
    BookCopy book;
    TempDir data;
    make_fleet(6, data.path() / "docs");
    collect(book, data.path() / "docs", 6, "7");
    const auto before = tree(fleet_dir(book));
    // The first collection was stored (a store_collection that writes nothing fails here): six
    // documents as measured, and its record naming job 7.
    CHECK(before.count("node0005.json") == 1);
    CHECK(before.at("node0000.json") == read(data.path() / "docs" / "node0000.json"));
    REQUIRE(before.count("history/latest.json") == 1);
    CHECK(json::parse(before.at("history/latest.json")).at("job") == "7");
    fleet::store_collection(fleet_dir(book),
                            {"8",
                             "2026-11-27T00:00:00Z",
                             {{"node0000", "8_0", "FAILED (Slurm's reason: NonZeroExitCode)"}},
                             {"node0000"},
                             {}},
                            {}, [](const fs::path& file) { return json::parse(read(file)); });
    CHECK(tree(fleet_dir(book)) == before);
}

TEST_CASE("the fleet threshold (--fleet-threshold) sets how far from its peers a figure must be to "
          "be flagged",
          "[fleet]") {
    BookCopy book;
    TempDir data;
    make_fleet(60, data.path() / "docs");
    collect(book, data.path() / "docs", 60, "5");
    auto options = book.options();
    gpuguide::render::build_site(options);
    CHECK(nodes_in(section(read(book.out() / "en" / "fleet.html"), "fleet-outliers")).empty());
    options.fleet_threshold = 1.0; // one robust standard deviation: healthy noise is flagged
    gpuguide::render::build_site(options);
    const auto page = read(book.out() / "en" / "fleet.html");
    CHECK(nodes_in(section(page, "fleet-outliers")).size() > 5);
    CHECK(has(page, "more than 1 robust standard deviation"));
}

TEST_CASE("the full fleet table is written as CSV and JSON next to the page", "[fleet]") {
    BookCopy book;
    TempDir data;
    planted_fleet(book, data, 30, "9");
    gpuguide::render::build_site(book.options());
    for (const char* lang : {"en", "zh"}) {
        const auto csv = read(book.out() / lang / "fleet.csv");
        CHECK(csv.starts_with("host,type,status,"));
        CHECK(std::count(csv.begin(), csv.end(), '\n') == 30); // header + 29 documents
        const auto table = json::parse(read(book.out() / lang / "fleet.json"));
        CHECK(table["hosts"].size() == 29);
        CHECK(table["threshold"] == 3.5);
        CHECK(table["hosts"][0].contains("figures"));
        CHECK(has(read(book.out() / lang / "fleet.html"), "href=\"fleet.csv\""));
        // Written straight as text, not dumped from a tree: still exactly nlohmann's dump of it.
        CHECK(read(book.out() / lang / "fleet.json") == table.dump() + "\n");
    }
    // The same bytes in every language: one file, linked.
    for (const char* file : {"fleet.csv", "fleet.json"}) {
        CHECK(fs::equivalent(book.out() / "en" / file, book.out() / "zh" / file));
    }
}

TEST_CASE("fleet.json writes any string as nlohmann's dump would: quotes, backslashes, control "
          "characters, non-ASCII text",
          "[fleet]") {
    fleet::FleetFolder folder;
    fleet::HostRow row;
    row.host = "node-\"a\"\\b";
    row.file = "node-a.json";
    row.gpu_model = "NVIDIA H200 \xe2\x80\x94 SXM";
    row.cpu = "tab\there";
    row.driver = "580.95 \"open\""; // a quote alone
    row.vbios = "96.00\\A1";         // a backslash alone
    row.date = "2026-11-28T10:00:00Z";
    row.failed = {"gpu.stream", "bad\x01probe"};
    row.figures.resize(fleet::headlines().size());
    row.figures[0] = fleet::Figure{3.25e12, 0, 0.75};
    row.figures[1] = fleet::Figure{1e-7, -1, std::nullopt};
    folder.rows.push_back(row);
    row.host = "node-b";
    row.figures[0]->value = 3.5e12;
    folder.rows.push_back(row);
    const auto analysis = fleet::analyse(folder);
    const auto text = fleet::table_json(folder, analysis);
    const auto table = json::parse(text);
    CHECK(text == table.dump() + "\n");
    REQUIRE(table["hosts"].size() == 2);
    CHECK(table["hosts"][0]["host"] == "node-\"a\"\\b");
    CHECK(table["hosts"][0]["cpu"] == "tab\there");
    CHECK(table["hosts"][0]["driver"] == "580.95 \"open\"");
    CHECK(table["hosts"][0]["vbios"] == "96.00\\A1");
    CHECK(table["hosts"][0]["failed_probes"][1] == "bad\x01probe");
    CHECK(table["hosts"][0]["gpu_model"] == "NVIDIA H200 \xe2\x80\x94 SXM");
    const auto& first = table["hosts"][0]["figures"][fleet::headlines()[0].key];
    CHECK(first["value"] == 3.25e12);
    CHECK(first["gpu"] == 0);
    CHECK(first["share_of_datasheet"] == 0.75);
}

TEST_CASE(
    "a large fleet's per-host detail goes to pages of its own, and the fleet page stays small",
    "[fleet]") {
    BookCopy book;
    TempDir data;
    // Three detail pages of 250 nodes (render/fleet_page.cpp), the last one part-full. Each
    // document is parsed as `gpuguide fleet` parses it: under ASan that is most of the test's time.
    make_fleet(520, data.path() / "docs");
    collect(book, data.path() / "docs", 520, "11");
    gpuguide::render::build_site(book.options());
    const auto page = read(book.out() / "en" / "fleet.html");
    CHECK(page.size() < 60000);
    CHECK(has(page, "href=\"fleet-hosts-1.html\""));
    std::set<std::string> listed;
    int parts = 0;
    while (fs::exists(book.out() / "en" / ("fleet-hosts-" + std::to_string(parts + 1) + ".html"))) {
        ++parts;
        for (const auto& node : nodes_in(
                 read(book.out() / "en" / ("fleet-hosts-" + std::to_string(parts) + ".html")))) {
            listed.insert(node);
        }
    }
    CHECK(parts == 3);
    CHECK(listed.size() == 520);
}

TEST_CASE("a theme that overrides a fleet template restyles the fleet page", "[fleet][theme]") {
    BookCopy book;
    TempDir data;
    const auto faults = planted_fleet(book, data, 12, "3");
    write(book.root() / "templates" / "fleet" / "outliers.mustache",
          "<section id=\"fleet-outliers\"><p "
          "class=\"my-outliers\">{{#outliers}}[{{host}}]{{/outliers}}</p></section>\n");
    gpuguide::render::build_site(book.options());
    const auto page = read(book.out() / "en" / "fleet.html");
    CHECK(has(page, "<p class=\"my-outliers\">"));
    CHECK(has(page, "[" + faults["slow"].get<std::string>() + "]"));
    // The other parts still come from the built-in theme.
    CHECK(has(page, "id=\"fleet-types\""));
}
