// What the LLM kernels' tests on the CPU (llm_test.cpp) and on a GPU (gpu_llm_test.cpp) share:
// seeded inputs and the one error measure their tolerances are stated in.
#pragma once

#include "gpuguide_catch.hpp"
#include "llm_reference.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace gpuguide::probes::llm::testing {

/// n values drawn uniformly from [-scale, scale], the same for the same seed.
inline std::vector<float> random_values(std::size_t n, unsigned seed, float scale = 1.0f) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> uniform(-scale, scale);
    std::vector<float> x(n);
    for (auto& e : x)
        e = uniform(rng);
    return x;
}

/// Largest |got - want| as a share of the largest |want|.
inline double relative_error(const std::vector<float>& got, const reference::Values& want) {
    REQUIRE(got.size() == want.size());
    double worst = 0, scale = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        worst = std::max(worst, std::fabs(double(got[i]) - want[i]));
        scale = std::max(scale, std::fabs(want[i]));
    }
    REQUIRE(scale > 0);
    return worst / scale;
}

} // namespace gpuguide::probes::llm::testing
