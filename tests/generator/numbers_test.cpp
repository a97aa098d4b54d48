// Numbers from the input: the reader (numbers::parse, read, check) and its messages as the
// directives, front matter and SOURCE_DATE_EPOCH give them, file:line first.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book.hpp"
#include "measure/store.hpp"
#include "numbers/number.hpp"

#include <cmath>
#include <limits>

using gg_test::error_for;

namespace {

using gpuguide::numbers::Rule;

constexpr Rule kLimit{.whole = true, .min = 1, .max = 100000};
constexpr Rule kPositive{.min = 0, .above_min = true};

std::string problem(std::string_view text, const Rule& rule) {
    return gpuguide::numbers::read(text, rule).problem;
}

using gg_test::kFence;

std::string data_limit(const std::string& limit) {
    return error_for(kFence + "gg-data\ndata: chips\ncolumns: [name]\nlimit: " + limit + "\n" +
                     kFence + "\n");
}

std::string chart_y(const std::string& axis) {
    return error_for(kFence + "gg-chart\ntype: line\ntitle: T\ndata: chips\nx: {field: year}\n" +
                     "y: {field: cores, " + axis + "}\n" + kFence + "\n");
}

std::string front_matter_error(const std::string& lines) {
    gpuguide::Page page;
    page.source_path = "content/en/x.md";
    try {
        gpuguide::parse_front_matter(page, "---\ntitle: T\n" + lines + "---\nText\n");
    } catch (const gpuguide::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("numbers::parse reads YAML 1.2's core numbers and nothing else", "[numbers]") {
    using gpuguide::numbers::parse;
    CHECK(parse("12") == 12.0);
    CHECK(parse("-2.5") == -2.5);
    CHECK(parse("+3") == 3.0);
    CHECK(parse(".5") == 0.5);
    CHECK(parse("5.") == 5.0);
    CHECK(parse("1e3") == 1000.0);
    CHECK(parse("1E-3") == 0.001);
    CHECK(parse(".inf") == std::numeric_limits<double>::infinity());
    CHECK(parse("-.Inf") == -std::numeric_limits<double>::infinity());
    CHECK(std::isnan(*parse(".NaN")));
    // Too large for a double: an infinity, so the rule can refuse it; too small: 0.
    CHECK(parse("1e400") == std::numeric_limits<double>::infinity());
    CHECK(parse("-277777777777777777777777777777777777e300") ==
          -std::numeric_limits<double>::infinity());
    CHECK(parse("1e-400") == 0.0);
    CHECK(parse("0.000001e-400") == 0.0);
    // Words, hex and broken forms are not numbers (from_chars alone would take nan and inf).
    for (const char* text : {"", "nan", "inf", "infinity", "-inf", "ten", "0x10", "1e", "e5", ".",
                             "-", "+-5", "1.2.3", " 5", "5 ", "1_000", "+.nan", "5e+"}) {
        CAPTURE(text);
        CHECK_FALSE(parse(text).has_value());
    }
}

TEST_CASE("numbers::read refuses what the rule does not allow and says what is allowed",
          "[numbers]") {
    CHECK(gpuguide::numbers::read("25", kLimit).value == 25.0);
    CHECK(gpuguide::numbers::read("1e2", kLimit).value == 100.0); // whole, though written as real
    CHECK(problem("2.5", kLimit) == "must be a whole number from 1 to 100000, not 2.5");
    CHECK(problem("1e40", kLimit) == "must be a whole number from 1 to 100000, not 1e40");
    CHECK(problem("0", kLimit) == "must be a whole number from 1 to 100000, not 0");
    CHECK(problem("-1", kLimit) == "must be a whole number from 1 to 100000, not -1");
    CHECK(problem(".nan", kLimit) == "must be a whole number from 1 to 100000, not .nan");
    CHECK(problem(".inf", kLimit) == "must be a whole number from 1 to 100000, not .inf");
    CHECK(problem("ten", kLimit) == "must be a whole number from 1 to 100000, not \"ten\"");
    CHECK(problem("0", kPositive) == "must be a finite number greater than 0, not 0");
    CHECK(problem("1e-400", kPositive) == "must be a finite number greater than 0, not 1e-400");
    CHECK(gpuguide::numbers::read("1e-300", kPositive).value == 1e-300);
    CHECK(problem("1e400", Rule{}) == "must be a finite number, not 1e400");
    CHECK(problem("-.inf", Rule{}) == "must be a finite number, not -.inf");
    CHECK(problem("", Rule{}) == "must be a finite number, not \"\"");
    // What a rule may allow: infinities and NaN, open bounds on one side.
    CHECK(gpuguide::numbers::read(".inf", Rule{.allow_infinite = true}).value.has_value());
    CHECK(gpuguide::numbers::read(".nan", Rule{.allow_nan = true}).value.has_value());
    CHECK(problem("-1", Rule{.whole = true, .min = 0}) ==
          "must be a whole number of at least 0, not -1");
    CHECK(problem("7", Rule{.max = 5}) == "must be a finite number of at most 5, not 7");
    CHECK(gpuguide::numbers::describe(Rule{.min = 0, .max = 1, .above_min = true}) ==
          "a finite number greater than 0 and at most 1");
    // check(): values that are numbers already, quoted in their shortest form.
    CHECK(gpuguide::numbers::check(0.5, kLimit).problem ==
          "must be a whole number from 1 to 100000, not 0.5");
    CHECK(gpuguide::numbers::shortest(1e300) == "1e+300");
    CHECK(gpuguide::numbers::shortest(100000) == "100000");
    CHECK(gpuguide::numbers::shortest(-std::numeric_limits<double>::infinity()) == "-.inf");
}

TEST_CASE("gg-data limit: a whole number of rows, or a file:line error", "[numbers][directives]") {
    // The page's line 1 (the fence) is the file's line 4; `limit:` is on line 7.
    const std::string at = "content/en/03-notes.md:7: gg-data: `limit` must be a whole number "
                           "from 1 to 100000, not ";
    CHECK(data_limit("1e40") == at + "1e40");
    CHECK(data_limit("2.5") == at + "2.5");
    CHECK(data_limit(".nan") == at + ".nan");
    CHECK(data_limit(".inf") == at + ".inf");
    CHECK(data_limit("-3") == at + "-3");
    CHECK(data_limit("many") == at + "\"many\"");
    CHECK(data_limit("[2]") == at + "a list");
    CHECK(data_limit("") == at + "empty"); // at the key's line, not the next token's
}

TEST_CASE("gg-chart axis ends: finite, in order, above 0 on a log axis", "[numbers][directives]") {
    const std::string at = "content/en/03-notes.md:9: gg-chart: ";
    CHECK(chart_y("log: true, min: 0") ==
          at + "`min` of a log axis must be a finite number greater than 0, not 0");
    CHECK(chart_y("log: true, max: -3") ==
          at + "`max` of a log axis must be a finite number greater than 0, not -3");
    CHECK(chart_y("min: .nan") == at + "`min` must be a finite number, not .nan");
    CHECK(chart_y("max: .inf") == at + "`max` must be a finite number, not .inf");
    CHECK(chart_y("min: 1e400") == at + "`min` must be a finite number, not 1e400");
    CHECK(chart_y("min: low") == at + "`min` must be a finite number, not \"low\"");
    CHECK(chart_y("min: 5, max: 5") == at + "`max` (5) must be greater than `min` (5)");
    CHECK(chart_y("min: 1e308, max: -1e308") ==
          at + "`max` (-1e308) must be greater than `min` (1e308)");
    // Good ends build.
    CHECK(chart_y("log: true, min: 1, max: 100000") == "");
}

TEST_CASE("front matter: a number JSON cannot hold is an error at its line, and nan is a word",
          "[numbers][front-matter]") {
    CHECK(front_matter_error("weight: .nan\n") ==
          "content/en/x.md:3: front matter: `weight` must be a finite number, not .nan (put "
          "text in quotes: \".nan\")");
    CHECK(front_matter_error("a: 1\nweight: 1e400\n") ==
          "content/en/x.md:4: front matter: `weight` must be a finite number, not 1e400 (put "
          "text in quotes: \"1e400\")");
    CHECK(front_matter_error("tags: [x, -.inf]\n") ==
          "content/en/x.md:3: front matter: `tags` must be a finite number, not -.inf (put text "
          "in quotes: \"-.inf\")");
    gpuguide::Page page;
    page.source_path = "content/en/x.md";
    gpuguide::parse_front_matter(page, "---\ntitle: T\nw: nan\nv: inf\nq: \".nan\"\n---\n");
    CHECK(page.meta["w"] == "nan");
    CHECK(page.meta["v"] == "inf");
    CHECK(page.meta["q"] == ".nan");
}

TEST_CASE("SOURCE_DATE_EPOCH: whole seconds from 0 to the end of year 9999", "[numbers]") {
    const auto with = [](const char* value) -> std::string {
        ::setenv("SOURCE_DATE_EPOCH", value, 1);
        try {
            const auto epoch = gpuguide::render::source_date_epoch_from_env();
            ::unsetenv("SOURCE_DATE_EPOCH");
            return epoch ? std::to_string(*epoch) : "none";
        } catch (const gpuguide::InputError& e) {
            ::unsetenv("SOURCE_DATE_EPOCH");
            return e.what();
        }
    };
    CHECK(with("1763750000") == "1763750000");
    CHECK(with("") == "none");
    CHECK(with("1e40") == "SOURCE_DATE_EPOCH=1e40: must be a whole number from 0 to "
                          "253402300799, not 1e40 (seconds since 1970); unset it or give e.g. "
                          "1763750000");
    CHECK(with("-5").find("not -5") != std::string::npos);
    CHECK(with("1.5").find("not 1.5") != std::string::npos);
    CHECK(with("yesterday").find("not \"yesterday\"") != std::string::npos);
}

TEST_CASE("numbers too large or too small for fixed notation are shown in full, not cut short "
          "or rounded to 0",
          "[numbers][format]") {
    // A data file may hold 1e300; "%.0f" would give 301 digits into a 64-byte buffer.
    CHECK(gpuguide::measure::format_number(1e300) == "1e+300");
    CHECK(gpuguide::measure::format_number(-2.5e20) == "-2.5e+20");
    CHECK(gpuguide::measure::format_number(123456789012345.0) == "123456789012345");
    CHECK(gpuguide::measure::format_number(2.5) == "2.5");
    // Below 0.001: two significant digits, not a "0" that hides a measured error.
    CHECK(gpuguide::measure::format_number(8.576571013859196e-08) == "8.6e-8");
    CHECK(gpuguide::measure::format_number(9.7541837675064e-05) == "9.8e-5");
    CHECK(gpuguide::measure::format_number(-2e-4) == "-2e-4");
    CHECK(gpuguide::measure::format_number(0.0010117605265132427) == "0.001");
    CHECK(gpuguide::measure::format_number(0.0) == "0");
}
