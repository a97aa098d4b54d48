// The estimate formula language on its own: parsing, precedence, units carried through, and the
// errors (with the column) for bad formulas, unknown units and unit mismatches.
#include "directives/formula.hpp"
#include "gpuguide_catch.hpp"

#include <map>

using namespace gpuguide::formula;

namespace {

// Evaluates with constants from `names` (plain numbers) and measured keys from `figures` (in
// the unit the formula reads them in); a key absent from `figures` is a missing figure.
Quantity eval(const std::string& text, const std::map<std::string, Quantity>& names = {},
              const std::map<std::string, double>& figures = {}) {
    const auto parsed = parse(text);
    const Resolver resolver{
        [&](const std::string& name) -> std::optional<Quantity> {
            const auto found = names.find(name);
            return found == names.end() ? std::nullopt : std::optional(found->second);
        },
        [&](const std::string& key, const Unit&) -> std::optional<double> {
            const auto found = figures.find(key);
            return found == figures.end() ? std::nullopt : std::optional(found->second);
        }};
    return evaluate(parsed, resolver);
}

std::string parse_error(const std::string& text) {
    try {
        (void)parse(text);
    } catch (const FormulaError& error) {
        return std::string(error.what()) + " @" + std::to_string(error.column());
    }
    return "";
}

std::string eval_error(const std::string& text) {
    try {
        (void)eval(text);
    } catch (const FormulaError& error) {
        return std::string(error.what()) + " @" + std::to_string(error.column());
    }
    return "";
}

} // namespace

TEST_CASE("formula: arithmetic, precedence and parentheses", "[estimate][formula]") {
    CHECK(eval("1 + 2 * 3").value.value() == 7);
    CHECK(eval("(1 + 2) * 3").value.value() == 9);
    CHECK(eval("8 / 4 / 2").value.value() == 1);
    CHECK(eval("10 - 4 - 3").value.value() == 3);
    CHECK(eval("-2 * -3").value.value() == 6);
    CHECK(eval("1.5e3 + .5").value.value() == 1500.5);
    CHECK(eval("2 * n", {{"n", Quantity{21.0, {}}}}).value.value() == 42);
}

TEST_CASE("formula: units scale into base units and carry through", "[estimate][formula]") {
    // 16.1 GB read per token from 3000 GB/s: 186.3 tokens per second (counts are plain numbers).
    const auto decode = eval("{gpu.stream/devices/0/triad} [GB/s] / 16.1 [GB/token]", {},
                             {{"gpu.stream/devices/0/triad", 3000}});
    CHECK(decode.value.value() == Approx(3000.0 / 16.1));
    CHECK(decode.dimension == parse_unit("tokens/s").dimension);
    CHECK(dimension_text(decode.dimension) == "1/s");
    // 6 N D over 400 TFLOP/s: seconds.
    const auto train = eval("6 * 1e9 * 2e10 [FLOP] / ({gpu.gemm/x} [TFLOP/s] * 40 [%])", {},
                            {{"gpu.gemm/x", 1000}});
    CHECK(train.value.value() == Approx(1.2e20 / 4e14));
    CHECK(dimension_text(train.dimension) == "s");
    CHECK(parse_unit("GiB").scale == 1073741824.0);
    CHECK(parse_unit("h").scale == 3600);
    CHECK(parse_unit("days").scale == 86400);
    CHECK(parse_unit("小时").scale == 3600); // Chinese pages write their own time units
    CHECK(parse_unit("天").scale == 86400);
    CHECK(parse_unit("小时").dimension == parse_unit("s").dimension);
    CHECK(parse_unit("µs").scale == Approx(1e-6));
    CHECK(parse_unit("bit").scale == 0.125);
    CHECK(dimension_text(parse_unit("GFLOP/s/W").dimension) == "FLOP/(s·W)");
    CHECK(dimension_text(parse_unit("B*s^2").dimension) == "B·s^2");
    CHECK(dimension_text(parse_unit("1").dimension) == "1");
}

