// The result cache: its key covers every input, reuse works, and damage or a killed run never
// turns into a wrong result.
#include "gpuguide_catch.hpp"
#include "runner/cache.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"
#include "test_support.hpp"

#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace gpuguide::probes;
using gpuguide::probes::testing::quick_options;
using gpuguide::probes::testing::TempDir;
using nlohmann::json;

namespace {

json sample_identity() {
    return {{"source_hash", "abc"},
            {"probe_version", "0.1.0"},
            {"compiler", "GNU 12.2.0; nvcc 13.0.88"},
            {"flags", "Release -O3"},
            {"driver", "580.95.05"},
            {"cuda_driver", "13.0"},
            {"cuda_runtime", "13.0"},
            {"cublas", "13.0.2"},
            {"gpus",
             json::array({{{"index", 0}, {"name", "NVIDIA H100 80GB HBM3"}, {"uuid", "GPU-1"}}})},
            {"host", "gpu-host-01"},
            {"cpu", "Intel(R) Xeon(R) Platinum 8480+"}};
}

/// Files in the cache folder that are complete, valid documents; throws on any damaged one.
std::size_t count_valid_cache_files(const std::filesystem::path& folder) {
    std::size_t valid = 0;
    for (const auto& file : std::filesystem::recursive_directory_iterator(folder)) {
        auto name = file.path().filename().string();
        if (file.path().extension() != ".json" || name[0] == '.' ||
            file.path().parent_path().filename() == "scratch")
            continue;
        REQUIRE(schema::validate_document(schema::read_json_file(file.path())).empty());
        ++valid;
    }
    return valid;
}

} // namespace

TEST_CASE("the cache key changes with every input") {
    const json base = sample_identity();
    const std::string key = cache_key(base, false);
    CHECK(key.size() == 16);
    CHECK(cache_key(base, false) == key); // stable
    CHECK(cache_key(base, true) != key);  // quick results never mix with real ones
    for (const auto& [field, value] : base.items()) {
        json changed = base;
        if (field == "gpus")
            changed[field][0]["uuid"] = "GPU-2";
        else
            changed[field] = value.get<std::string>() + "x";
        INFO("changed " << field);
        CHECK(cache_key(changed, false) != key);
    }
    json unrelated = base;
    unrelated["gpu_reason"] = "anything"; // not an input: the key must not depend on it
    CHECK(cache_key(unrelated, false) == key);
}

TEST_CASE("a second auto run takes the CPU results from the cache, and fresh measures again") {
    TempDir dir("reuse");
    auto first = collect_measurements(quick_options(dir.path, {"cpu.info", "cpu.stream"}));
    REQUIRE(first.document);
    CHECK_FALSE((*first.document)["probes"]["cpu.stream"].contains("from_cache"));
    std::vector<bool> from_cache;
    RunOptions options = quick_options(dir.path, {"cpu.info", "cpu.stream"});
    options.on_progress = [&](const Progress& p) {
        if (!p.key.empty())
            from_cache.push_back(p.from_cache);
    };
    auto second = collect_measurements(options);
    REQUIRE(second.document);
    CHECK(from_cache == std::vector<bool>{true, true});
    CHECK((*second.document)["probes"]["cpu.stream"]["from_cache"] == true);
    CHECK((*second.document)["probes"]["cpu.stream"]["result"] ==
          (*first.document)["probes"]["cpu.stream"]["result"]);
    options.mode = Mode::Fresh;
    from_cache.clear();
    collect_measurements(options);
    CHECK(from_cache == std::vector<bool>{false, false});
}

TEST_CASE("a failed probe is not cached, and an earlier good result survives it", "[.may-skip]") {
    testing::require_test_hooks();
    TempDir dir("nocache-fail");
    auto good = collect_measurements(quick_options(dir.path, {"cpu.info"}));
    REQUIRE((*good.document)["probes"]["cpu.info"]["status"] == "ok");
    RunOptions crash = quick_options(dir.path, {"cpu.info"}, Mode::Fresh);
    crash.extra_env = {"GPUGUIDE_PROBE_FAULT=cpu.info:crash"};
    CHECK((*collect_measurements(crash).document)["probes"]["cpu.info"]["status"] == "failed");
    auto again = collect_measurements(quick_options(dir.path, {"cpu.info"}, Mode::Cached));
    CHECK((*again.document)["probes"]["cpu.info"]["status"] == "ok");
    CHECK((*again.document)["probes"]["cpu.info"]["from_cache"] == true);
}

TEST_CASE("damaged cache files are ignored and measured again") {
    TempDir dir("damaged");
    auto first = collect_measurements(quick_options(dir.path, {"cpu.info"}));
    REQUIRE(first.document);
    std::string key = (*first.document)["provenance"]["cache_key"];
    auto file = dir.path / "probes" / key / "cpu.info.json";
    REQUIRE(std::filesystem::exists(file));
    { // what a writer killed half-way without the temp-file dance would leave
        std::ofstream truncated(file, std::ios::trunc);
        truncated << "{\"schema\": \"gpuguide-measurements\", \"probes\": {\"cpu.in";
    }
    std::vector<bool> from_cache;
    RunOptions options = quick_options(dir.path, {"cpu.info"});
    options.on_progress = [&](const Progress& p) {
        if (!p.key.empty())
            from_cache.push_back(p.from_cache);
    };
    auto second = collect_measurements(options);
    CHECK(from_cache == std::vector<bool>{false});
    CHECK((*second.document)["probes"]["cpu.info"]["status"] == "ok");
    CHECK(count_valid_cache_files(dir.path) == 1); // and the file was repaired
}

TEST_CASE("a run killed part-way leaves only complete cache files", "[.may-skip]") {
    testing::require_test_hooks();
    TempDir dir("killed");
    REQUIRE(collect_measurements(quick_options(dir.path, {"cpu.info"})).document);
    pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        // The probe hangs, so this runner is surely mid-run when the test kills it.
        RunOptions options = quick_options(dir.path, {"cpu.stream", "cpu.info"}, Mode::Fresh);
        options.extra_env = {"GPUGUIDE_PROBE_FAULT=cpu.info:hang"};
        collect_measurements(options);
        _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status));
    CHECK(count_valid_cache_files(dir.path) >= 1);
    auto after = collect_measurements(quick_options(dir.path, {"cpu.info"}, Mode::Cached));
    CHECK((*after.document)["probes"]["cpu.info"]["status"] == "ok");
    CHECK((*after.document)["probes"]["cpu.info"]["from_cache"] == true);
}

TEST_CASE("write_file_atomically replaces the whole file and leaves no temporary file") {
    TempDir dir("atomic");
    auto file = dir.path / "sub" / "doc.json";
    schema::write_file_atomically(file, "old\n");
    schema::write_file_atomically(file, "new content\n");
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    CHECK(text == "new content\n");
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(file.parent_path()))
        ++entries;
    CHECK(entries == 1);
    CHECK_THROWS_AS(schema::write_file_atomically("/proc/no-such-dir/x.json", "x"),
                    schema::DocumentError);
}
