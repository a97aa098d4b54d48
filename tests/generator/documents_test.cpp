// Reading values out of measurement documents by JSON pointer (measure/documents.hpp), as the
// store, the figure words and the fleet's rows all do.
#include "fleet/rows.hpp"
#include "gpuguide_catch.hpp"
#include "measure/documents.hpp"

#include <nlohmann/json.hpp>

using nlohmann::json;
namespace measure = gpuguide::measure;

TEST_CASE("JSON pointers: ~1 is a slash and ~0 a tilde inside a name (RFC 6901)", "[json]") {
    const json document = {{"a/b", "slash"},
                           {"m~n", "tilde"},
                           {"~1", "literal"},
                           {"list", {"zero", "one"}},
                           {"deep", {{"x/y", {{"z~", 3}}}}}};
    CHECK(measure::text_at(document, "/a~1b") == "slash");
    CHECK(measure::text_at(document, "/m~0n") == "tilde");
    CHECK(measure::text_at(document, "/~01") == "literal"); // ~0 first: "~1", not "/"
    CHECK(measure::text_at(document, "/list/1") == "one");
    REQUIRE(measure::value_at(document, "/deep/x~1y/z~0") != nullptr);
    CHECK(*measure::value_at(document, "/deep/x~1y/z~0") == 3);
    // Not there, not text, or not a pointer at all: nothing, never an exception.
    CHECK(measure::value_at(document, "/a/b") == nullptr);
    CHECK(measure::value_at(document, "/list/2") == nullptr);
    CHECK(measure::value_at(document, "/list/99999999999999999999999") == nullptr);
    CHECK(measure::value_at(document, "/list/x") == nullptr);
    CHECK(measure::value_at(document, "no-slash") == nullptr);
    CHECK(measure::value_at(document, "/bad~2escape") == nullptr);
    CHECK(measure::text_at(document, "/deep").empty());
}

TEST_CASE("a fleet row reads the provenance through the same pointers", "[json][fleet]") {
    const json document = {
        {"provenance",
         {{"host", "node/7"}, {"cpu", "EPYC"}, {"gpus", {{{"name", "H100"}}, {{"name", "H100"}}}}}},
        {"probes", {{"gpu.stream", {{"status", "failed"}}}}}};
    const auto row = gpuguide::fleet::row_of(document, "node7.json");
    CHECK(row.host == "node/7");
    CHECK(row.cpu == "EPYC");
    CHECK(row.gpus == 2);
    CHECK(row.gpu_model == "H100");
    CHECK(row.failed == std::vector<std::string>{"gpu.stream"});
}
