// Theoretical peaks against datasheet figures, and the runner's check of results against them.
#include "core/peaks.hpp"
#include "gpuguide_catch.hpp"
#include "runner/peak_check.hpp"

using namespace gpuguide::probes;
using Catch::Approx;

namespace {

double peak(const nlohmann::json& peaks, const char* name) {
    return peaks[name]["value"].get<double>();
}

nlohmann::json peaks_for(int major, int minor, int sms, double clock, double mem_clock = 0,
                         int bus = 0) {
    return peak_metrics({major, minor, sms, clock, mem_clock, bus, std::nullopt, std::nullopt});
}

} // namespace

TEST_CASE("H100 SXM (9.0): FP32, FP64, BF16, FP8, INT8 and HBM3 bandwidth match the datasheet") {
    auto at_max_clock = peaks_for(9, 0, 132, 1980, 2619, 5120);
    CHECK(peak(at_max_clock, "fp32") == Approx(66.9).epsilon(0.002));
    CHECK(peak(at_max_clock, "fp64") == Approx(33.5).epsilon(0.002));
    CHECK(peak(at_max_clock, "fp64_tensor") == Approx(66.9).epsilon(0.002));
    CHECK(peak(at_max_clock, "memory_bandwidth") == Approx(3352).epsilon(0.001));
    // NVIDIA quotes H100 tensor figures at 1830 MHz.
    auto at_1830 = peaks_for(9, 0, 132, 1830);
    CHECK(peak(at_1830, "bf16_tensor") == Approx(989.4).epsilon(0.001));
    CHECK(peak(at_1830, "fp16_tensor") == Approx(989.4).epsilon(0.001));
    CHECK(peak(at_1830, "tf32_tensor") == Approx(494.7).epsilon(0.001));
    CHECK(peak(at_1830, "fp8_tensor") == Approx(1978.9).epsilon(0.001));
    CHECK(peak(at_1830, "int8_tensor") == Approx(1978.9).epsilon(0.001));
    CHECK(at_1830["int8_tensor"]["unit"] == "TOP/s");
}

TEST_CASE("A100 (8.0): FP32 19.5, FP64 9.7, TF32 156, BF16 312, INT8 624, 1555 GB/s") {
    auto a100 = peaks_for(8, 0, 108, 1410, 1215, 5120);
    CHECK(peak(a100, "fp32") == Approx(19.5).epsilon(0.002));
    CHECK(peak(a100, "fp64") == Approx(9.7).epsilon(0.005));
    CHECK(peak(a100, "fp64_tensor") == Approx(19.5).epsilon(0.002));
    CHECK(peak(a100, "tf32_tensor") == Approx(156).epsilon(0.002));
    CHECK(peak(a100, "bf16_tensor") == Approx(312).epsilon(0.002));
    CHECK(peak(a100, "int8_tensor") == Approx(624).epsilon(0.002));
    CHECK(peak(a100, "memory_bandwidth") == Approx(1555).epsilon(0.001));
    CHECK(a100["fp8_tensor"]["value"].is_null()); // no FP8 tensor cores before 8.9
}

TEST_CASE("V100 (7.0): FP32 15.7, FP64 7.8, FP16 tensor 125, no BF16, TF32 or INT8 tensor cores") {
    auto v100 = peaks_for(7, 0, 80, 1530);
    CHECK(peak(v100, "fp32") == Approx(15.7).epsilon(0.003));
    CHECK(peak(v100, "fp64") == Approx(7.8).epsilon(0.005));
    CHECK(peak(v100, "fp16_tensor") == Approx(125).epsilon(0.005));
    CHECK(v100["bf16_tensor"]["value"].is_null());
    CHECK(v100["tf32_tensor"]["value"].is_null());
    CHECK(v100["int8_tensor"]["value"].is_null());
}

