// Views built as kainjow's data (view_data.hpp).
#include "render/view_data.hpp"

#include "markdown/markdown.hpp"

#include <utility>

namespace gpuguide::render {

namespace view {

Data list(std::size_t expected) {
    Data list{Data::type::list};
    const_cast<kainjow::mustache::basic_list<std::string>&>(list.list_value()).reserve(expected);
    return list;
}

Data text(std::string value) {
    markdown::drop_control_characters(value);
    if (value.empty()) {
        return Data{false};
    }
    Data data{Data::type::string};
    const_cast<std::string&>(data.string_value()) = std::move(value);
    return data;
}

// kainjow's set() and push_back() take a const reference and copy the whole subtree, so a
// page's HTML was copied once per level of the view. A cheap placeholder goes in instead and
// the value is moved over it (the data is ours and not const, so the cast is sound).
void set(Data& object, const std::string& key, Data&& value) {
    object.set(key, Data{false});
    const_cast<Data&>(*object.get(key)) = std::move(value);
}

void push(Data& list, Data&& value) {
    list.push_back(Data{false});
    const_cast<Data&>(list.list_value().back()) = std::move(value);
}

} // namespace view

} // namespace gpuguide::render
