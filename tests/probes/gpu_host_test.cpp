// Host-side parts of the GPU probes that need no GPU: input generation, identity without a
// driver, NVML absent, throttle-reason names.
#include "gpu/gpu_identity.hpp"
#include "gpu/kernels/gemm_values.hpp"
#include "gpuguide_catch.hpp"
#include "test_support.hpp"

#include <set>

#if GPUGUIDE_PROBES_HAVE_CUDA
#include "core/budget.hpp"
#include "gpu/conditions.hpp"
#include "gpu/cublas_api.hpp"
#include "gpu/gemm_runner.hpp"
#include "gpu/numa.hpp"
#include "gpu/nvml.hpp"

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
#endif

#if GPUGUIDE_PROBES_HAVE_CUDA
TEST_CASE("a missing cuBLAS gives a reason naming the library, not a failed start", "[.may-skip]") {
    // The test hook makes the load fail as on a host without the toolkit's cuBLAS.
    testing::require_test_hooks();
    for (const std::string& hidden : {gpu::cublas_soname(), gpu::cublaslt_soname()}) {
        ::setenv("GPUGUIDE_PROBE_HIDE_LIBS", hidden.c_str(), 1);
        gpu::CublasApi missing = gpu::CublasApi::load();
        ::unsetenv("GPUGUIDE_PROBE_HIDE_LIBS");
        CHECK_FALSE(missing.available());
        CHECK_THAT(missing.error, Catch::Matchers::ContainsSubstring(hidden) &&
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
#endif

#if GPUGUIDE_PROBES_HAVE_CUDA
TEST_CASE("conditions sampled during the work: median clocks, reasons seen while busy") {
    using Sample = gpu::ConditionSampler::Sample;
    // Busy at 1980 MHz, then capped by power at 1755 MHz, then idle afterwards (0x1).
    std::vector<Sample> samples = {
        {1980, 2619, 0x0}, {1755, 2619, 0x4}, {1755, 2619, 0x4}, {345, 2619, 0x1}};
    nlohmann::json c = gpu::ConditionSampler::summarize(samples);
    CHECK(c["sm_clock_mhz"] == 1755);
    CHECK(c["sm_clock_mhz_min"] == 345);
    CHECK(c["mem_clock_mhz"] == 2619);
    CHECK(c["clocks_event_reasons"] == std::vector<std::string>{"sw_power_cap"}); // no gpu_idle
    CHECK(c["samples"] == 4);
    // Idle throughout: say so.
    CHECK(gpu::ConditionSampler::summarize({{210, 1593, 0x1}})["clocks_event_reasons"] ==
          std::vector<std::string>{"gpu_idle"});
    // Without NVML: nulls and no samples, still the same fields.
    nlohmann::json none = gpu::ConditionSampler::summarize({});
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
