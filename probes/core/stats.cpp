#include "core/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace gpuguide::probes {

Stats summarize(std::vector<double> samples) {
    if (samples.empty())
        throw std::invalid_argument("no samples to summarise");
    std::sort(samples.begin(), samples.end());
    Stats s;
    s.n = samples.size();
    s.min = samples.front();
    s.max = samples.back();
    std::size_t mid = s.n / 2;
    s.median = s.n % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
    double mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(s.n);
    double sq = 0;
    for (double x : samples)
        sq += (x - mean) * (x - mean);
    // Sample standard deviation over the mean; a single sample has no spread to report.
    s.cv = s.n > 1 && mean != 0 ? std::sqrt(sq / double(s.n - 1)) / std::fabs(mean) : 0.0;
    return s;
}

nlohmann::json stats_metric(const Stats& s, std::string_view unit) {
    return {{"median", s.median}, {"min", s.min}, {"max", s.max},
            {"cv", s.cv},         {"n", s.n},     {"unit", std::string(unit)}};
}

nlohmann::json stats_metric(const std::vector<double>& samples, std::string_view unit) {
    return stats_metric(summarize(samples), unit);
}

nlohmann::json value_metric(std::optional<double> value, std::string_view unit) {
    nlohmann::json metric = {{"value", nullptr}, {"unit", std::string(unit)}};
    if (value)
        metric["value"] = *value;
    return metric;
}

static std::string escape_pointer_token(const std::string& token) {
    std::string out;
    for (char c : token) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::vector<std::string> replace_non_finite(nlohmann::json& value, const std::string& at) {
    std::vector<std::string> found;
    if (value.is_number_float() && !std::isfinite(value.get<double>())) {
        value = nullptr;
        found.push_back(at.empty() ? "/" : at);
    } else if (value.is_object()) {
        for (auto& [name, child] : value.items()) {
            auto inner = replace_non_finite(child, at + "/" + escape_pointer_token(name));
            found.insert(found.end(), inner.begin(), inner.end());
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            auto inner = replace_non_finite(value[i], at + "/" + std::to_string(i));
            found.insert(found.end(), inner.begin(), inner.end());
        }
    }
    return found;
}

} // namespace gpuguide::probes
