// Summary statistics and metric objects, the one place measurements become JSON.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

namespace gpuguide::probes {

/// Median, extremes and coefficient of variation of repeated measurements.
struct Stats {
    double median = 0, min = 0, max = 0, cv = 0;
    std::size_t n = 0;
};

/// Summarises samples (throws std::invalid_argument when empty).
Stats summarize(std::vector<double> samples);

/// A measured metric: {"median","min","max","cv","n","unit"}.
nlohmann::json stats_metric(const Stats& stats, std::string_view unit);

/// Convenience: summarises then builds the metric.
nlohmann::json stats_metric(const std::vector<double>& samples, std::string_view unit);

/// A spec or derived figure: {"value": v or null, "unit": unit}.
nlohmann::json value_metric(std::optional<double> value, std::string_view unit);

/// Maps each sample through f (e.g. seconds → GB/s); the median of rates is the rate of the
/// median time, and min/max swap sides, which summarize() handles by sorting.
template <class F> std::vector<double> transform_samples(const std::vector<double>& xs, F f) {
    std::vector<double> out;
    out.reserve(xs.size());
    for (double x : xs)
        out.push_back(f(x));
    return out;
}

/// Host-side timing for CPU probes: runs `body` `warmups` times untimed, then `reps` times,
/// returning each repetition's wall time in seconds (steady_clock).
template <class F> std::vector<double> time_host(int warmups, int reps, F&& body) {
    for (int i = 0; i < warmups; ++i)
        body();
    std::vector<double> seconds;
    seconds.reserve(reps);
    for (int i = 0; i < reps; ++i) {
        auto start = std::chrono::steady_clock::now();
        body();
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return seconds;
}

/// Pointers (RFC 6901) of every NaN or infinite number in `value`, replacing each by null so the
/// document stays valid JSON. A probe whose result had any is recorded as failed.
std::vector<std::string> replace_non_finite(nlohmann::json& value, const std::string& at = "");

} // namespace gpuguide::probes
