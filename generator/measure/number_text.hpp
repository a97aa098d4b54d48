#pragma once
/// Numbers as a page shows them: measure::format_number (store.hpp) with the whole part's digits
/// grouped in threes when it has five or more ("1,000,000", "16,896"; numbers::group_digits),
/// by the page language's `digit_group_separator` string. Tables, inline values, data values
/// and estimates use these; messages and provenance notes keep format_number's plain digits.
#include "theme/ui_strings.hpp"

#include <string>
#include <string_view>

namespace gpuguide::measure {

/// format_number with digit groups of `group_separator` ("," in English and Chinese).
std::string format_number(double number, std::string_view group_separator);

/// format_number with the digit groups of `strings`' language (its `digit_group_separator`).
std::string format_number(double number, const ui::Strings& strings);

} // namespace gpuguide::measure