TEST_CASE("A40 (8.6): FP32 37.4, TF32 74.8, FP16 149.7 dense") {
    auto a40 = peaks_for(8, 6, 84, 1740);
    CHECK(peak(a40, "fp32") == Approx(37.4).epsilon(0.003));
    CHECK(peak(a40, "tf32_tensor") == Approx(74.8).epsilon(0.003));
    CHECK(peak(a40, "fp16_tensor") == Approx(149.7).epsilon(0.003));
}

TEST_CASE("L40S (8.9): FP32 91.6, FP8 733 dense") {
    auto l40s = peaks_for(8, 9, 142, 2520);
    CHECK(peak(l40s, "fp32") == Approx(91.6).epsilon(0.003));
    CHECK(peak(l40s, "fp8_tensor") == Approx(733).epsilon(0.003));
    CHECK(peak(l40s, "bf16_tensor") == Approx(366).epsilon(0.005));
}

TEST_CASE("B200 (10.0): dense BF16 2250 and FP8 4500 at 148 SMs, 1855 MHz") {
    auto b200 = peaks_for(10, 0, 148, 1855);
    CHECK(peak(b200, "bf16_tensor") == Approx(2250).epsilon(0.005));
    CHECK(peak(b200, "fp8_tensor") == Approx(4500).epsilon(0.005));
}

TEST_CASE("an unknown compute capability gives null peaks, not guesses") {
    auto unknown = peaks_for(6, 1, 28, 1582, 5005, 352);
    CHECK(unknown["fp32"]["value"].is_null());
    CHECK(unknown["bf16_tensor"]["value"].is_null());
    CHECK(peak(unknown, "memory_bandwidth") == Approx(440.4).epsilon(0.001)); // from clocks alone
}

TEST_CASE("PCIe per-direction bandwidth after encoding") {
    CHECK(*pcie_bandwidth_gbs(5, 16) == Approx(63.0).epsilon(0.001));
    CHECK(*pcie_bandwidth_gbs(4, 16) == Approx(31.5).epsilon(0.001));
    CHECK(*pcie_bandwidth_gbs(3, 16) == Approx(15.75).epsilon(0.001));
    CHECK(*pcie_bandwidth_gbs(2, 16) == Approx(8.0).epsilon(0.001));
    CHECK_FALSE(pcie_bandwidth_gbs(0, 16));
}

TEST_CASE("results above the theoretical peak are flagged, plausible ones pass") {
    nlohmann::json specs = {{"devices", {{{"peak", peaks_for(9, 0, 132, 1980, 2619, 5120)}}}}};
    auto metric = [](double median) {
        return nlohmann::json{{"median", median}, {"min", median}, {"max", median},
                              {"cv", 0},          {"n", 1},        {"unit", "GB/s"}};
    };
    nlohmann::json stream = {{"devices", {{{"copy", metric(3000)}, {"triad", metric(3010)}}}}};
    CHECK(exceeds_peaks("gpu.stream", stream, specs).empty());
    stream["devices"][0]["triad"] = metric(5000);
    auto problems = exceeds_peaks("gpu.stream", stream, specs);
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0], Catch::Matchers::ContainsSubstring("/devices/0/triad") &&
                                Catch::Matchers::ContainsSubstring("5000"));

    // FP64 GEMM may run on FP64 tensor cores: 60 TFLOP/s is plausible on an H100, 80 is not.
    nlohmann::json gemm = {{"devices", {{{"precisions", {{"fp64", {{"best", metric(60)}}}}}}}}};
    CHECK(exceeds_peaks("gpu.gemm", gemm, specs).empty());
    gemm["devices"][0]["precisions"]["fp64"]["best"] = metric(80);
    CHECK(exceeds_peaks("gpu.gemm", gemm, specs).size() == 1);
    gemm["devices"][0]["precisions"] = {{"bf16", {{"best", metric(2000)}}}};
    CHECK(exceeds_peaks("gpu.gemm", gemm, specs).size() == 1);
    CHECK(exceeds_peaks("gpu.latency", gemm, specs).empty()); // no peak to compare with
}
