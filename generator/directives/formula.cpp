// The estimate formula language: a recursive-descent parser, evaluation and printing (units:
// units.cpp).
#include "directives/formula.hpp"

#include "numbers/number.hpp"
#include "text/ascii.hpp"

#include <cmath>

namespace gpuguide::formula {
namespace {

constexpr std::size_t kMaxDepth = 64; // parentheses and signs; deeper input is refused, not a crash
// Operators per formula. A chain `a / b / c ...` builds a tree one level deeper per operator, and
// evaluating, printing and freeing it recurse that deep: 17 KB of `x/` overflowed the stack (found
// by fuzz_formula). No real estimate needs more than a few dozen.
constexpr std::size_t kMaxOperators = 256;

using text::is_ascii_digit;

bool is_name_start(char c) {
    return text::is_ascii_letter(c) || c == '_';
}

class Parser {
  public:
    explicit Parser(std::string_view text) : text_(text) {}

    std::unique_ptr<Node> formula() {
        auto root = sum(0);
        skip_spaces();
        if (at_ < text_.size()) {
            fail(
                "unexpected '" + std::string(1, text_[at_]) +
                "' (a formula uses numbers, names, {probe/pointer} keys, + - * / and parentheses)");
        }
        return root;
    }

  private:
    std::string_view text_;
    std::size_t at_ = 0;
    std::size_t operators_ = 0;

    [[noreturn]] void fail(const std::string& message) const {
        throw FormulaError(at_ + 1, message);
    }

    void skip_spaces() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) {
            ++at_;
        }
    }