TEST_CASE("formula: a missing figure leaves the value missing, the dimension known",
          "[estimate][formula]") {
    const auto q = eval("{gpu.stream/devices/0/triad} [GB/s] / 2 [GB]");
    CHECK_FALSE(q.value.has_value());
    CHECK(dimension_text(q.dimension) == "1/s");
}

TEST_CASE("formula: bad formulas name the problem and the column", "[estimate][formula]") {
    CHECK(parse_error("1 +") == "the formula ends where a number, a name or a key belongs @4");
    CHECK(parse_error("2 ** 3") ==
          "expected a number, a name, a {probe/pointer} key or '(', found '*' @4");
    CHECK(parse_error("(1 + 2") == "expected ')' to close the '(' at column 1 @7");
    CHECK(parse_error("1 2") == "unexpected '2' (a formula uses numbers, names, {probe/pointer} "
                                "keys, + - * / and parentheses) @3");
    CHECK(parse_error("1.2.3") == "\"1.2.3\" is not a finite number @1");
    CHECK(parse_error("1e999") == "\"1e999\" is not a finite number @1");
    CHECK(parse_error("{gpu.stream/devices/0/triad}") ==
          "give the unit the formula reads {gpu.stream/devices/0/triad} in, e.g. "
          "{gpu.stream/devices/0/triad} [GB/s] @29");
    CHECK(parse_error("{triad} [GB/s]") ==
          "write a measured figure as {PROBE/POINTER}, e.g. {gpu.stream/devices/0/triad} [GB/s], "
          "or a datasheet figure of the host's GPU as {datasheet:FIELD}, e.g. "
          "{datasheet:bf16_tensor_tflops} [TFLOP/s] @2");
    CHECK(parse_error("3 [furlong]").starts_with("unknown unit \"furlong\" (known: B, bit"));
    CHECK(parse_error("3 [furlong]").ends_with("@4"));
    CHECK(parse_error("3 [GB") == "expected ']' to close the unit @4");
    CHECK(parse_error(std::string(100, '(') + "1" + std::string(100, ')')) ==
          "nested too deeply (at most 64 levels) @65");
    // A long chain of operators is refused too: its tree is as deep as the chain is long (a
    // 17 KB chain of divisions overflowed the stack; tests/fuzz/corpus/formula/regression-*).
    std::string chain = "x";
    for (int i = 0; i < 300; ++i) {
        chain += " / x";
    }
    CHECK(parse_error(chain) ==
          "too long: at most 256 operators in one formula; split it into constants @1030");
    std::string longest = "x";
    for (int i = 0; i < 256; ++i) {
        longest += " / x";
    }
    CHECK_NOTHROW(parse(longest));
}

TEST_CASE("formula: adding different quantities is a unit mismatch", "[estimate][formula]") {
    CHECK(eval_error("1 [GB] + 2 [GB/s]") == "cannot add B/s to B (unit mismatch) @8");
    CHECK(eval_error("1 [TFLOP] - 2 [s]") == "cannot subtract s from FLOP (unit mismatch) @11");
    CHECK(eval_error("2 * missing") == "unknown name \"missing\" @5");
    CHECK(eval("1 [GB] + 24 [MB]").value.value() == Approx(1.024e9));
}

TEST_CASE("formula: pretty printing for readers, and the keys and names it uses",
          "[estimate][formula]") {
    const auto parsed = parse("bw / (params*bits/8) + {gpu.x/a} [GB/s] * (1 - 2 - (3 - 4))");
    CHECK(pretty(parsed) == "bw ÷ (params × bits ÷ 8) + gpu.x/a [GB/s] × (1 − 2 − (3 − 4))");
    CHECK(keys(parsed) == std::vector<std::string>{"gpu.x/a"});
    CHECK(names(parsed) == std::vector<std::string>{"bw", "params", "bits"});
    CHECK(pretty(parse("-(1 + 2) * 3 [GB]")) == "−(1 + 2) × 3 GB");
    CHECK(parse_error("(1 + 2) [GB]").starts_with("unexpected '['")); // units go on numbers
}
