// The measurement schema: round trip, and validation errors that point at the problem.
#include "core/probe.hpp"
#include "core/stats.hpp"
#include "gpuguide_catch.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"
#include "test_support.hpp"

#include <cmath>

using namespace gpuguide::probes;
using nlohmann::json;

namespace {

json valid_document() {
    return {{"schema", "gpuguide-measurements"},
            {"schema_version", 1},
            {"placeholder", false},
            {"provenance",
             {{"host", "gpu-host-01"},
              {"date", "2026-11-21T20:00:00Z"},
              {"duration_s", 24.8},
              {"probe_version", "0.1.0"},
              {"compiler", "GNU 12.2.0"},
              {"command", "gpuguide-probe --all"},
              {"driver", nullptr},
              {"cuda_driver", nullptr},
              {"cuda_runtime", nullptr},
              {"cublas", nullptr},
              {"gpus", json::array()},
              {"cpu", "Xeon"}}},
            {"probes",
             {{"cpu.stream",
               {{"status", "ok"},
                {"reason", nullptr},
                {"duration_s", 1.2},
                {"result",
                 {{"threads", 2},
                  {"triad", stats_metric(std::vector<double>{10.0, 11.0, 12.0}, "GB/s")}}}}},
              {"gpu.multi",
               {{"status", "skipped"},
                {"reason", "one GPU"},
                {"duration_s", 0.0},
                {"result", nullptr}}}}}};
}

bool has_error(const json& document, const std::string& pointer, const std::string& words) {
    for (const auto& error : schema::validate_document(document))
        if (error.pointer == pointer && error.message.find(words) != std::string::npos)
            return true;
    return false;
}

} // namespace

TEST_CASE("a valid document validates and survives a write/read round trip unchanged") {
    json document = valid_document();
    CHECK(schema::validate_document(document).empty());
    testing::TempDir dir("roundtrip");
    schema::write_file_atomically(dir.path / "m.json", schema::dump_document(document));
    json back = schema::read_json_file(dir.path / "m.json");
    CHECK(back == document);
    CHECK(back["probes"]["cpu.stream"]["result"]["triad"]["n"]
              .is_number_integer()); // numbers stay numbers
    CHECK(schema::validate_document(back).empty());
}

TEST_CASE("statistics: median, extremes, coefficient of variation") {
    auto s = summarize({4.0, 1.0, 3.0, 2.0});
    CHECK(s.median == 2.5);
    CHECK(s.min == 1.0);
    CHECK(s.max == 4.0);
    CHECK(s.n == 4);
    CHECK(s.cv == Approx(std::sqrt(5.0 / 3.0) / 2.5));
    CHECK(summarize({7.0}).cv == 0.0);
    CHECK_THROWS(summarize({}));
}

TEST_CASE("wrong schema name or version is reported at its pointer") {
    json document = valid_document();
    document["schema"] = "something-else";
    document["schema_version"] = 2;
    CHECK(has_error(document, "/schema", "gpuguide-measurements"));
    CHECK(has_error(document, "/schema_version", "reads schema version 1"));
}

TEST_CASE("schema_version and n are compared as JSON integers, never narrowed") {
    json document = valid_document();
    document["schema_version"] = 4294967297ULL; // 1 once cast to a 32-bit int
    CHECK(has_error(document, "/schema_version", "the document has 4294967297"));
    document["schema_version"] = 1.5;
    CHECK(has_error(document, "/schema_version", "expected an integer"));
    document = valid_document();
    auto& triad = document["probes"]["cpu.stream"]["result"]["triad"];
    triad["n"] = 2.5;
    CHECK(has_error(document, "/probes/cpu.stream/result/triad/n", "non-negative integer"));
    triad["n"] = -1;
    CHECK(has_error(document, "/probes/cpu.stream/result/triad/n", "non-negative integer"));
    triad["n"] = 18446744073709551615ULL; // a uint64: was -1 as a long long
    CHECK(schema::validate_document(document).empty());
}

TEST_CASE("provenance.bundle, when present, names the bundle's build and why it ran") {
    json document = valid_document();
    document["provenance"]["bundle"] = {{"build", "cuda12"},
                                        {"reason", "the NVIDIA driver supports CUDA 12.2"}};
    CHECK(schema::validate_document(document).empty());
    document["provenance"]["bundle"]["build"] = "twelve";
    CHECK(has_error(document, "/provenance/bundle/build", "\"cuda12\""));
    document["provenance"]["bundle"] = {{"build", "cuda13"}};
    CHECK(has_error(document, "/provenance/bundle/reason", "expected a string"));
    document["provenance"]["bundle"] = "cuda13";
    CHECK(has_error(document, "/provenance/bundle", "an object"));
}

