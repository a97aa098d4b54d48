// The rule the markup partials' text follows, before kainjow parses it, and the wrappers kept once
// rendered (cached_wrapper).
#include "theme/markup.hpp"

#include "text/escape.hpp"

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

namespace {

// Where around_with() puts the value: private-use characters (U+E001) no text holds, and the
// same with the characters that HTML escaping changes, to see how the partial writes it.
const std::string kStandIn = "\xEE\x80\x81gpuguide-value\xEE\x80\x81";
const std::string kEscapeProbe = std::string(kStandIn).append("<&\"'>"); // (GCC 12's -Wrestrict)

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

} // namespace

const Markup::Filled& Markup::filled(const std::string& name, const nlohmann::json& view,
                                     const std::string& slot,
                                     const std::string& value_name) const {
    std::string key = name;
    key.append(1, '\0').append(slot).append(1, '\0').append(value_name).append(1, '\0');
    key.append(view.dump());
    {
        std::shared_lock lock(cache_->mutex);
        if (const auto found = cache_->filled.find(key); found != cache_->filled.end()) {
            return found->second;
        }
    }
    auto with = [&](const std::string& value) {
        nlohmann::json copy = view;
        copy[value_name] = value;
        return around(name, std::move(copy), slot);
    };
    Filled entry{false, with(kStandIn)};
    // It fits when the partial writes the value only escaped, as a page's text is: the probe's
    // rendering is then the stand-in's with the escaped probe in its place.
    const auto probe = with(kEscapeProbe);
    const auto escaped = text::escape_markup(kEscapeProbe);
    entry.fits = replaced(entry.parts.first, kStandIn, escaped) == probe.first &&
                 replaced(entry.parts.second, kStandIn, escaped) == probe.second;
    std::unique_lock lock(cache_->mutex);
    return cache_->filled.try_emplace(std::move(key), std::move(entry)).first->second;
}

std::pair<std::string, std::string> Markup::around_with(const std::string& name,
                                                        const nlohmann::json& view,
                                                        const std::string& slot,
                                                        const std::string& value_name,
                                                        const std::string& value) const {
    // An empty value is false in a Mustache section, where the stand-in is true.
    if (!value.empty()) {
        const Filled& entry = filled(name, view, slot, value_name);
        if (entry.fits) {
            const auto escaped = text::escape_markup(value);
            return {replaced(entry.parts.first, kStandIn, escaped),
                    replaced(entry.parts.second, kStandIn, escaped)};
        }
    }
    nlohmann::json copy = view;
    copy[value_name] = value;
    return around(name, std::move(copy), slot);
}

} // namespace gpuguide::theme
