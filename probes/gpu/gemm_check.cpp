#include "gpu/gemm_check.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace gpuguide::probes::gpu {

std::vector<std::pair<int, int>> gemm_check_positions(int n, int samples) {
    std::vector<std::pair<int, int>> positions;
    if (samples <= 0) {
        positions.reserve(std::size_t(n) * n);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i)
                positions.emplace_back(i, j);
        return positions;
    }
    std::mt19937_64 rng(n);
    std::uniform_int_distribution<int> pick(0, n - 1);
    for (int s = 0; s < samples; ++s) {
        int i = pick(rng);
        int j = pick(rng);
        positions.emplace_back(i, j);
    }
    return positions;
}

double reference_gemm_error(int n, const std::vector<GemmEntry>& entries, const GemmInput& a,
                            const GemmInput& b) {
    // Entries of one column of A^T B share B's column j: keep it across entries. Where the entries
    // read every row of A more than once, evaluate A once (evaluating an input is the cost).
    std::vector<double> b_column(n), a_all;
    if (entries.size() > std::size_t(n)) {
        a_all.resize(std::size_t(n) * n);
        for (std::size_t index = 0; index < a_all.size(); ++index)
            a_all[index] = a(index);
    }
    int cached_j = -1;
    double worst = 0;
    for (const GemmEntry& entry : entries) {
        if (entry.j != cached_j) {
            for (int k = 0; k < n; ++k)
                b_column[k] = b(std::uint64_t(entry.j) * n + k);
            cached_j = entry.j;
        }
        double reference = 0, magnitude = 0;
        for (int k = 0; k < n; ++k) {
            std::uint64_t a_index = std::uint64_t(entry.i) * n + k;
            double product = (a_all.empty() ? a(a_index) : a_all[a_index]) * b_column[k];
            reference += product;
            magnitude += std::fabs(product);
        }
        double error = std::fabs(entry.got - reference) / (magnitude > 0 ? magnitude : 1.0);
        if (!std::isfinite(error))
            return std::nan(""); // unwritten (poisoned) or NaN output
        worst = std::max(worst, error);
    }
    return worst;
}

} // namespace gpuguide::probes::gpu
