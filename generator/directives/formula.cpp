// The estimate formula language: a recursive-descent parser, units, evaluation and printing.
#include "directives/formula.hpp"

#include "numbers/number.hpp"

#include <cmath>

namespace gpuguide::formula {
namespace {

constexpr std::size_t kMaxDepth = 64; // parentheses and signs; deeper input is refused, not a crash

enum Base { kByte, kFlop, kOp, kSecond, kWatt };

struct BaseUnit {
    std::string_view name;
    double scale;
    Dimension dimension;
    bool prefixable;
};

// Counts (token, param) are plain numbers: writing them documents the formula ("GB/token"), and
// "tokens/s" is then a rate like any 1/s; bytes, FLOP, OP, time and power are checked.
constexpr BaseUnit kBases[] = {
    {"B", 1, {1, 0, 0, 0, 0}, true},
    {"byte", 1, {1, 0, 0, 0, 0}, false},
    {"bytes", 1, {1, 0, 0, 0, 0}, false},
    {"bit", 0.125, {1, 0, 0, 0, 0}, true},
    {"bits", 0.125, {1, 0, 0, 0, 0}, false},
    {"FLOP", 1, {0, 1, 0, 0, 0}, true},
    {"FLOPs", 1, {0, 1, 0, 0, 0}, true},
    {"OP", 1, {0, 0, 1, 0, 0}, true},
    {"OPs", 1, {0, 0, 1, 0, 0}, true},
    {"s", 1, {0, 0, 0, 1, 0}, true},
    {"min", 60, {0, 0, 0, 1, 0}, false},
    {"h", 3600, {0, 0, 0, 1, 0}, false},
    {"day", 86400, {0, 0, 0, 1, 0}, false},
    {"days", 86400, {0, 0, 0, 1, 0}, false},
    {"Hz", 1, {0, 0, 0, -1, 0}, true},
    {"W", 1, {0, 0, 0, 0, 1}, true},
    {"J", 1, {0, 0, 0, 1, 1}, true},
    {"token", 1, {}, true},
    {"tokens", 1, {}, true},
    {"param", 1, {}, true},
    {"params", 1, {}, true},
    {"count", 1, {}, false},
    {"1", 1, {}, false},
    {"%", 0.01, {}, false},
    // Chinese pages show time in their own words (a unit is shown as written): 秒, 分钟, 小时, 天.
    {"\xE7\xA7\x92", 1, {0, 0, 0, 1, 0}, false},
    {"\xE5\x88\x86\xE9\x92\x9F", 60, {0, 0, 0, 1, 0}, false},
    {"\xE5\xB0\x8F\xE6\x97\xB6", 3600, {0, 0, 0, 1, 0}, false},
    {"\xE5\xA4\xA9", 86400, {0, 0, 0, 1, 0}, false},
};

struct Prefix {
    std::string_view text;
    double scale;
};
constexpr Prefix kPrefixes[] = {
    {"Ki", 1024.0},     {"Mi", 1048576.0}, {"Gi", 1073741824.0}, {"Ti", 1099511627776.0},
    {"k", 1e3},         {"M", 1e6},        {"G", 1e9},           {"T", 1e12},
    {"P", 1e15},        {"E", 1e18},       {"m", 1e-3},          {"\xC2\xB5", 1e-6}, // µ
    {"\xCE\xBC", 1e-6}, {"u", 1e-6},       {"n", 1e-9},
};

const BaseUnit* find_base(std::string_view name) {
    for (const auto& base : kBases) {
        if (base.name == name) {
            return &base;
        }
    }
    return nullptr;
}

// One factor of a unit ("GB", "s"): its scale and dimension, or nullopt when unknown.
std::optional<std::pair<double, Dimension>> factor(std::string_view name) {
    if (const auto* base = find_base(name)) {
        return std::pair{base->scale, base->dimension};
    }
    for (const auto& prefix : kPrefixes) {
        if (name.size() > prefix.text.size() && name.starts_with(prefix.text)) {
            const auto* base = find_base(name.substr(prefix.text.size()));
            if (base && base->prefixable) {
                return std::pair{prefix.scale * base->scale, base->dimension};
            }
        }
    }
    return std::nullopt;
}

bool is_unit_separator(std::string_view text, std::size_t i) {
    return text[i] == '*' || text[i] == '/' || text[i] == ' ' || text[i] == '^' ||
           text.substr(i).starts_with("\xC2\xB7"); // ·
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool is_name_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
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

    static std::unique_ptr<Node> binary(Node::Kind kind, std::unique_ptr<Node> left,
                                        std::unique_ptr<Node> right, std::size_t column) {
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
            const auto close = text_.find('}', at_);
            if (close == std::string_view::npos) {
                fail("expected '}' to close the key at column " + std::to_string(column));
            }
            node->kind = Node::Kind::Key;
            node->text = std::string(text_.substr(at_, close - at_));
            if (node->text.find('/') == std::string::npos || node->text.front() == '/') {
                fail("write a measured figure as {PROBE/POINTER}, e.g. "
                     "{gpu.stream/devices/0/triad} [GB/s]");
            }
            at_ = close + 1;
            node->unit = unit_after();
            if (!node->unit) {
                fail("give the unit the formula reads {" + node->text +
                     "} in, e.g. {gpu.stream/devices/0/triad} [GB/s]");
            }
            return node;
        }
        if (at_ < text_.size() && (is_digit(text_[at_]) || text_[at_] == '.')) {
            const std::size_t start = at_;
            while (at_ < text_.size() && (is_digit(text_[at_]) || text_[at_] == '.')) {
                ++at_;
            }
            if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
                ++at_;
                if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) {
                    ++at_;
                }
                while (at_ < text_.size() && is_digit(text_[at_])) {
                    ++at_;
                }
            }
            node->kind = Node::Kind::Number;
            node->text = std::string(text_.substr(start, at_ - start));
            const auto reading = numbers::read(node->text, numbers::Rule{});
            if (!reading.value) {
                at_ = start;
                fail("\"" + node->text + "\" is not a finite number");
            }
            node->number = *reading.value;
            node->unit = unit_after();
            return node;
        }
        if (at_ < text_.size() && is_name_start(text_[at_])) {
            const std::size_t start = at_;
            while (at_ < text_.size() && (is_name_start(text_[at_]) || is_digit(text_[at_]))) {
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
    const auto left = eval(*node.left, resolver);
    const auto right = eval(*node.right, resolver);
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

std::string print(const Node& node) {
    const auto operand = [&](const Node& child, bool right_side) {
        const bool parens =
            precedence(child) < precedence(node) ||
            (right_side && precedence(child) == precedence(node) &&
             (node.kind == Node::Kind::Subtract || node.kind == Node::Kind::Divide));
        if (!parens) {
            return print(child);
        }
        std::string text(1, '('); // built in steps: GCC 12 warns falsely on "(" + string
        text += print(child);
        text += ')';
        return text;
    };
    switch (node.kind) {
    case Node::Kind::Number:
        return node.text + (node.unit ? " " + node.unit->text : "");
    case Node::Kind::Name:
        return node.text;
    case Node::Kind::Key:
        return node.text + " [" + node.unit->text + "]";
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

Unit parse_unit(std::string_view text) {
    Unit unit;
    unit.text = std::string(text);
    const auto first = text.find_first_not_of(' ');
    if (first == std::string_view::npos) {
        throw FormulaError(1, "empty unit [] (write [1] for a plain number)");
    }
    std::size_t i = first;
    bool divide = false;
    while (i < text.size()) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        if (text[i] == '/' || text[i] == '*' || text.substr(i).starts_with("\xC2\xB7")) {
            divide = text[i] == '/';
            i += text[i] == '/' || text[i] == '*' ? 1 : 2;
            continue;
        }
        const std::size_t start = i;
        while (i < text.size() && !is_unit_separator(text, i)) {
            ++i;
        }
        const auto name = text.substr(start, i - start);
        const auto known = factor(name);
        if (!known) {
            throw FormulaError(start + 1,
                               "unknown unit \"" + std::string(name) +
                                   "\" (known: B, bit, FLOP, OP, token, param, count, s, "
                                   "min, h, day, 秒, 分钟, 小时, 天, Hz, W, J, %, 1, with k M G T P E "
                                   "Ki Mi Gi Ti m µ n before B, FLOP, OP, s, W)");
        }
        int power = 1;
        if (i < text.size() && text[i] == '^') {
            const std::size_t digits = ++i;
            while (i < text.size() && (is_digit(text[i]) || (i == digits && text[i] == '-'))) {
                ++i;
            }
            const auto exponent = numbers::read(text.substr(digits, i - digits),
                                                numbers::Rule{.whole = true, .min = -9, .max = 9});
            if (!exponent.value) {
                throw FormulaError(digits + 1, "the power " + exponent.problem);
            }
            power = static_cast<int>(*exponent.value);
        }
        const int sign = divide ? -power : power;
        unit.scale *= std::pow(known->first, sign);
        for (std::size_t d = 0; d < unit.dimension.size(); ++d) {
            unit.dimension[d] += sign * known->second[d];
        }
        divide = false;
    }
    return unit;
}

std::string dimension_text(const Dimension& dimension) {
    constexpr std::string_view kNames[] = {"B", "FLOP", "OP", "s", "W"};
    std::string over, under;
    int under_count = 0;
    for (std::size_t d = 0; d < dimension.size(); ++d) {
        const int power = dimension[d];
        if (power == 0) {
            continue;
        }
        auto& side = power > 0 ? over : under;
        if (!side.empty()) {
            side += "\xC2\xB7"; // ·
        }
        side += kNames[d];
        if (std::abs(power) != 1) {
            side += '^';
            side += std::to_string(std::abs(power));
        }
        under_count += power < 0 ? 1 : 0;
    }
    if (over.empty()) {
        over.push_back('1'); // not `over = "1"`: GCC 12 warns falsely (-Wrestrict)
    }
    if (under.empty()) {
        return over;
    }
    over += '/';
    if (under_count > 1) {
        over += '(';
        over += under;
        over += ')';
    } else {
        over += under;
    }
    return over;
}

Formula parse(std::string_view text) {
    Parser parser(text);
    return {std::string(text), parser.formula()};
}

Quantity evaluate(const Formula& formula, const Resolver& resolver) {
    return eval(*formula.root, resolver);
}

std::string pretty(const Formula& formula) {
    return print(*formula.root);
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
