// The GPU probes on a real GPU (hidden tag: run with "[gpu]"). Without one, the test prints why and
// exits with code 77, which ctest reports as "Skipped" (tests/probes/CMakeLists.txt sets
// SKIP_RETURN_CODE 77).
#include "gpuguide_catch.hpp"
#include "schema/schema.hpp"
#include "test_support.hpp"

#include <cstdlib>
#include <iostream>

using namespace gpuguide::probes;
using gpuguide::probes::testing::quick_options;
using gpuguide::probes::testing::TempDir;
using nlohmann::json;

namespace {

double median(const json& metric) {
    return metric.value("median", metric.value("value", -1.0));
}

} // namespace

TEST_CASE("GPU probes give verified, plausible figures on this machine's GPU", "[.gpu]") {
    TempDir dir("gpu");
    auto outcome =
        collect_measurements(quick_options(dir.path,
                                           {"gpu.specs", "gpu.stream", "gpu.transfer", "gpu.gemm",
                                            "gpu.latency", "gpu.power", "gpu.multi", "gpu.llm"},
                                           Mode::Fresh));
    REQUIRE(outcome.document);
    const json& probes = (*outcome.document)["probes"];
    if (probes["gpu.specs"]["status"] == "skipped") {
        std::cout << "SKIPPED: no usable GPU here: "
                  << probes["gpu.specs"]["reason"].get<std::string>() << "\n";
        std::exit(77);
    }
    INFO(probes.dump(2));
    CHECK(schema::validate_document(*outcome.document).empty());
    CHECK(outcome.source == Source::Measured);
    for (const char* key :
         {"gpu.specs", "gpu.stream", "gpu.transfer", "gpu.gemm", "gpu.latency", "gpu.llm"})
        CHECK(probes[key]["status"] == "ok");
    // gpu.llm (quick: the tiny shape): every decode setting has a rate, and its bytes.
    for (const auto& [key, run] : probes["gpu.llm"]["result"]["devices"][0]["decode"].items()) {
        INFO(key);
        CHECK(median(run["tokens_per_s"]) > 0);
        CHECK(median(run["bytes_per_step"]) > 0);
    }
    const json& specs = probes["gpu.specs"]["result"]["devices"][0];
    CHECK(specs["uuid"].get<std::string>().rfind("GPU-", 0) == 0);
    CHECK(specs["sm_count"].get<int>() > 0);
    const json& stream = probes["gpu.stream"]["result"]["devices"][0];
    CHECK(stream["verified"] == true);
    CHECK(median(stream["triad"]) > 10);
    CHECK(median(stream["triad"]) <= median(specs["peak"]["memory_bandwidth"]) * 1.1);
    const json& gemm = probes["gpu.gemm"]["result"]["devices"][0]["precisions"];
    for (const auto& [name, entry] : gemm.items()) {
        if (!entry["supported"].get<bool>())
            continue;
        INFO(name);
        CHECK(entry["max_rel_error"].get<double>() <= entry["tolerance"].get<double>());
        CHECK(median(entry["best"]) > 0);
    }
    const json& latency = probes["gpu.latency"]["result"]["devices"][0];
    CHECK(median(latency["chase"]["l1"]["ns"]) < median(latency["chase"]["l2"]["ns"]));
    // A set of several times the L2 must miss it: every GPU's DRAM latency is well above 1.5x its
    // L2 hit latency (a walk that revisits a few cached nodes would not be).
    CHECK(median(latency["chase"]["dram"]["ns"]) > 1.5 * median(latency["chase"]["l2"]["ns"]));
    CHECK(median(latency["graph_launch"]) < median(latency["launch"]));
    // launch waits for each kernel; launch_async does not: the first is the larger figure.
    CHECK(median(latency["launch_async"]) < median(latency["launch"]));
    // Conditions are sampled while the device works (NVML comes with every driver).
    CHECK(stream["conditions"]["samples"].get<int>() > 0);
    CHECK(stream["conditions"]["sm_clock_mhz"].get<double>() > 0);
    if (gemm.contains("fp8") && gemm["fp8"]["supported"].get<bool>()) {
        CHECK(gemm["fp8"]["fast_accum"] == false);
        CHECK(gemm["fp8_fast_accum"]["fast_accum"] == true);
    }
    // gpu.power needs NVML's energy counter, gpu.multi two GPUs: either may be skipped, with a
    // reason.
    for (const char* key : {"gpu.power", "gpu.multi"})
        CHECK((probes[key]["status"] == "ok" || probes[key]["status"] == "skipped"));
    if (probes["gpu.power"]["status"] == "ok") {
        const json& power = probes["gpu.power"]["result"]["devices"][0];
        CHECK(power["whole_run"]["avg_power"]["value"].get<double>() > 0);
        CHECK(power["whole_run"]["efficiency"]["value"].get<double>() > 0);
    }
}
