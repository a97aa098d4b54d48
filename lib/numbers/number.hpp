#pragma once
/// Reading a number from the input: every number the generator takes from a file (a directive's
/// `limit:`, a chart axis' `min:`, a front-matter value, SOURCE_DATE_EPOCH) goes through read(),
/// with a Rule that says what the key accepts. What the rule refuses comes back as a sentence
/// that says what is allowed; the caller puts "file:line: directive: `key`" before it, e.g.
/// "content/en/x.md:42: gg-data: `limit` must be a whole number from 1 to 100000, not 2.5".
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace gpuguide::numbers {

/// What a key accepts. Written with designated initialisers, e.g.
/// `Rule{.whole = true, .min = 1, .max = 100000}` or `Rule{.min = 0, .above_min = true}`.
struct Rule {
    bool whole = false; ///< integers only: 3 and 3e2 pass, 2.5 does not
    double min = -std::numeric_limits<double>::infinity(); ///< smallest value allowed
    double max = std::numeric_limits<double>::infinity();  ///< largest value allowed
    bool above_min = false;      ///< `min` itself is refused ("greater than 0")
    bool allow_nan = false;      ///< .nan passes (no key takes it today)
    bool allow_infinite = false; ///< .inf and -.inf pass when within min..max
};

/// The rule in words, for messages: "a whole number from 1 to 100000", "a finite number",
/// "a finite number greater than 0".
std::string describe(const Rule& rule);

/// The number `text` spells in YAML 1.2's core schema: an optional sign, digits with an optional
/// point, an optional exponent (`12`, `-2.5`, `.5`, `1e3`, `+1E-3`), or `.inf`, `-.inf`, `.nan`
/// (any of YAML's three spellings). A number too large for a double gives an infinity (its text
/// is still a number, so the message can say what is allowed); one too small gives 0.
/// nullopt when the text is not a number: words (`nan`, `inf`, `ten`), hex, empty text.
std::optional<double> parse(std::string_view text);

/// The outcome of read() and check(): a value that keeps the rule, or the reason it does not.
struct Reading {
    std::optional<double> value; ///< set when the number keeps the rule
    /// Otherwise "must be a whole number from 1 to 100000, not 2.5" (the text as written).
    std::string problem;
};

/// Parses `text` and checks it against `rule`.
Reading read(std::string_view text, const Rule& rule);

/// Checks a value that is already a number (from JSON); `shown` is how the message quotes it
/// (its shortest decimal form when empty).
Reading check(double value, const Rule& rule, std::string_view shown = {});

/// The shortest decimal text that reads back as `value` ("100000", "0.5", "1e+300", ".nan").
std::string shortest(double value);

} // namespace gpuguide::numbers