    bool take(char c) {
        skip_spaces();
        if (at_ < text_.size() && text_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }

    std::unique_ptr<Node> binary(Node::Kind kind, std::unique_ptr<Node> left,
                                 std::unique_ptr<Node> right, std::size_t column) {
        if (++operators_ > kMaxOperators) {
            fail("too long: at most " + std::to_string(kMaxOperators) +
                 " operators in one formula; split it into constants");
        }
        auto node = std::make_unique<Node>();
        node->kind = kind;
        node->column = column;
        node->left = std::move(left);
        node->right = std::move(right);
        return node;
    }

    std::unique_ptr<Node> sum(std::size_t depth) {
        auto left = product(depth);
        for (;;) {
            skip_spaces();
            const std::size_t column = at_ + 1;
            if (take('+')) {
                left = binary(Node::Kind::Add, std::move(left), product(depth), column);
            } else if (take('-')) {
                left = binary(Node::Kind::Subtract, std::move(left), product(depth), column);
            } else {
                return left;
            }
        }
    }

    std::unique_ptr<Node> product(std::size_t depth) {
        auto left = unary(depth);
        for (;;) {
            skip_spaces();
            const std::size_t column = at_ + 1;
            if (take('*')) {
                left = binary(Node::Kind::Multiply, std::move(left), unary(depth), column);
            } else if (take('/')) {
                left = binary(Node::Kind::Divide, std::move(left), unary(depth), column);
            } else {
                return left;
            }
        }
    }

    std::unique_ptr<Node> unary(std::size_t depth) {
        if (depth >= kMaxDepth) {
            fail("nested too deeply (at most " + std::to_string(kMaxDepth) + " levels)");
        }
        skip_spaces();
        const std::size_t column = at_ + 1;
        if (take('-')) {
            return binary(Node::Kind::Negate, unary(depth + 1), nullptr, column);
        }
        if (take('(')) {
            auto inner = sum(depth + 1);
            if (!take(')')) {
                fail("expected ')' to close the '(' at column " + std::to_string(column));
            }
            return inner;
        }
        auto node = std::make_unique<Node>();
        node->column = column;
        if (take('{')) {
            read_key(*node, column);
            return node;
        }
        if (at_ < text_.size() && (is_ascii_digit(text_[at_]) || text_[at_] == '.')) {
            read_number(*node);
            return node;
        }
        if (at_ < text_.size() && is_name_start(text_[at_])) {
            const std::size_t start = at_;
            while (at_ < text_.size() && (is_name_start(text_[at_]) || is_ascii_digit(text_[at_]))) {
                ++at_;
            }
            node->kind = Node::Kind::Name;
            node->text = std::string(text_.substr(start, at_ - start));
            return node;
        }
        fail(at_ < text_.size() ? "expected a number, a name, a {probe/pointer} key or '(', "
                                  "found '" +
                                      std::string(1, text_[at_]) + "'"
                                : "the formula ends where a number, a name or a key belongs");
    }

    // A "{PROBE/POINTER} [UNIT]" or "{datasheet:FIELD} [UNIT]" key, after its '{'.
    void read_key(Node& node, std::size_t column) {
        const auto close = text_.find('}', at_);
        if (close == std::string_view::npos) {
            fail("expected '}' to close the key at column " + std::to_string(column));
        }
        node.kind = Node::Kind::Key;
        node.text = std::string(text_.substr(at_, close - at_));
        const bool datasheet = node.text.starts_with("datasheet:") && node.text.size() > 10;
        if (!datasheet && (node.text.find('/') == std::string::npos || node.text.front() == '/')) {
            fail("write a measured figure as {PROBE/POINTER}, e.g. "
                 "{gpu.stream/devices/0/triad} [GB/s], or a datasheet figure of the host's GPU "
                 "as {datasheet:FIELD}, e.g. {datasheet:bf16_tensor_tflops} [TFLOP/s]");
        }
        at_ = close + 1;
        node.unit = unit_after();
        if (!node.unit) {
            fail("give the unit the formula reads {" + node.text +
                 "} in, e.g. {gpu.stream/devices/0/triad} [GB/s]");
        }
    }

    // A number, with an optional exponent and an optional "[UNIT]".
    void read_number(Node& node) {
        const std::size_t start = at_;
        while (at_ < text_.size() && (is_ascii_digit(text_[at_]) || text_[at_] == '.')) {
            ++at_;
        }
        if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
            ++at_;
            if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) {
                ++at_;
            }
            while (at_ < text_.size() && is_ascii_digit(text_[at_])) {
                ++at_;
            }
        }
        node.kind = Node::Kind::Number;
        node.text = std::string(text_.substr(start, at_ - start));
        const auto reading = numbers::read(node.text, numbers::Rule{});
        if (!reading.value) {
            at_ = start;
            fail("\"" + node.text + "\" is not a finite number");
        }
        node.number = *reading.value;
        node.unit = unit_after();
    }

    // An optional "[UNIT]" after a number or key.
    std::optional<Unit> unit_after() {
        if (!take('[')) {
            return std::nullopt;
        }
        const auto close = text_.find(']', at_);
        if (close == std::string_view::npos) {
            fail("expected ']' to close the unit");
        }
        const std::size_t start = at_;
        at_ = close + 1;
        try {
            return parse_unit(text_.substr(start, close - start));
        } catch (const FormulaError& error) {
            throw FormulaError(start + error.column(), error.what());
        }
    }
};

// A binary node's value from its two operands' values: sums need one dimension, products and
// quotients add or subtract the exponents.
Quantity combine_operands(const Node& node, const Quantity& left, const Quantity& right) {
    Quantity result;
    const bool both = left.value && right.value;
    switch (node.kind) {
    case Node::Kind::Add:
    case Node::Kind::Subtract:
        if (left.dimension != right.dimension) {
            throw FormulaError(node.column,
                               std::string("cannot ") +
                                   (node.kind == Node::Kind::Add ? "add " : "subtract ") +
                                   dimension_text(right.dimension) +
                                   (node.kind == Node::Kind::Add ? " to " : " from ") +
                                   dimension_text(left.dimension) + " (unit mismatch)");
        }
        result.dimension = left.dimension;
        if (both) {
            result.value = node.kind == Node::Kind::Add ? *left.value + *right.value
                                                        : *left.value - *right.value;
        }
        break;
    default: {
        const int sign = node.kind == Node::Kind::Multiply ? 1 : -1;
        for (std::size_t i = 0; i < result.dimension.size(); ++i) {
            result.dimension[i] = left.dimension[i] + sign * right.dimension[i];
        }
        if (both) {
            result.value = sign > 0 ? *left.value * *right.value : *left.value / *right.value;
        }
    }
    }
    return result;
}

