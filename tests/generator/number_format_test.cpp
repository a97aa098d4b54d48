// Numbers as readers read them (lib/numbers/format.hpp, measure::format_number): significant
// figures of derived figures, and digit groups in long whole parts, per page language.
#include "gpuguide_catch.hpp"
#include "measure/number_text.hpp"
#include "measure/store.hpp"
#include "numbers/format.hpp"
#include "theme/ui_strings.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>

using gpuguide::numbers::group_digits;
using gpuguide::numbers::round_significant;

TEST_CASE("numbers: round_significant keeps the figures asked for", "[numbers][format]") {
    CHECK(round_significant(13.628843419412144, 2) == 14);
    CHECK(round_significant(13.628843419412144, 3) == 13.6);
    CHECK(round_significant(1'004'000, 2) == 1'000'000);
    CHECK(round_significant(1'310'720, 2) == 1'300'000);
    CHECK(round_significant(876'123, 2) == 880'000);
    CHECK(round_significant(0.012345, 2) == 0.012); // the double nearest 0.012, not 12 * 0.001
    CHECK(round_significant(-47.8, 2) == -48);
    CHECK(round_significant(62.5, 2) == 63); // half away from zero, as a reader rounds
    CHECK(round_significant(9.96, 2) == 10); // rounding up adds a digit
    CHECK(round_significant(89.93, 3) == 89.9);
    CHECK(round_significant(0.0, 2) == 0);
    CHECK(std::isinf(round_significant(std::numeric_limits<double>::infinity(), 2)));
    CHECK(std::isnan(round_significant(std::numeric_limits<double>::quiet_NaN(), 2)));
}

TEST_CASE("numbers: group_digits groups whole parts of five or more digits", "[numbers][format]") {
    CHECK(group_digits("1000000", ",") == "1,000,000");
    CHECK(group_digits("12345", ",") == "12,345");
    CHECK(group_digits("-268435456", ",") == "-268,435,456");
    CHECK(group_digits("12345.6", ",") == "12,345.6");
    CHECK(group_digits("123456", "\u2009") == "123\u2009456");
    // Four digits (a year, 4096 bytes) and shorter stay as they are.
    CHECK(group_digits("2026", ",") == "2026");
    CHECK(group_digits("9999.5", ",") == "9999.5");
    CHECK(group_digits("0.00012345", ",") == "0.00012345");
    // Not a plain decimal, or no separator: unchanged.
    CHECK(group_digits("1e+300", ",") == "1e+300");
    CHECK(group_digits("—", ",") == "—");
    CHECK(group_digits("1000000", "") == "1000000");
}

TEST_CASE("measure: format_number groups digits with the language's separator",
          "[numbers][format]") {
    using gpuguide::measure::format_number;
    CHECK(format_number(1'000'000.0, ",") == "1,000,000");
    CHECK(format_number(268'435'456.0, ",") == "268,435,456");
    CHECK(format_number(12345.6, ",") == "12,346"); // three decimals' rule unchanged: 0 at >= 100
    CHECK(format_number(4096.0, ",") == "4096");
    CHECK(format_number(13.63, ",") == "13.6");
    CHECK(format_number(1e300, ",") == "1e+300");
    // Without a separator (messages, notes): as before.
    CHECK(format_number(1'000'000.0) == "1000000");
}

TEST_CASE("measure: format_value writes the page language's digit groups", "[numbers][format]") {
    using gpuguide::measure::format_value;
    const nlohmann::json cores = 16896, bytes = {{"value", 268435456}, {"unit", "B"}};
    for (const auto* lang : {"en", "zh"}) {
        const auto& strings = gpuguide::ui::Strings::built_in(lang);
        CAPTURE(lang);
        // The guide writes "16,384 H100s" and "16,384 块 H100" alike: commas in both languages.
        CHECK(format_value(cores, strings).text == "16,896");
        CHECK(format_value(bytes, strings).text == "268,435,456\u00A0B");
    }
}

TEST_CASE("numbers: fixed and general write what printf's %.*f and %.*g write", "[numbers][format]") {
    using gpuguide::numbers::fixed;
    using gpuguide::numbers::fixed_trimmed;
    using gpuguide::numbers::general;
    CHECK(fixed(2.5, 2) == "2.50");
    CHECK(fixed(2.675, 2) == "2.67"); // the double just below 2.675, as printf rounds it
    CHECK(fixed(1e300, 0).size() == 301);
    CHECK(fixed_trimmed(2.5, 2) == "2.5");
    CHECK(fixed_trimmed(3.0, 2) == "3");
    CHECK(fixed_trimmed(-0.0001, 2) == "0"); // not "-0"
    CHECK(fixed_trimmed(-0.3, 0) == "0");
    CHECK(general(3.25e12, 6) == "3.25e+12");
    CHECK(general(0.5, 6) == "0.5");
    CHECK(general(123456789, 6) == "1.23457e+08");
    // Against the C library itself, over values of every size and sign.
    std::uint64_t state = 20261128;
    for (int i = 0; i < 20000; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double mantissa = static_cast<double>(state >> 11) / 9007199254740992.0;
        const double value = (i % 2 ? -1 : 1) * mantissa * std::pow(10.0, (i % 40) - 20);
        const int precision = i % 7;
        char expected[512];
        std::snprintf(expected, sizeof expected, "%.*f", precision, value);
        REQUIRE(fixed(value, precision) == expected);
        std::snprintf(expected, sizeof expected, "%.*g", precision + 1, value);
        REQUIRE(general(value, precision + 1) == expected);
    }
}
