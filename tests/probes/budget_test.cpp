// The GPU suite's time budget, from the plans the probes run (core/budget.hpp). No GPU needed.
#include "core/budget.hpp"
#include "core/probe.hpp"
#include "gpu/gpu_catalog.hpp"
#include "gpuguide_catch.hpp"

using namespace gpuguide::probes;
using namespace gpuguide::probes::budget;

TEST_CASE("the whole GPU suite fits in 30 s on an H100, estimated from the probes' own plans") {
    DeviceModel h100 = h100_sxm();
    double total = 0;
    auto suite = estimate_suite(false, h100);
    REQUIRE(suite.size() == kGpuProbes.size()); // every GPU probe has an estimate
    for (const auto& [key, seconds] : suite) {
        INFO(key << ": " << seconds << " s");
        CHECK(seconds > h100.process_start_s - 1e-9);
        CHECK(seconds < 15);
        total += seconds;
    }
    INFO("total " << total << " s");
    CHECK(total < 30);
    // The estimate follows the plans: more repetitions would cost more.
    CHECK(estimate_seconds("gpu.gemm", false, h100) > estimate_seconds("gpu.gemm", true, h100));
    CHECK_THROWS_AS(estimate_seconds("gpu.unknown", false, h100), std::invalid_argument);
}

TEST_CASE("repetitions stop early once the spread is below 1 %, never before the minimum") {
    Repetitions reps{1, 5, 10};
    CHECK_FALSE(enough({1.0, 1.0, 1.0, 1.0}, reps));        // steady, but under the minimum
    CHECK(enough({1.0, 1.001, 0.999, 1.0, 1.0005}, reps));  // 5 samples, CV well under 1 %
    CHECK_FALSE(enough({1.0, 1.1, 0.9, 1.05, 0.95}, reps)); // CV ~ 8 %: keep going
    CHECK(enough(std::vector<double>(10, 1.0), reps));      // the maximum
    CHECK(enough({1.0, 1.2, 0.8, 1.1, 0.9, 1.0, 1.3, 0.7, 1.0, 1.0}, reps)); // noisy, at max
}

TEST_CASE("plans: STREAM arrays 4x L2, GEMM batches about 20 ms, transfer sizes 4 KiB up") {
    StreamPlan stream = stream_plan(false, 50u << 20);
    CHECK(stream.array_bytes >= 4 * (50u << 20));
    CHECK(stream.array_bytes % (8 * 1024) == 0);
    CHECK(stream_plan(false, 1u << 20).array_bytes == 256u << 20);
    GemmPlan gemm = gemm_plan(false);
    CHECK(gemm.batch(1e-3) == 20);
    CHECK(gemm.batch(1.0) == 1);
    CHECK(gemm.batch(1e-9) == 256);
    TransferPlan transfer = transfer_plan(false);
    CHECK(transfer.sizes.front() == 4096);
    CHECK(transfer.sizes.back() == 256u << 20);
    CHECK(transfer.batch(4096) == 256);
    CHECK(transfer.batch(256u << 20) == 1);
    LatencyPlan latency = latency_plan(false, 50u << 20);
    CHECK(latency.dram_bytes == 8 * (50u << 20));
    CHECK(latency.curve.back() <= 8 * (50u << 20));
}
