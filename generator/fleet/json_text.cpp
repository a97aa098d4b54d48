// JSON text written straight into a string (json_text.hpp).
#include "fleet/json_text.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace gpuguide::fleet {
namespace {

template <typename T> void dump_into(std::string& out, const T& value) {
    out += nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

void JsonText::key(std::string_view name, bool first) {
    out_.append(first ? "\"" : ",\"").append(name).append("\":");
}

void JsonText::value(std::string_view text) {
    // Printable ASCII other than `"` and `\` is written as it is (host names, versions, dates:
    // nearly every string); anything else as nlohmann escapes it.
    if (std::all_of(text.begin(), text.end(),
                    [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; })) {
        out_.append(1, '"').append(text).append(1, '"');
    } else {
        dump_into(out_, std::string(text));
    }
}

void JsonText::value(double number) {
    dump_into(out_, number);
}

void JsonText::value(std::int64_t number) {
    out_ += std::to_string(number);
}

void JsonText::value(std::uint64_t number) {
    out_ += std::to_string(number);
}

void JsonText::value(const std::vector<std::string>& texts) {
    out_ += '[';
    for (std::size_t i = 0; i < texts.size(); ++i) {
        out_ += i == 0 ? "" : ",";
        value(texts[i]);
    }
    out_ += ']';
}

} // namespace gpuguide::fleet
