#include "theme/ui_strings.hpp"

#include "load/error.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

namespace gpuguide::ui {
namespace {

nlohmann::json parse_strings(const theme::File& file) {
    try {
        auto json = nlohmann::json::parse(file.bytes);
        if (!json.is_object()) {
            fail_at(file.origin, 0, "must be an object with one object of strings per language");
        }
        return json;
    } catch (const nlohmann::json::parse_error& error) {
        fail_at(file.origin, 0, std::string("not valid JSON: ") + error.what());
    }
}

const nlohmann::json& built_in_json() {
    static const nlohmann::json json = [] {
        for (const auto& file : theme::built_in_files()) {
            if (file.path == "strings.json") {
                return parse_strings({"strings.json", std::string(file.bytes),
                                      theme::Theme::built_in_origin("strings.json"), true});
            }
        }
        throw std::logic_error("the built-in theme has no strings.json");
    }();
    return json;
}

// The book's own strings.json (an empty object when its theme folder has none).
nlohmann::json book_strings(const theme::Theme& theme) {
    if (auto file = theme.find("strings.json"); file && !file->built_in) {
        return parse_strings(*file);
    }
    return nlohmann::json::object();
}

nlohmann::json language_of(const nlohmann::json& strings, const std::string& lang) {
    const auto found = strings.find(lang);
    return found != strings.end() && found->is_object() ? *found : nlohmann::json::object();
}

} // namespace

namespace {

nlohmann::json merge(const std::vector<nlohmann::json>& layers) {
    nlohmann::json all = nlohmann::json::object();
    for (auto layer = layers.rbegin(); layer != layers.rend(); ++layer) {
        for (const auto& [key, value] : layer->items()) {
            all[key] = value;
        }
    }
    return all;
}

} // namespace

Strings::Strings(std::string lang, std::vector<nlohmann::json> layers)
    : lang_(std::move(lang)), layers_(std::move(layers)), merged_(merge(layers_)) {}

Strings Strings::for_language(const theme::Theme& theme, const std::string& lang,
                              bool* missing_language) {
    const auto& built_in = built_in_json();
    const nlohmann::json own = book_strings(theme);
    if (missing_language != nullptr) {
        *missing_language = !own.contains(lang) && !built_in.contains(lang);
    }
    return Strings(lang, {language_of(own, lang), language_of(built_in, lang),
                          language_of(own, "en"), language_of(built_in, "en")});
}

std::vector<std::string> Strings::missing_keys(const theme::Theme& theme, const std::string& lang) {
    const auto& built_in = built_in_json();
    const nlohmann::json own = book_strings(theme);
    const auto mine = language_of(own, lang);
    const auto theirs = language_of(built_in, lang);
    std::vector<std::string> missing;
    if (lang == "en" || (!own.contains(lang) && !built_in.contains(lang))) {
        return missing;
    }
    // A key (or a key of a table) counts as present when either layer of the language has it.
    auto has = [&](const std::string& key, const std::string* inner) {
        for (const auto* layer : {&mine, &theirs}) {
            const auto found = layer->find(key);
            if (found != layer->end() &&
                (inner == nullptr || (found->is_object() && found->contains(*inner)))) {
                return true;
            }
        }
        return false;
    };
    const auto english = language_of(built_in, "en");
    for (const auto& [key, value] : english.items()) {
        if (!has(key, nullptr)) {
            missing.push_back(key);
        } else if (value.is_object()) {
            for (const auto& inner : value.items()) {
                if (!has(key, &inner.key())) {
                    missing.push_back(key + "." + inner.key());
                }
            }
        }
    }
    return missing;
}

const Strings& Strings::built_in(std::string_view lang) {
    static std::mutex mutex;
    static std::map<std::string, Strings, std::less<>> cache;
    std::lock_guard lock(mutex);
    auto found = cache.find(lang);
    if (found == cache.end()) {
        const auto& json = built_in_json();
        found = cache
                    .emplace(std::string(lang),
                             Strings(std::string(lang), {language_of(json, std::string(lang)),
                                                         language_of(json, "en")}))
                    .first;
    }
    return found->second;
}

nlohmann::json Strings::table(std::string_view key) const {
    nlohmann::json all = nlohmann::json::object();
    for (auto layer = layers_.rbegin(); layer != layers_.rend(); ++layer) {
        const auto found = layer->find(key);
        if (found != layer->end() && found->is_object()) {
            for (const auto& [name, value] : found->items()) {
                all[name] = value;
            }
        }
    }
    return all;
}

std::string Strings::text(std::string_view key) const {
    for (const auto& layer : layers_) {
        const auto found = layer.find(key);
        if (found != layer.end() && found->is_string()) {
            return found->get<std::string>();
        }
    }
    throw std::logic_error("interface string \"" + std::string(key) +
                           "\" is missing from the built-in theme's strings.json");
}

std::string Strings::fill(std::string_view key, const std::vector<std::string>& args) const {
    return ui::fill(text(key), args);
}

std::optional<std::string> Strings::entry(std::string_view table, std::string_view entry) const {
    for (const auto& layer : layers_) {
        const auto found = layer.find(table);
        if (found == layer.end() || !found->is_object()) {
            continue;
        }
        const auto value = found->find(entry);
        if (value != found->end() && value->is_string()) {
            return value->get<std::string>();
        }
    }
    return std::nullopt;
}

std::string fill(std::string pattern, const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string slot = "{"; // built in steps: GCC 12 warns falsely on "{" + string (-Wrestrict)
        slot += std::to_string(i);
        slot += '}';
        if (const auto at = pattern.find(slot); at != std::string::npos) {
            pattern.replace(at, slot.size(), args[i]);
        }
    }
    return pattern;
}

std::string join_words(const std::vector<std::string>& words, const std::string& separator,
                       const std::string& last_separator) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (i > 0) {
            text += i + 1 == words.size() ? last_separator : separator;
        }
        text += words[i];
    }
    return text;
}

} // namespace gpuguide::ui
