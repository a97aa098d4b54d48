// gpuguide-probe itself: --all isolates each probe in its own process (the reference path), and
// the device choice and timeouts that go with it. No GPU needed.
#include "core/devices.hpp"
#include "core/host.hpp"
#include "gpuguide_catch.hpp"
#include "runner/isolate.hpp"
#include "runner/spawn.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"
#include "test_support.hpp"

using namespace gpuguide::probes;
using gpuguide::probes::testing::TempDir;
using nlohmann::json;
using std::chrono::milliseconds;

namespace {

/// Runs `gpuguide-probe --all --quick ARGS --json-out DIR/x.json` with GPUGUIDE_PROBE_FAULT set.
/// An empty `fault` injects none, and needs no test hooks.
ChildResult run_tool(const TempDir& dir, const std::string& fault, std::vector<std::string> args) {
    if (!fault.empty())
        testing::require_test_hooks();
    std::vector<std::string> all{"--all", "--quick", "--json-out", (dir.path / "x.json").string()};
    all.insert(all.end(), args.begin(), args.end());
    return run_child(testing::probe_exe(), all, {"GPUGUIDE_PROBE_FAULT=" + fault},
                     std::chrono::seconds(300), dir.path / "stderr.txt");
}

/// x.json exists and validates, cpu.stream failed with `reason_part`, cpu.gemm measured.
void require_stream_failed_alone(const TempDir& dir, const ChildResult& child,
                                 const std::string& reason_part) {
    INFO(child.stderr_tail);
    REQUIRE(child.exit_code == 0);
    json document = schema::read_json_file(dir.path / "x.json");
    const json& probes = document["probes"];
    INFO(probes.dump(2).substr(0, 4000));
    CHECK(schema::validate_document(document).empty());
    CHECK(probes["cpu.stream"]["status"] == "failed");
    CHECK(probes["cpu.stream"]["reason"].get<std::string>().find(reason_part) != std::string::npos);
    CHECK(probes["cpu.gemm"]["status"] == "ok");
    CHECK(probes["cpu.gemm"]["result"]["fp64"]["median"].get<double>() > 0);
    CHECK(probes["cpu.info"]["status"] == "ok");
    CHECK(probes.contains("gpu.gemm")); // every probe has its entry, GPU ones too
}

} // namespace

TEST_CASE("gpuguide-probe --all: a crashing probe fails alone and the document stays valid",
          "[.may-skip]") {
    TempDir dir("tool-crash");
    require_stream_failed_alone(dir, run_tool(dir, "cpu.stream:crash", {}), "crashed (signal 11");
}

TEST_CASE("gpuguide-probe --all: a hanging probe is killed at its timeout, the rest measured",
          "[.may-skip]") {
    TempDir dir("tool-hang");
    auto start = std::chrono::steady_clock::now();
    ChildResult child = run_tool(dir, "cpu.stream:hang", {"--timeout", "2"});
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(120));
    require_stream_failed_alone(dir, child, "timed out after 2");
}

TEST_CASE("gpuguide-probe --all: garbage from one probe is that probe's failure only",
          "[.may-skip]") {
    TempDir dir("tool-garbage");
    require_stream_failed_alone(dir, run_tool(dir, "cpu.stream:garbage", {}), "invalid output");
}

TEST_CASE("gpuguide-probe --devices: a malformed list is refused with exit status 2") {
    TempDir dir("tool-devices");
    ChildResult child = run_tool(dir, "", {"--devices", "0,x"});
    CHECK(child.exit_code == 2);
    CHECK(child.stderr_tail.find("'x' is not a device index") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path / "x.json"));
}

