#include "runner/runner.hpp"

namespace gpuguide::probes {

std::optional<Mode> parse_mode(std::string_view text) {
    if (text == "auto") return Mode::Auto;
    if (text == "fresh") return Mode::Fresh;
    if (text == "cached") return Mode::Cached;
    if (text == "reference") return Mode::Reference;
    return std::nullopt;
}

std::string_view mode_name(Mode mode) {
    switch (mode) {
    case Mode::Auto: return "auto";
    case Mode::Fresh: return "fresh";
    case Mode::Cached: return "cached";
    case Mode::Reference: return "reference";
    }
    return "auto";
}

RunOutcome collect_measurements(const RunOptions&) {
    return RunOutcome{std::nullopt, Source::None, "probe runner not built yet"};
}

}  // namespace gpuguide::probes
