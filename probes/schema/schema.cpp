#include "schema/schema.hpp"

#include "schema/rules.hpp"

#include <cmath>
#include <limits>
#include <map>

namespace gpuguide::probes::schema {
namespace {

using nlohmann::json;

/// nlohmann::json seen through the value type of rules.hpp.
class NlohmannValue {
  public:
    explicit NlohmannValue(const json& value) : value_(&value) {}
    bool is_object() const { return value_->is_object(); }
    bool is_array() const { return value_->is_array(); }
    bool is_string() const { return value_->is_string(); }
    bool is_null() const { return value_->is_null(); }
    bool is_boolean() const { return value_->is_boolean(); }
    bool is_number() const { return value_->is_number(); }
    bool is_integer() const { return value_->is_number_integer(); }
    bool is_unsigned() const { return value_->is_number_unsigned(); }
    bool is_float() const { return value_->is_number_float(); }
    double number() const { return value_->get<double>(); }
    std::int64_t integer() const { return value_->get<std::int64_t>(); }
    std::string integer_text() const { return value_->dump(); }
    std::string_view text() const { return value_->get_ref<const std::string&>(); }
    bool boolean() const { return value_->get<bool>(); }
    const char* type_name() const { return value_->type_name(); }
    std::optional<NlohmannValue> find(const char* key) const {
        const auto found = value_->find(key);
        return found == value_->end() ? std::nullopt : std::optional(NlohmannValue(*found));
    }
    template <class F> void each_member(F&& f) const {
        for (const auto& [key, child] : value_->items())
            f(std::string_view(key), NlohmannValue(child));
    }
    template <class F> void each_element(F&& f) const {
        for (std::size_t i = 0; i < value_->size(); ++i)
            f(i, NlohmannValue((*value_)[i]));
    }

  private:
    const json* value_;
};

} // namespace

std::optional<double> absurd_limit(std::string_view unit) {
    // Far above any machine of today, so only broken timers or byte counts trip them.
    static const std::map<std::string_view, double> limits = {
        {"GB/s", 1e5},      {"TFLOP/s", 1e5}, {"TOP/s", 1e5}, {"GFLOP/s", 1e8},
        {"GFLOP/s/W", 1e6}, {"W", 1e5},       {"J", 1e9},     {"MHz", 1e5},
        {"ns", 1e9},        {"us", 1e9},      {"µs", 1e9},    {"cycles", 1e10}};
    auto it = limits.find(unit);
    if (it == limits.end())
        return std::nullopt;
    return it->second;
}

std::vector<ValidationError> validate_document(const nlohmann::json& document) {
    return rules::validate(NlohmannValue(document));
}

std::string format_errors(const std::vector<ValidationError>& errors) {
    std::string text;
    for (const auto& error : errors)
        text += (error.pointer.empty() ? std::string("/") : error.pointer) + ": " + error.message +
                "\n";
    return text;
}

} // namespace gpuguide::probes::schema
