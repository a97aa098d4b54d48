// Host-side parts of the GPU probes, built and tested with or without the CUDA toolkit: input
// generation, the checks of GEMM and STREAM results, clock summaries, sysfs cpulists, NVML absent,
// identity without a driver. The CUDA-only cases (cuBLAS loading, the GEMM precisions) at the end.
#include "gpu/clock_conditions.hpp"
#include "gpu/gemm_check.hpp"
#include "gpu/gpu_identity.hpp"
#include "gpu/kernels/gemm_values.hpp"
#include "gpu/numa.hpp"
#include "gpu/nvml.hpp"
#include "gpu/stream_values.hpp"
#include "gpuguide_catch.hpp"
#include "test_support.hpp"

#include <cmath>
#include <limits>
#include <set>

#if GPUGUIDE_PROBES_HAVE_CUDA
#include "core/budget.hpp"
#include "core/library_search.hpp"
#include "gpu/cublas_api.hpp"
#include "gpu/gemm_runner.hpp"

#include <cstdlib>
#endif

using namespace gpuguide::probes;

TEST_CASE("GEMM inputs are reproducible, spread over -1 to 1 and never all zero") {
    std::set<float> distinct;
    double sum = 0;
    for (std::uint64_t i = 0; i < 100000; ++i) {
        float v = gpu::uniform_value(i, 11);
        REQUIRE(v >= -1.0f);
        REQUIRE(v < 1.0f);
        distinct.insert(v);
        sum += v;
    }
    CHECK(distinct.size() > 99000);
    CHECK(std::abs(sum / 100000) < 0.01); // centred
    CHECK(gpu::uniform_value(42, 11) == gpu::uniform_value(42, 11));
    CHECK(gpu::uniform_value(42, 11) != gpu::uniform_value(42, 29)); // A and B differ
    int low = 0, high = 0;
    for (std::uint64_t i = 0; i < 10000; ++i) {
        int x = gpu::int_value(i, 5);
        REQUIRE(x >= -16);
        REQUIRE(x <= 16);
        low = std::min(low, x);
        high = std::max(high, x);
    }
    CHECK(low == -16);
    CHECK(high == 16);
}

TEST_CASE("the GEMM check's FP64 reference: exact output has no error, a wrong entry its own",
          "[gemm-check]") {
    // A^T = [1 2; 3 4] (row i at a[i*n + k]), B = [1 3; 2 4] (column j at b[j*n + k]):
    // D = A^T B = [5 11; 11 25].
    auto a = [](std::uint64_t index) { return double(index + 1); };
    auto b = [](std::uint64_t index) { return double(index + 1); };
    std::vector<gpu::GemmEntry> exact = {{0, 0, 5}, {1, 0, 11}, {0, 1, 11}, {1, 1, 25}};
    CHECK(gpu::reference_gemm_error(2, exact, a, b) == 0.0);
    // 25.5 instead of 25: 0.5 against sum |a b| = 9 + 16.
    std::vector<gpu::GemmEntry> one_off = exact;
    one_off[3].got = 25.5;
    CHECK(gpu::reference_gemm_error(2, one_off, a, b) == Approx(0.5 / 25));
    // Relative to the sum of |products|, not to the result: 1 - 1 = 0 is off by 0.002 in 2.
    auto alternating = [](std::uint64_t index) { return index % 2 ? -1.0 : 1.0; };
    auto ones = [](std::uint64_t) { return 1.0; };
    CHECK(gpu::reference_gemm_error(2, {{0, 0, 0.002}}, alternating, ones) == Approx(0.001));
    // All-zero inputs: the error is absolute.
    auto zeros = [](std::uint64_t) { return 0.0; };
    CHECK(gpu::reference_gemm_error(2, {{1, 1, 0.5}}, zeros, zeros) == Approx(0.5));
    // An unwritten (poisoned to NaN) or infinite output makes the whole check NaN.
    for (double bad : {std::nan(""), std::numeric_limits<double>::infinity()}) {
        std::vector<gpu::GemmEntry> poisoned = exact;
        poisoned[1].got = bad;
        CHECK(std::isnan(gpu::reference_gemm_error(2, poisoned, a, b)));
    }
}

