#pragma once
/// The formula language of live estimates (docs/src/design/values.md "Estimates"): + - * / and
/// parentheses over numbers with units (`16.1 [GB]`), author constants (`params`) and measured
/// figures
/// (`{gpu.stream/devices/0/triad} [GB/s]`, the unit being the one the formula reads it in).
/// Units carry through: bytes, FLOP, OP, seconds and watts are checked; counts (token, param)
/// document the formula but are plain numbers. Parsing and checking need no measurement.
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::formula {

/// A problem in a formula or unit; `column` is the 1-based character (byte) where it was found.
class FormulaError : public std::runtime_error {
  public:
    FormulaError(std::size_t column, const std::string& message)
        : std::runtime_error(message), column_(column) {}
    std::size_t column() const { return column_; }

  private:
    std::size_t column_;
};

/// Exponents of the checked dimensions: byte, FLOP, OP (integer operations), second, watt.
using Dimension = std::array<int, 5>;

/// A unit as written ("GB/s") and what it means: `scale` base units of `dimension`.
struct Unit {
    std::string text;
    double scale = 1;
    Dimension dimension{};
};

/// Parses a unit: factors like `B`, `GB`, `GiB`, `TFLOP`, `token`, `s`, `h`, `day`, `%`, `1`,
/// joined by `*`, `·` or `/` (each `/` divides by the next factor), with an optional `^N`.
/// Throws FormulaError naming the factor it does not know.
Unit parse_unit(std::string_view text);

/// The dimension in base units, for messages: "B/s", "FLOP", "1/s", "1" (a plain number).
std::string dimension_text(const Dimension& dimension);

/// One node of a parsed formula.
struct Node {
    enum class Kind { Number, Name, Key, Add, Subtract, Multiply, Divide, Negate };
    Kind kind = Kind::Number;
    double number = 0;        ///< Number: the value as written (before its unit)
    std::string text;         ///< Name: the constant; Key: "probe/pointer"
    std::optional<Unit> unit; ///< Number (optional), Key (required)
    std::size_t column = 0;   ///< where it starts, for messages
    std::unique_ptr<Node> left, right;
};

/// A parsed formula; `text` is the source.
struct Formula {
    std::string text;
    std::unique_ptr<Node> root;
};

/// Parses `text`. Throws FormulaError ("expected a number, a name, a {key} or '(' ...").
Formula parse(std::string_view text);

/// The value of a formula or sub-formula: `value` in base units (bytes, FLOP, s, ...), absent when
/// a measured figure it needs is missing; `dimension` is known either way.
struct Quantity {
    std::optional<double> value;
    Dimension dimension{};
};

/// What evaluation asks of its caller. `constant` gives a named constant's quantity (nullopt:
/// no such name); `key` gives a measured figure in `unit` (nullopt value: no figure). Both may
/// throw to report their own problems.
struct Resolver {
    std::function<std::optional<Quantity>(const std::string& name)> constant;
    std::function<std::optional<double>(const std::string& key, const Unit& unit)> key;
};

/// Evaluates `formula`. Throws FormulaError for an unknown name or for adding or subtracting
/// quantities of different dimensions ("cannot add B and B/s").
Quantity evaluate(const Formula& formula, const Resolver& resolver);

/// Names a measured key for readers ("STREAM triad bandwidth" for "gpu.stream/devices/0/triad").
using KeyNamer = std::function<std::string(const std::string& key)>;

/// The formula for readers: `×` and `÷` for `*` and `/`, units kept, keys named by `name_of`
/// (as written when it is empty).
std::string pretty(const Formula& formula, const KeyNamer& name_of = {});

/// Every measured key the formula names, in order of appearance ("gpu.stream/devices/0/triad").
std::vector<std::string> keys(const Formula& formula);
/// Every constant the formula names, in order of appearance.
std::vector<std::string> names(const Formula& formula);

} // namespace gpuguide::formula
