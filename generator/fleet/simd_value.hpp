#pragma once
// simdjson's DOM seen through one small value type: the schema's rules (probes/schema/rules.hpp)
// and the fleet's readers (simd_document.cpp, record.cpp) walk it as they walk nlohmann::json.
// Internal to the fleet library.
#include <cstdint>
#include <optional>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <utility>

namespace gpuguide::fleet {

using simdjson::dom::element;
using simdjson::dom::element_type;

/// The value of an element whose type was checked: the error it cannot return is not looked at.
template <class T, class Result> T checked(Result&& result) {
    T value{};
    const auto error = std::forward<Result>(result).get(value);
    static_cast<void>(error);
    return value;
}

/// simdjson's DOM seen through the value type of probes/schema/rules.hpp. Members are looked up
/// the way nlohmann keeps them: of two members with one name, the last.
class SimdValue {
  public:
    explicit SimdValue(element value) : value_(value), type_(value.type()) {}
    bool is_object() const { return type_ == element_type::OBJECT; }
    bool is_array() const { return type_ == element_type::ARRAY; }
    bool is_string() const { return type_ == element_type::STRING; }
    bool is_null() const { return type_ == element_type::NULL_VALUE; }
    bool is_boolean() const { return type_ == element_type::BOOL; }
    bool is_number() const { return is_integer() || is_float(); }
    bool is_integer() const {
        return type_ == element_type::INT64 || type_ == element_type::UINT64;
    }
    bool is_unsigned() const {
        return type_ == element_type::UINT64 || (type_ == element_type::INT64 && integer() >= 0);
    }
    bool is_float() const { return type_ == element_type::DOUBLE; }
    double number() const {
        if (type_ == element_type::INT64) {
            return static_cast<double>(integer());
        }
        if (type_ == element_type::UINT64) {
            return static_cast<double>(unsigned_integer());
        }
        return checked<double>(value_.get_double());
    }
    std::int64_t integer() const { return checked<std::int64_t>(value_.get_int64()); }
    std::string integer_text() const {
        return type_ == element_type::UINT64 ? std::to_string(unsigned_integer())
                                             : std::to_string(integer());
    }
    std::string_view text() const { return checked<std::string_view>(value_.get_string()); }
    bool boolean() const { return checked<bool>(value_.get_bool()); }
    std::uint64_t unsigned_integer() const { // is_unsigned only
        if (type_ == element_type::INT64) {
            return static_cast<std::uint64_t>(integer());
        }
        return checked<std::uint64_t>(value_.get_uint64());
    }
    const char* type_name() const {
        switch (type_) {
        case element_type::OBJECT:
            return "object";
        case element_type::ARRAY:
            return "array";
        case element_type::STRING:
            return "string";
        case element_type::BOOL:
            return "boolean";
        case element_type::NULL_VALUE:
            return "null";
        default:
            return "number";
        }
    }
    std::optional<SimdValue> find(std::string_view key) const {
        std::optional<SimdValue> found;
        each_member([&](std::string_view name, const SimdValue& value) {
            if (name == key) {
                found = value;
            }
        });
        return found;
    }
    template <class F> void each_member(F&& f) const {
        simdjson::dom::object object;
        if (value_.get_object().get(object) == simdjson::SUCCESS) {
            for (const auto member : object) {
                f(member.key, SimdValue(member.value));
            }
        }
    }
    template <class F> void each_element(F&& f) const {
        simdjson::dom::array array;
        if (value_.get_array().get(array) == simdjson::SUCCESS) {
            std::size_t index = 0;
            for (const element child : array) {
                f(index++, SimdValue(child));
            }
        }
    }

  private:
    element value_;
    element_type type_;
};

/// The parser of this thread, shared by every reader: it keeps its buffers from one document to
/// the next. An element it gave is valid until its next parse.
inline simdjson::dom::parser& thread_parser() {
    thread_local simdjson::dom::parser parser;
    return parser;
}

} // namespace gpuguide::fleet