TEST_CASE("the GEMM check: every entry column by column, or the same few at random",
          "[gemm-check]") {
    auto all = gpu::gemm_check_positions(3, 0);
    REQUIRE(all.size() == 9);
    CHECK(all[0] == std::pair{0, 0});
    CHECK(all[1] == std::pair{1, 0}); // down the first column first
    CHECK(all[3] == std::pair{0, 1});
    CHECK(all[8] == std::pair{2, 2});
    auto sampled = gpu::gemm_check_positions(4096, 16);
    REQUIRE(sampled.size() == 16);
    for (auto [i, j] : sampled) {
        CHECK(i >= 0);
        CHECK(i < 4096);
        CHECK(j >= 0);
        CHECK(j < 4096);
    }
    CHECK(std::set(sampled.begin(), sampled.end()).size() > 12); // spread, not one entry
    CHECK(gpu::gemm_check_positions(4096, 16) == sampled);       // the same in every run
    // A full check evaluates each input of A once; a sampled one only the rows it needs.
    int a_calls = 0;
    auto counted = [&](std::uint64_t index) {
        ++a_calls;
        return double(index % 7);
    };
    auto b = [](std::uint64_t index) { return double(index % 5); };
    std::vector<gpu::GemmEntry> entries;
    for (auto [i, j] : all)
        entries.push_back({i, j, 0.0});
    gpu::reference_gemm_error(3, entries, counted, b);
    CHECK(a_calls == 9);
    a_calls = 0;
    gpu::reference_gemm_error(3, {{0, 0, 0.0}, {2, 1, 0.0}}, counted, b);
    CHECK(a_calls == 6);
}

TEST_CASE("STREAM's expected values follow the kernels round by round", "[stream-check]") {
    // With scalar 3 a round takes a to 15 a, and leaves b = 3 a, c = 4 a of the a before it.
    gpu::StreamValues values;
    CHECK(values.a == 1.0);
    CHECK(values.b == 2.0);
    CHECK(values.c == 0.0);
    double before = 1.0;
    for (int round = 1; round <= 22; ++round) { // gpu.stream runs 22 rounds at most
        values.run_round(3.0);
        INFO("round " << round);
        CHECK(values.a == Approx(15 * before).epsilon(1e-15));
        CHECK(values.b == Approx(3 * before).epsilon(1e-15));
        CHECK(values.c == Approx(4 * before).epsilon(1e-15));
        before = std::pow(15.0, round);
    }
    CHECK(gpu::stream_value_matches(225.0, 225.0));
    CHECK(gpu::stream_value_matches(225.0 * (1 + 1e-13), 225.0)); // a fused multiply-add
    CHECK_FALSE(gpu::stream_value_matches(225.0 * (1 + 1e-11), 225.0));
    CHECK_FALSE(gpu::stream_value_matches(std::nan(""), 225.0));
    CHECK_FALSE(gpu::stream_value_matches(0.0, 225.0)); // an array never written
}

TEST_CASE("clocks while busy: median clocks, the reasons seen while busy") {
    using gpu::ClockSample;
    // Busy at 1980 MHz, then capped by power at 1755 MHz, then idle afterwards (0x1).
    std::vector<ClockSample> samples = {
        {1980, 2619, 0x0}, {1755, 2619, 0x4}, {1755, 2619, 0x4}, {345, 2619, 0x1}};
    nlohmann::json c = gpu::summarize_clocks(samples);
    CHECK(c["sm_clock_mhz"] == 1755);
    CHECK(c["sm_clock_mhz_min"] == 345);
    CHECK(c["mem_clock_mhz"] == 2619);
    CHECK(c["clocks_event_reasons"] == std::vector<std::string>{"sw_power_cap"}); // no gpu_idle
    CHECK(c["samples"] == 4);
    // Idle throughout: say so.
    CHECK(gpu::summarize_clocks({{210, 1593, 0x1}})["clocks_event_reasons"] ==
          std::vector<std::string>{"gpu_idle"});
    // Without NVML: nulls and no samples, still the same fields.
    nlohmann::json none = gpu::summarize_clocks({});
    CHECK(none["sm_clock_mhz"].is_null());
    CHECK(none["clocks_event_reasons"].is_null());
    CHECK(none["samples"] == 0);
}

TEST_CASE("sysfs cpulists parse, and malformed ones give no CPUs (no pinning)") {
    CHECK(gpu::parse_cpulist("0-3,8,10-11\n") == std::vector<int>{0, 1, 2, 3, 8, 10, 11});
    CHECK(gpu::parse_cpulist("5") == std::vector<int>{5});
    CHECK(gpu::parse_cpulist("").empty());
    CHECK(gpu::parse_cpulist("3-1").empty());
    CHECK(gpu::parse_cpulist("a-b").empty());
}

