// Fuzzes the estimate formula language (generator/directives/formula.cpp): the first byte picks
// a formula (parsed, printed for readers and evaluated with a few constants and measured figures,
// one of them missing) or a unit (parsed, its dimension printed); the rest is the text. Refusing
// with FormulaError is the expected outcome; any other exception, a crash or a sanitizer report
// is a finding.
#include "directives/formula.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace {

using namespace gpuguide::formula;

std::optional<Quantity> constant(const std::string& name) {
    if (name == "params") {
        return Quantity{8.03e9, {}};
    }
    if (name == "bytes") {
        return Quantity{2.0, {1, 0, 0, 0, 0}};
    }
    if (name == "zero") {
        return Quantity{0.0, {}};
    }
    return std::nullopt;
}

std::optional<double> figure(const std::string& key, const Unit&) {
    if (key == "gpu.stream/devices/0/triad") {
        return 3010.2;
    }
    return std::nullopt; // any other key: a figure nobody measured
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        if (data[0] % 2 == 0) {
            const auto parsed = parse(text);
            (void)pretty(parsed);
            (void)keys(parsed);
            (void)names(parsed);
            const auto quantity = evaluate(parsed, Resolver{constant, figure});
            (void)dimension_text(quantity.dimension);
        } else {
            (void)dimension_text(parse_unit(text).dimension);
        }
    } catch (const FormulaError& error) {
        if (error.column() == 0 || error.column() > text.size() + 1) {
            __builtin_trap(); // every error points into the text (or just past its end)
        }
    }
    return 0;
}