TEST_CASE("status, reason and result rules") {
    json document = valid_document();
    document["probes"]["cpu.stream"]["status"] = "fine";
    CHECK(has_error(document, "/probes/cpu.stream/status", "\"ok\", \"skipped\" or \"failed\""));
    document = valid_document();
    document["probes"]["gpu.multi"]["reason"] = nullptr;
    CHECK(has_error(document, "/probes/gpu.multi/reason", "needs a reason"));
    document = valid_document();
    document["probes"]["gpu.multi"]["result"] = json::object();
    CHECK(has_error(document, "/probes/gpu.multi/result", "null result"));
    document = valid_document();
    document["probes"]["gpu.multi"]["use_reference"] = true; // a skip may defer to the reference
    CHECK(schema::validate_document(document).empty());
    document["probes"]["gpu.multi"]["use_reference"] = "yes";
    CHECK(has_error(document, "/probes/gpu.multi/use_reference", "a boolean"));
    document = valid_document();
    document["probes"]["cpu.stream"]["use_reference"] = true; // an ok result is this host's own
    CHECK(has_error(document, "/probes/cpu.stream/use_reference", "only a skipped probe"));
    document = valid_document();
    document["probes"]["Bad Key"] = document["probes"]["gpu.multi"];
    CHECK(has_error(document, "/probes/Bad Key", "cpu.name or gpu.name"));
}

TEST_CASE("metric shape, NaN, negative and absurd numbers") {
    json document = valid_document();
    json& triad = document["probes"]["cpu.stream"]["result"]["triad"];
    triad.erase("cv");
    CHECK(has_error(document, "/probes/cpu.stream/result/triad", "\"cv\" is missing"));
    triad["cv"] = 0.1;
    triad["median"] = std::nan("");
    CHECK(has_error(document, "/probes/cpu.stream/result/triad/median", "NaN"));
    triad["median"] = -3.0;
    CHECK(has_error(document, "/probes/cpu.stream/result/triad/median", "negative"));
    triad["median"] = 11.0;
    triad["max"] = 5e6;
    CHECK(has_error(document, "/probes/cpu.stream/result/triad/max", "absurd"));
    triad["max"] = 12.0;
    triad["min"] = 11.5;
    triad["median"] = 11.0;
    CHECK(has_error(document, "/probes/cpu.stream/result/triad", "min <= median <= max"));
    triad["min"] = 10.0;
    triad["n"] = 2.5;
    CHECK(has_error(document, "/probes/cpu.stream/result/triad/n", "non-negative integer"));
}

TEST_CASE("a placeholder document must have every GPU probe skipped") {
    json document = valid_document();
    document["placeholder"] = true;
    CHECK(schema::validate_document(document).empty());
    document["probes"]["gpu.stream"] = document["probes"]["cpu.stream"];
    CHECK(has_error(document, "/probes/gpu.stream/status", "placeholder"));
}

TEST_CASE("non-finite numbers are replaced by null and reported by pointer") {
    json value = {{"a", {{"b", std::nan("")}}}, {"list", {1.0, INFINITY}}, {"ok", 2.0}};
    auto found = replace_non_finite(value);
    CHECK(found == std::vector<std::string>{"/a/b", "/list/1"});
    CHECK(value["a"]["b"].is_null());
    CHECK(value["ok"] == 2.0);
}

TEST_CASE("a JSON syntax error names the file, line and column") {
    testing::TempDir dir("syntax");
    auto path = dir.path / "broken.json";
    schema::write_file_atomically(path, "{\n  \"schema\": \"x\",\n  \"probes\": nope\n}\n");
    try {
        schema::read_json_file(path);
        FAIL("no error");
    } catch (const schema::DocumentError& error) {
        CHECK_THAT(error.what(), Catch::Matchers::ContainsSubstring("broken.json:3:"));
    }
}

TEST_CASE("the committed reference documents are valid") {
    std::filesystem::path folder =
        std::filesystem::path(GPUGUIDE_SOURCE_DIR) / "content/measurements/reference";
    // The guide ships its reference documents: without them there is nothing to check, a failure.
    INFO(folder);
    REQUIRE(std::filesystem::is_directory(folder));
    std::size_t checked = 0;
    for (const auto& file : std::filesystem::directory_iterator(folder)) {
        if (file.path().extension() != ".json")
            continue;
        INFO(file.path());
        json document = schema::read_json_file(file.path());
        CHECK(schema::format_errors(schema::validate_document(document)) == "");
        ++checked;
    }
    CHECK(checked >= 1);
}

TEST_CASE("the schema's list of probe keys is the registry's, in its order") {
    // The generator checks pages' probe names against schema::kProbeKeys without starting
    // gpuguide-probe; a probe added to the registry must be added there too.
    const auto registry = make_registry();
    REQUIRE(registry.size() == schema::kProbeKeys.size());
    for (std::size_t i = 0; i < registry.size(); ++i) {
        CHECK(registry[i]->key() == schema::kProbeKeys[i]);
    }
}