Quantity eval(const Node& node, const Resolver& resolver) {
    switch (node.kind) {
    case Node::Kind::Number: {
        const Unit unit = node.unit.value_or(Unit{});
        return {node.number * unit.scale, unit.dimension};
    }
    case Node::Kind::Name: {
        auto found = resolver.constant(node.text);
        if (!found) {
            throw FormulaError(node.column, "unknown name \"" + node.text + "\"");
        }
        return *found;
    }
    case Node::Kind::Key: {
        const auto value = resolver.key(node.text, *node.unit);
        return {value ? std::optional(*value * node.unit->scale) : std::nullopt,
                node.unit->dimension};
    }
    case Node::Kind::Negate: {
        auto inner = eval(*node.left, resolver);
        if (inner.value) {
            inner.value = -*inner.value;
        }
        return inner;
    }
    default:
        break;
    }
    // The left operand first, so that its error is the one reported.
    const auto left = eval(*node.left, resolver);
    const auto right = eval(*node.right, resolver);
    return combine_operands(node, left, right);
}

int precedence(const Node& node) {
    switch (node.kind) {
    case Node::Kind::Add:
    case Node::Kind::Subtract:
        return 1;
    case Node::Kind::Multiply:
    case Node::Kind::Divide:
        return 2;
    case Node::Kind::Negate:
        return 3;
    default:
        return 4;
    }
}

std::string print(const Node& node, const KeyNamer& name_of) {
    const auto operand = [&](const Node& child, bool right_side) {
        const bool parens =
            precedence(child) < precedence(node) ||
            (right_side && precedence(child) == precedence(node) &&
             (node.kind == Node::Kind::Subtract || node.kind == Node::Kind::Divide));
        if (!parens) {
            return print(child, name_of);
        }
        std::string text(1, '('); // built in steps: GCC 12 warns falsely on "(" + string
        text += print(child, name_of);
        text += ')';
        return text;
    };
    switch (node.kind) {
    case Node::Kind::Number:
        return node.text + (node.unit ? " " + node.unit->text : "");
    case Node::Kind::Name:
        return node.text;
    case Node::Kind::Key:
        return (name_of ? name_of(node.text) : node.text) + " [" + node.unit->text + "]";
    case Node::Kind::Negate:
        return "\xE2\x88\x92" + operand(*node.left, true); // −
    case Node::Kind::Add:
        return operand(*node.left, false) + " + " + operand(*node.right, true);
    case Node::Kind::Subtract:
        return operand(*node.left, false) + " \xE2\x88\x92 " + operand(*node.right, true);
    case Node::Kind::Multiply:
        return operand(*node.left, false) + " \xC3\x97 " + operand(*node.right, true); // ×
    case Node::Kind::Divide:
        return operand(*node.left, false) + " \xC3\xB7 " + operand(*node.right, true); // ÷
    }
    return "";
}

void collect(const Node* node, Node::Kind kind, std::vector<std::string>& out) {
    if (node == nullptr) {
        return;
    }
    collect(node->left.get(), kind, out);
    if (node->kind == kind) {
        out.push_back(node->text);
    }
    collect(node->right.get(), kind, out);
}

} // namespace

Formula parse(std::string_view text) {
    Parser parser(text);
    return {std::string(text), parser.formula()};
}

Quantity evaluate(const Formula& formula, const Resolver& resolver) {
    return eval(*formula.root, resolver);
}

std::string pretty(const Formula& formula, const KeyNamer& name_of) {
    return print(*formula.root, name_of);
}

std::vector<std::string> keys(const Formula& formula) {
    std::vector<std::string> out;
    collect(formula.root.get(), Node::Kind::Key, out);
    return out;
}

std::vector<std::string> names(const Formula& formula) {
    std::vector<std::string> out;
    collect(formula.root.get(), Node::Kind::Name, out);
    return out;
}

} // namespace gpuguide::formula
