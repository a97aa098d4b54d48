#pragma once
/// A view model built directly as kainjow's data, for a caller that renders very many (a fleet's
/// host tables: 20,000 rows of nine cells, in each language), where building JSON and converting
/// it for the render cost more than the render itself. The rules are a JSON view's
/// (Templates::render): strings lose their control characters, and an empty string is false, so
/// that {{#note}} skips it.
#include <kainjow/mustache.hpp>
#include <string>

namespace gpuguide::render::view {

using Data = kainjow::mustache::basic_data<std::string>;

/// A string value.
Data text(std::string value);

/// An empty object and an empty list, filled by set() and push().
inline Data object() {
    return Data{Data::type::object};
}
/// `expected`: how many items will be pushed. kainjow's data has no noexcept move, so a list
/// that grows copies every item it holds, subtrees and all (a host table's 250 rows, each time).
Data list(std::size_t expected = 0);

/// Moves `value` into `object` under `key` (kainjow's own set() copies the whole subtree).
void set(Data& object, const std::string& key, Data&& value);

/// Moves `value` onto the end of `list`.
void push(Data& list, Data&& value);

} // namespace gpuguide::render::view
