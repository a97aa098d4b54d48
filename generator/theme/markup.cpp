// The rule the markup partials' text follows, before kainjow parses it, and the wrappers kept once
// rendered (cached_wrapper).
#include "theme/markup.hpp"

#include <mutex>
#include <string_view>

namespace gpuguide::theme {

// Mustache's "standalone" rule for the partials the generator renders into a page: a line that
// holds only a section tag ({{#x}}, {{^x}}, {{/x}}) or a comment, and spaces, is removed with its
// line break. kainjow removes such a line only when its section is shown, so a partial with
// several sections, one per variant, would otherwise leave a blank line for each one not shown.
std::string strip_standalone_tags(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t start = 0; start < text.size();) {
        auto end = text.find('\n', start);
        end = end == std::string::npos ? text.size() : end + 1;
        const std::string_view line(text.data() + start, end - start);
        const auto first = line.find_first_not_of(" \t");
        const auto last = line.find_last_not_of(" \t\r\n");
        const bool standalone =
            first != std::string_view::npos && line.compare(first, 2, "{{") == 0 &&
            first + 2 < line.size() &&
            std::string_view("#^/!").find(line[first + 2]) != std::string_view::npos &&
            last >= first + 3 && line.compare(last - 1, 2, "}}") == 0 &&
            line.find("}}", first) == last - 1;
        if (standalone) {
            out.append(line.substr(first, last + 1 - first));
        } else {
            out.append(line);
        }
        start = end;
    }
    return out;
}

const std::pair<std::string, std::string>& Markup::cached_wrapper(const std::string& name,
                                                                  const std::string& value_name,
                                                                  std::string_view value) const {
    std::string key = name;
    key.append(1, '\0').append(value_name).append(1, '\0').append(value);
    {
        std::shared_lock lock(cache_->mutex);
        if (const auto found = cache_->wrappers.find(key); found != cache_->wrappers.end()) {
            return found->second; // map nodes stay put: the reference outlives the lock
        }
    }
    auto parts = wrapper(name, {{value_name, std::string(value)}});
    std::unique_lock lock(cache_->mutex);
    return cache_->wrappers.try_emplace(std::move(key), std::move(parts)).first->second;
}

} // namespace gpuguide::theme