TEST_CASE("device lists parse, print and are checked against the visible devices") {
    CHECK(parse_device_list("0,3") == std::vector<int>{0, 3});
    CHECK(parse_device_list("5") == std::vector<int>{5});
    CHECK(device_list_text({0, 3}) == "0,3");
    for (const char* bad : {"", "0,", ",1", "a", "-1", "1,1", "0;1", "1.5"})
        CHECK_THROWS_AS(parse_device_list(bad), std::invalid_argument);
    CHECK(devices_to_measure({}, 4) == std::vector<int>{0, 1, 2, 3}); // default: all
    CHECK(devices_to_measure({}, 0).empty());
    CHECK(devices_to_measure({3, 0}, 4) == std::vector<int>{3, 0});
    CHECK_THROWS_WITH(devices_to_measure({0, 3}, 2),
                      Catch::Matchers::ContainsSubstring("device 3 is not visible"));
}

TEST_CASE("a GPU probe's timeout grows with the devices it measures, a CPU probe's does not") {
    milliseconds base(120'000);
    CHECK(probe_timeout(base, true, 8) == milliseconds(960'000));
    CHECK(probe_timeout(base, true, 2) == milliseconds(240'000));
    CHECK(probe_timeout(base, true, 0) == base); // no device: the probe skips quickly anyway
    CHECK(probe_timeout(base, false, 8) == base);
}

TEST_CASE("without cuBLAS the probe program starts, says so and runs its CPU probes",
          "[.may-skip]") {
    testing::require_test_hooks();
    TempDir dir("tool-no-cublas");
    // Hide both sonames whatever the major version (only the exact names are matched).
    std::string hide = "GPUGUIDE_PROBE_HIDE_LIBS=";
    for (int major = 11; major <= 14; ++major)
        hide += "libcublas.so." + std::to_string(major) + ",libcublasLt.so." +
                std::to_string(major) + ",";
    auto out = (dir.path / "x.json").string();
    ChildResult identity = run_child(testing::probe_exe(), {"--identity", "--json-out", out},
                                     {hide}, std::chrono::seconds(60), dir.path / "stderr.txt");
    REQUIRE(identity.exit_code == 0);
    CHECK(schema::read_json_file(out)["cublas"].is_null());
    ChildResult cpu = run_child(testing::probe_exe(), {"--only", "cpu.info", "--json-out", out},
                                {hide}, std::chrono::seconds(60), dir.path / "stderr.txt");
    REQUIRE(cpu.exit_code == 0);
    json document = schema::read_json_file(out);
    CHECK(document["probes"]["cpu.info"]["status"] == "ok");
    CHECK(document["provenance"]["cublas"].is_null());
}

TEST_CASE("gpuguide-probe --host-name: the document names the given host, not this machine's") {
    TempDir dir("tool-host-name");
    auto out = (dir.path / "x.json").string();
    // Both paths: one probe in this process, and several isolated in child processes.
    for (const std::vector<std::string>& selection :
         {std::vector<std::string>{"--only", "cpu.info"},
          std::vector<std::string>{"--quick", "--only", "cpu.info", "--only", "cpu.stream"}}) {
        std::vector<std::string> args = selection;
        args.insert(args.end(), {"--host-name", "reference-h200", "--json-out", out});
        ChildResult child = run_child(testing::probe_exe(), args, {}, std::chrono::seconds(60),
                                      dir.path / "stderr.txt");
        INFO(child.stderr_tail);
        REQUIRE(child.exit_code == 0);
        json document = schema::read_json_file(out);
        CHECK(schema::validate_document(document).empty());
        CHECK(document["provenance"]["host"] == "reference-h200");
        CHECK(document["probes"]["cpu.info"]["status"] == "ok");
        std::filesystem::remove(out);
    }
    // Without the option the host is this machine's own name.
    ChildResult plain = run_child(testing::probe_exe(), {"--only", "cpu.info", "--json-out", out},
                                  {}, std::chrono::seconds(60), dir.path / "stderr.txt");
    REQUIRE(plain.exit_code == 0);
    CHECK(schema::read_json_file(out)["provenance"]["host"] == host_name());
}
