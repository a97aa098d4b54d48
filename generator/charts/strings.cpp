#include "charts/strings.hpp"

namespace gpuguide::charts::detail {

const Strings& strings_for(std::string_view lang) {
    static const Strings english{
        .data = "Data",
        .series = "Series",
        .label = "Label",
        .value = "Value",
        .measured = "measured",
        .theoretical = "theoretical",
        .roof = "Roof",
        .ridge_point = "Ridge point (FLOP/byte)",
        .memory_roof = "Memory bandwidth",
        .intensity_axis = "Arithmetic intensity (FLOP/byte)",
        .performance_axis = "Performance (TFLOP/s)",
        .bar_summary = "Bar chart of {0}, {1} bars.",
        .line_summary = "Line chart of {0} against {1}, {2} series.",
        .scatter_summary = "Scatter plot of {0} against {1}, {2} points.",
        .roofline_summary = "Roofline chart. Memory roof: {0}. Compute roofs: {1}.",
        .roof_with_ridge = "{0} {1} TFLOP/s (ridge point {2} FLOP/byte)",
        .log_scale = "{0} uses a logarithmic scale.",
        .dropped_log = "{0} zero or negative values cannot be shown on a logarithmic axis; they "
                       "are listed in the data table.",
        .dropped_invalid = "{0} missing or non-numeric values are not shown.",
        .outside_range = "{0} points lie outside the axis range and are not shown.",
        .highlighted = "Highlighted: {0} ({1}, {2}).",
        .unlabelled = "Only highlighted points are labelled; the data table lists every point.",
        .no_data = "No data to plot.",
        .list_separator = "; ",
    };
    static const Strings chinese{
        .data = "数据",
        .series = "系列",
        .label = "标签",
        .value = "数值",
        .measured = "实测",
        .theoretical = "理论峰值",
        .roof = "上限",
        .ridge_point = "脊点（FLOP/字节）",
        .memory_roof = "内存带宽",
        .intensity_axis = "算术强度（FLOP/字节）",
        .performance_axis = "性能（TFLOP/s）",
        .bar_summary = "{0}的条形图，共 {1} 个条形。",
        .line_summary = "{0}随{1}变化的折线图，共 {2} 个系列。",
        .scatter_summary = "{0}与{1}的散点图，共 {2} 个点。",
        .roofline_summary = "Roofline 图。内存上限：{0}。计算上限：{1}。",
        .roof_with_ridge = "{0} {1} TFLOP/s（脊点 {2} FLOP/字节）",
        .log_scale = "{0}使用对数刻度。",
        .dropped_log = "{0} 个零或负值无法在对数坐标轴上显示，仅列在数据表中。",
        .dropped_invalid = "{0} 个缺失或非数值未显示。",
        .outside_range = "{0} 个点超出坐标轴范围，未显示。",
        .highlighted = "突出显示：{0}（{1}，{2}）。",
        .unlabelled = "图中只标注突出显示的点；数据表列出所有点。",
        .no_data = "没有可绘制的数据。",
        .list_separator = "；",
    };
    return lang == "zh" ? chinese : english;
}

} // namespace gpuguide::charts::detail
