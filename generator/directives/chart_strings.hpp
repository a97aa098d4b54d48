#pragma once
/// The words charts write themselves, from the theme's interface strings (`chart_*` keys).
#include "charts/chart.hpp"
#include "theme/ui_strings.hpp"

namespace gpuguide::directives {

/// charts::Strings in the language of `strings`.
charts::Strings chart_strings(const ui::Strings& strings);

} // namespace gpuguide::directives
