// A collection's record (history/latest.json) is read with simdjson where it is exactly as
// record_text wrote it, and with nlohmann::json otherwise (fleet/record.hpp): both readings give
// the same record, and the quick one never answers for a record it does not fully understand.
#include "fleet/record.hpp"
#include "fleet/simd_document.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

#include <nlohmann/json.hpp>
#include <tuple>

using namespace gg_test;
using nlohmann::json;
namespace fleet = gpuguide::fleet;

namespace {

/// A record of `count` synthetic nodes (make_fleet.py, faults planted), one of which sent nothing.
fleet::CollectionRecord synthetic_record(int count) {
    TempDir dir;
    const auto script = fs::path(GPUGUIDE_TESTS_DIR).parent_path() / "bench/fleet/make_fleet.py";
    const auto command = "python3 '" + script.string() + "' " + std::to_string(count) + " '" +
                         dir.path().string() + "' --faults '" +
                         (dir.path() / "faults.json").string() + "'";
    REQUIRE(std::system(command.c_str()) == 0);
    fleet::CollectionRecord record{"4242", "2026-11-28T20:00:00Z", {}, {"node0000", "gone1"}, {}};
    for (int i = 0; i < count; ++i) {
        char name[16];
        std::snprintf(name, sizeof name, "node%04d", i);
        const auto file = dir.path() / (std::string(name) + ".json");
        if (!fs::exists(file)) {
            record.asked.push_back({name, "4242_" + std::to_string(i), "sent nothing"});
            continue;
        }
        record.asked.push_back({name, "4242_" + std::to_string(i), ""});
        auto row = fleet::quick_row_of_file(file, std::string(name) + ".json");
        REQUIRE(row);
        fleet::stamp(*row, file);
        record.rows.push_back(std::move(*row));
    }
    return record;
}

/// Every field of a row, for comparing a row read back with the row written.
auto fields(const fleet::HostRow& row) {
    std::vector<std::optional<std::tuple<double, int, std::optional<double>>>> figures;
    for (const auto& figure : row.figures) {
        figures.push_back(figure
                              ? std::optional(std::tuple(figure->value, figure->gpu, figure->share))
                              : std::nullopt);
    }
    return std::tuple(row.host, row.file, row.gpu_model, row.gpus, row.cpu, row.driver, row.cuda,
                      row.vbios, row.ecc, row.date, row.probe_version, row.failed, figures,
                      row.size, row.mtime_ns);
}

json as_json(const std::optional<fleet::CollectionRecord>& record) {
    return record ? json::parse(fleet::record_text(*record)) : json();
}

} // namespace

TEST_CASE("fleet record: the quick reading gives the record nlohmann's reading gives",
          "[fleet][record]") {
    const auto record = synthetic_record(12);
    bool cpu_figure = false; // a figure of no GPU (-1) is in the record
    for (const auto& row : record.rows) {
        for (const auto& figure : row.figures) {
            cpu_figure = cpu_figure || (figure && figure->gpu == -1);
        }
    }
    REQUIRE(cpu_figure);
    const auto text = fleet::record_text(record);
    const auto quick = fleet::record_quickly(text);
    REQUIRE(quick);
    CHECK(as_json(quick) == as_json(fleet::record_from_json(json::parse(text))));
    CHECK(as_json(quick) == json::parse(text));
    CHECK(as_json(quick)["index"]["rows"].size() == record.rows.size());
}

TEST_CASE("fleet record: what record_text would not write is left to nlohmann's reading",
          "[fleet][record]") {
    const auto written = json::parse(fleet::record_text(synthetic_record(3)));
    const std::vector<std::pair<std::string, std::function<void(json&)>>> changes = {
        {"no cluster list", [](json& r) { r.erase("cluster"); }},
        {"an index of another version", [](json& r) { r["index"]["version"] = 2; }},
        {"a row's GPU count as a float", [](json& r) { r["index"]["rows"][0]["gpus"] = 8.0; }},
        {"a figure of two parts",
         [](json& r) {
             r["index"]["rows"][0]["figures"][0] = {1.0, 0};
         }},
        {"a record of another version", [](json& r) { r["version"] = 2; }},
        {"a job as a number", [](json& r) { r["job"] = 4242; }},
        {"a negative size", [](json& r) { r["index"]["rows"][0]["size"] = -1; }},
    };
    for (const auto& [what, change] : changes) {
        CAPTURE(what);
        auto record = written;
        change(record);
        const auto text = record.dump(1);
        CHECK_FALSE(fleet::record_quickly(text));
        // read_record gives what nlohmann's reading gives.
        TempDir dir;
        write(dir.path() / "latest.json", text);
        CHECK(as_json(fleet::read_record(dir.path() / "latest.json")) ==
              as_json(fleet::record_from_json(json::parse(text))));
    }
}

TEST_CASE("fleet record: the written text reads back as the same record, awkward strings and all",
          "[fleet][record]") {
    auto record = synthetic_record(4);
    REQUIRE(record.rows.size() >= 2);
    // Each needs escaping, or is not ASCII: none may be written as it is.
    const std::vector<std::string> awkward = {
        "a \"quoted\" name",          "back\\slash", "tab\there", std::string("bell\x07"),
        "\xe8\x8a\x82\xe7\x82\xb9 7", "\""};
    record.job = awkward[0];
    record.date = awkward[1];
    record.cluster = awkward;
    record.asked[0].fault = awkward[2];
    auto& row = record.rows[1];
    row.host = awkward[3];
    row.cpu = awkward[4];
    row.vbios = awkward[5];
    row.failed = awkward;
    row.figures[0] = fleet::Figure{-1.5e-7, 3, 0.25};
    row.figures[1] = fleet::Figure{1e300, -1, std::nullopt};
    row.figures[2] = std::nullopt;
    row.size = 12345678901234;
    row.mtime_ns = -42;
    const auto text = fleet::record_text(record);
    CHECK(text.back() == '\n');
    for (const auto& reading :
         {fleet::record_quickly(text), fleet::record_from_json(json::parse(text))}) {
        REQUIRE(reading);
        CHECK(fleet::record_text(*reading) == text); // nothing lost or changed on the way
        CHECK(std::tie(reading->job, reading->date, reading->cluster) ==
              std::tie(record.job, record.date, record.cluster));
        REQUIRE(reading->asked.size() == record.asked.size());
        for (std::size_t i = 0; i < record.asked.size(); ++i) {
            const auto &read = reading->asked[i], &written = record.asked[i];
            CHECK(std::tie(read.node, read.task, read.fault) ==
                  std::tie(written.node, written.task, written.fault));
        }
        // Field by field: a field written under another's name reads back consistently.
        REQUIRE(reading->rows.size() == record.rows.size());
        for (std::size_t r = 0; r < record.rows.size(); ++r) {
            CAPTURE(r);
            CHECK(fields(reading->rows[r]) == fields(record.rows[r]));
        }
    }
    // Invalid UTF-8 is replaced, as a dump() with error_handler_t::replace writes it.
    record.job = "\xff\xfe";
    CHECK(json::parse(fleet::record_text(record))["job"] == "\xef\xbf\xbd\xef\xbf\xbd");
}