TEST_CASE("NVML: absent library reported with a reason, throttle reasons named") {
    auto& nvml = gpu::Nvml::instance();
    if (nvml.available()) {
        CHECK(nvml.driver_version());
    } else {
        CHECK(nvml.error().find("NVML") != std::string::npos);
        CHECK_FALSE(nvml.driver_version());
        CHECK_FALSE(nvml.device("0000:00:00.0"));
    }
    CHECK(gpu::Nvml::describe_clocks_event_reasons(0).empty());
    CHECK(gpu::Nvml::describe_clocks_event_reasons(0x4 | 0x40) ==
          std::vector<std::string>{"sw_power_cap", "hw_thermal_slowdown"});
}

TEST_CASE("without a usable GPU the identity says why, and versions stay known", "[.may-skip]") {
    GpuIdentity identity = gpu_identity();
    if (identity.usable)
        gpuguide::testing::skip("this machine has a usable GPU, so the no-GPU identity cannot be "
                                "shown here");
    CHECK(identity.reason.size() > 10);
    CHECK(identity.devices.empty());
    nlohmann::json json = to_json(identity);
    CHECK(json["gpus"].is_array());
#if GPUGUIDE_PROBES_HAVE_CUDA
    // The runtime is linked in, so its version is known even here. cuBLAS is not loaded without
    // a driver (nothing would use it, and mapping it costs ~200 MB): its version is null then.
    REQUIRE(identity.cuda_runtime);
    CHECK(identity.cuda_runtime->find('.') != std::string::npos);
    if (!identity.cuda_driver) {
        CHECK_FALSE(identity.cublas);
    } else if (gpu::CublasApi::instance().available()) {
        REQUIRE(identity.cublas);
        CHECK(std::count(identity.cublas->begin(), identity.cublas->end(), '.') == 2);
    } else {
        CHECK_FALSE(identity.cublas);
    }
#endif
}

#if GPUGUIDE_PROBES_HAVE_CUDA
TEST_CASE("a missing cuBLAS gives a reason naming the library, not a failed start", "[.may-skip]") {
    // The test hook makes the load fail as on a host without the toolkit's cuBLAS. The reason
    // names the library that failed first: the hidden one, or cuBLASLt (loaded first) where this
    // host has no cuBLASLt of this version at all.
    testing::require_test_hooks();
    const bool lt_here =
        DynamicLibrary(gpu::cublaslt_soname(),
                       cuda_library_folders(CUBLAS_VER_MAJOR, process_environment()))
            .loaded();
    for (const std::string& hidden : {gpu::cublas_soname(), gpu::cublaslt_soname()}) {
        ::setenv("GPUGUIDE_PROBE_HIDE_LIBS", hidden.c_str(), 1);
        gpu::CublasApi missing = gpu::CublasApi::load();
        ::unsetenv("GPUGUIDE_PROBE_HIDE_LIBS");
        CHECK_FALSE(missing.available());
        const std::string named = lt_here ? hidden : gpu::cublaslt_soname();
        CHECK_THAT(missing.error, Catch::Matchers::ContainsSubstring(named) &&
                                      Catch::Matchers::ContainsSubstring("LD_LIBRARY_PATH"));
        CHECK(missing.create == nullptr);
    }
}

TEST_CASE("cuBLAS is loaded at run time, with every function the probes call", "[.may-skip]") {
    gpu::CublasApi found = gpu::CublasApi::load();
    if (!found.available())
        gpuguide::testing::skip("cuBLAS cannot be loaded here: " + found.error);
    CHECK(found.create);
    CHECK(found.gemm_ex);
    CHECK(found.lt_matmul);
    CHECK(found.lt_heuristic);
    int major = 0;
    REQUIRE(found.get_property(MAJOR_VERSION, &major) == CUBLAS_STATUS_SUCCESS);
    CHECK(major == CUBLAS_VER_MAJOR);
}

TEST_CASE("the GEMM precisions the probe runs are the ones the time budget counts") {
    const auto& specs = gpu::precision_specs();
    REQUIRE(specs.size() == budget::kGemmPrecisions.size());
    for (std::size_t i = 0; i < specs.size(); ++i)
        CHECK(specs[i].name == budget::kGemmPrecisions[i]);
    // FP8 twice: the precise default and fast accumulation beside it.
    CHECK_FALSE(specs[5].fast_accum);
    CHECK(specs[6].fast_accum);
}
#endif
