// The words charts generate themselves, in each page language.
#pragma once

#include <string_view>

namespace gpuguide::charts::detail {

/// Generated text for one language. Patterns use {0}, {1}, … (see substitute()).
struct Strings {
    std::string_view data;             ///< <summary> of the data table
    std::string_view series;           ///< table header of the series column
    std::string_view label;            ///< table header of the label column when no axis names it
    std::string_view value;            ///< table header of a value column
    std::string_view measured;         ///< a measured roof
    std::string_view theoretical;      ///< a spec-sheet roof
    std::string_view roof;             ///< roofline table: roof name
    std::string_view ridge_point;      ///< roofline table: ridge point column
    std::string_view memory_roof;      ///< name of the memory bandwidth roof
    std::string_view intensity_axis;   ///< default roofline x axis title
    std::string_view performance_axis; ///< default roofline y axis title
    std::string_view bar_summary;      ///< {0} value axis, {1} bar count
    std::string_view line_summary;     ///< {0} y axis, {1} x axis, {2} series count
    std::string_view scatter_summary;  ///< {0} y axis, {1} x axis, {2} point count
    std::string_view roofline_summary; ///< {0} memory roof text, {1} compute roofs list
    std::string_view roof_with_ridge;  ///< {0} roof name, {1} value, {2} ridge point
    std::string_view log_scale;        ///< {0} axis title
    std::string_view dropped_log;      ///< {0} count of zero or negative values
    std::string_view dropped_invalid;  ///< {0} count of missing or non-numeric values
    std::string_view outside_range;    ///< {0} count of points outside the axis range
    std::string_view highlighted;      ///< {0} label, {1} x, {2} y
    std::string_view unlabelled;       ///< note when only highlighted points carry labels
    std::string_view no_data;
    std::string_view list_separator;
};

/// Strings for `lang` ("zh" gets Chinese, anything else English).
const Strings& strings_for(std::string_view lang);

} // namespace gpuguide::charts::detail
