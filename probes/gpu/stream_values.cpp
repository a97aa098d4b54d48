#include "gpu/stream_values.hpp"

#include <cmath>

namespace gpuguide::probes::gpu {

void StreamValues::run_round(double scalar) {
    c = a;
    b = scalar * c;
    c = a + b;
    a = b + scalar * c;
}

bool stream_value_matches(double got, double expected) {
    return std::fabs(got - expected) <= 1e-12 * std::fabs(expected);
}

} // namespace gpuguide::probes::gpu
