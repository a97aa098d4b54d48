// The runner: probe isolation (crash, hang, garbage, NaN, absurd), modes and the no-GPU path.
#include "gpuguide_catch.hpp"
#include "schema/schema.hpp"
#include "test_support.hpp"

using namespace gpuguide::probes;
using gpuguide::probes::testing::quick_options;
using gpuguide::probes::testing::TempDir;
using nlohmann::json;

namespace {

RunOutcome run_with_fault(const TempDir& dir, const std::string& fault,
                          std::chrono::seconds timeout = std::chrono::seconds(60)) {
    testing::require_test_hooks();
    RunOptions options = quick_options(dir.path, {"cpu.info", "cpu.stream"}, Mode::Fresh);
    options.extra_env = {"GPUGUIDE_PROBE_FAULT=cpu.info:" + fault};
    options.timeout = timeout;
    return collect_measurements(options);
}

void require_isolated_failure(const RunOutcome& outcome, const std::string& reason_part) {
    REQUIRE(outcome.document);
    const json& probes = (*outcome.document)["probes"];
    INFO(probes.dump(2));
    CHECK(probes["cpu.info"]["status"] == "failed");
    CHECK(probes["cpu.info"]["reason"].get<std::string>().find(reason_part) != std::string::npos);
    // The other probe is measured all the same, and the whole document stays valid.
    CHECK(probes["cpu.stream"]["status"] == "ok");
    CHECK(probes["cpu.stream"]["result"]["triad"]["median"].get<double>() > 0);
    CHECK(schema::validate_document(*outcome.document).empty());
}

} // namespace

TEST_CASE("a crashing probe is recorded as failed and the others carry on", "[.may-skip]") {
    TempDir dir("crash");
    require_isolated_failure(run_with_fault(dir, "crash"), "crashed (signal");
}

TEST_CASE("a hanging probe is killed after the timeout and recorded as failed", "[.may-skip]") {
    TempDir dir("hang");
    auto start = std::chrono::steady_clock::now();
    auto outcome = run_with_fault(dir, "hang", std::chrono::seconds(2));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    require_isolated_failure(outcome, "timed out after 2");
}

TEST_CASE("garbage output is recorded as failed", "[.may-skip]") {
    TempDir dir("garbage");
    require_isolated_failure(run_with_fault(dir, "garbage"), "invalid output");
}

TEST_CASE("a NaN result is recorded as failed with where it was", "[.may-skip]") {
    TempDir dir("nan");
    auto outcome = run_with_fault(dir, "nan");
    require_isolated_failure(outcome, "non-finite value at /injected_fault/");
    // What was measured is kept; the NaN itself became null.
    const json& info = (*outcome.document)["probes"]["cpu.info"]["result"];
    CHECK(info["injected_fault"]["median"].is_null());
    CHECK(info["threads"].get<int>() > 0);
}

TEST_CASE("a probe whose support check throws is recorded as failed, not as a crash",
          "[.may-skip]") {
    TempDir dir("unsupportable");
    require_isolated_failure(run_with_fault(dir, "unsupportable"),
                             "checking whether the probe can run: injected fault");
}

TEST_CASE("an absurd value is rejected with the pointer and the value", "[.may-skip]") {
    TempDir dir("absurd");
    require_isolated_failure(run_with_fault(dir, "absurd"), "absurd value");
}

TEST_CASE("without a usable GPU the GPU probes are skipped with a reason and CPU probes measure",
          "[.may-skip]") {
    TempDir dir("nogpu");
    auto outcome = collect_measurements(
        quick_options(dir.path, {"cpu.info", "cpu.stream", "cpu.latency", "cpu.gemm", "gpu.specs",
                                 "gpu.stream", "gpu.multi"}));
    REQUIRE(outcome.document);
    const json& doc = *outcome.document;
    INFO(doc.dump(2));
    REQUIRE(schema::validate_document(doc).empty());
    if (doc["probes"]["gpu.specs"]["status"] == "ok")
        gpuguide::testing::skip(
            "this machine has a usable GPU, so the no-GPU path cannot be shown");
    CHECK(outcome.source == Source::None);
    CHECK(outcome.note.find("reference") != std::string::npos);
    for (const char* key : {"gpu.specs", "gpu.stream", "gpu.multi"}) {
        CHECK(doc["probes"][key]["status"] == "skipped");
        CHECK(doc["probes"][key]["use_reference"] == true); // pages show the reference instead
        CHECK(doc["probes"][key]["reason"].get<std::string>().size() > 10);
        CHECK(doc["probes"][key]["result"].is_null());
    }
    const json& probes = doc["probes"];
    CHECK_FALSE(probes["cpu.info"].contains("use_reference"));
    CHECK(probes["cpu.info"]["result"]["threads"].get<int>() >= 1);
    CHECK(probes["cpu.info"]["result"]["model"].get<std::string>().size() > 0);
    CHECK(probes["cpu.stream"]["result"]["triad"]["median"].get<double>() > 0.1);
    CHECK(probes["cpu.latency"]["result"]["dram"]["median"].get<double>() > 0.1);
    CHECK(probes["cpu.latency"]["result"]["curve"].size() >= 5);
    CHECK(probes["cpu.gemm"]["result"]["fp32"]["median"].get<double>() > 0.1);
    CHECK(probes["cpu.gemm"]["result"]["fp64"]["median"].get<double>() > 0.1);
    CHECK(probes["cpu.gemm"]["result"]["blas"].get<std::string>().find("OpenBLAS") == 0);
}

TEST_CASE("reference mode never runs a GPU probe and says why") {
    TempDir dir("reference");
    auto outcome =
        collect_measurements(quick_options(dir.path, {"cpu.info", "gpu.stream"}, Mode::Reference));
    REQUIRE(outcome.document);
    CHECK(outcome.source == Source::None);
    CHECK((*outcome.document)["probes"]["gpu.stream"]["status"] == "skipped");
    CHECK((*outcome.document)["probes"]["gpu.stream"]["reason"].get<std::string>().find(
              "reference") != std::string::npos);
    CHECK((*outcome.document)["probes"]["cpu.info"]["status"] == "ok");
}

TEST_CASE("progress is reported for each probe, then once at the end") {
    TempDir dir("progress");
    RunOptions options = quick_options(dir.path, {"cpu.info", "gpu.specs"});
    std::vector<Progress> seen;
    options.on_progress = [&](const Progress& progress) { seen.push_back(progress); };
    collect_measurements(options);
    REQUIRE(seen.size() == 3);
    CHECK(seen[0].key == "cpu.info");
    CHECK(seen[0].k == 0);
    CHECK(seen[1].key == "gpu.specs");
    CHECK(seen[1].k == 1);
    CHECK(seen[2].k == 2);
    CHECK(seen[2].n == 2);
    CHECK(seen[2].elapsed >= seen[1].elapsed);
}

TEST_CASE("a missing probe program gives no document and a note naming the path") {
    TempDir dir("missing");
    RunOptions options = quick_options(dir.path, {"cpu.info"});
    options.probe_exe = dir.path / "no-such-gpuguide-probe";
    auto outcome = collect_measurements(options);
    CHECK_FALSE(outcome.document);
    CHECK(outcome.note.find("no-such-gpuguide-probe") != std::string::npos);
}

TEST_CASE("measure modes parse and print") {
    for (Mode mode : {Mode::Auto, Mode::Fresh, Mode::Cached, Mode::Reference})
        CHECK(parse_mode(mode_name(mode)) == mode);
    CHECK_FALSE(parse_mode("sometimes"));
}
