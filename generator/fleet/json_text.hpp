#pragma once
// JSON written as text, straight into a string, for the fleet's files of thousands of alike
// entries (a site's fleet.json, a collection's record): building a nlohmann tree per entry only to
// dump it was a fifth of a 20,000-node build. Each scalar is written as nlohmann's dump() writes
// it, so a writer that puts members in nlohmann's (sorted) order gives dump()'s bytes exactly.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::fleet {

/// Appends JSON text to a string. The caller writes the brackets and braces; this writes keys,
/// commas between members and the scalars.
class JsonText {
  public:
    explicit JsonText(std::string& out) : out_(out) {}

    /// `"name":`, after a comma unless it is the object's first member. `name` is written as it
    /// is: the writers' keys are fixed ASCII names.
    void key(std::string_view name, bool first = false);

    /// A string, escaped as nlohmann escapes it (invalid UTF-8 replaced, as dump()'s `replace`).
    void value(std::string_view text);
    void value(const char* text) { value(std::string_view(text)); }
    void value(const std::string& text) { value(std::string_view(text)); }
    void value(double number); ///< shortest round-trip form, as nlohmann (null for NaN or inf)
    void value(std::int64_t number);
    void value(std::uint64_t number);
    void value(int number) { value(static_cast<std::int64_t>(number)); }
    void value(bool truth) { out_ += truth ? "true" : "false"; }
    void null() { out_ += "null"; }
    void value(const std::vector<std::string>& texts); ///< an array of strings

    /// key(name, first), then value(v).
    template <typename T> void member(std::string_view name, const T& v, bool first = false) {
        key(name, first);
        value(v);
    }

    std::string& out() { return out_; }

  private:
    std::string& out_;
};

} // namespace gpuguide::fleet
