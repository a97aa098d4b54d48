// Units of the estimate formula language: what a unit written in a formula means (scale and
// dimension), and dimensions in words for messages.
#include "directives/formula.hpp"
#include "numbers/number.hpp"
#include "text/ascii.hpp"

#include <cmath>

namespace gpuguide::formula {
namespace {

using text::is_ascii_digit;

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
            throw FormulaError(
                start + 1, "unknown unit \"" + std::string(name) +
                               "\" (known: B, bit, FLOP, OP, token, param, count, s, "
                               "min, h, day, 秒, 分钟, 小时, 天, Hz, W, J, %, 1, with k M G T P E "
                               "Ki Mi Gi Ti m µ n before B, FLOP, OP, s, W)");
        }
        int power = 1;
        if (i < text.size() && text[i] == '^') {
            const std::size_t digits = ++i;
            while (i < text.size() && (is_ascii_digit(text[i]) || (i == digits && text[i] == '-'))) {
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

} // namespace gpuguide::formula
