#pragma once
/// The theme's interface strings: every word the generator writes on a page itself (labels,
/// provenance notes, the lines that stand in for missing figures, chart text), read from the
/// theme's strings.json, one object per page language (docs/src/design/templates.md "Interface
/// strings").
#include "theme/theme.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::ui {

/// The strings of one page language. A key is looked up in the book's strings.json for the
/// language, then the built-in theme's for the language, then the book's English, then the
/// built-in English, which has every key the generator uses (a test checks it).
class Strings {
  public:
    /// Layers in lookup order, each a strings.json object for one language.
    Strings(std::string lang, std::vector<nlohmann::json> layers);

    /// The strings of `lang` from `theme` (a book's strings.json over the built-in one). Sets
    /// `*missing_language` when no strings.json of the theme has the language at all, so that
    /// the build can warn that its pages get English interface words.
    static Strings for_language(const theme::Theme& theme, const std::string& lang,
                                bool* missing_language = nullptr);

    /// The keys of the built-in English strings that the strings of `lang` in `theme` (the
    /// book's strings.json and the built-in one) lack, keys of a table as "fleet.title": those
    /// words would show in English on its pages. Empty for English, and for a language no
    /// strings.json has (for_language reports that).
    static std::vector<std::string> missing_keys(const theme::Theme& theme,
                                                 const std::string& lang);

    /// The built-in theme's strings alone (tests, and code that renders without a book).
    static const Strings& built_in(std::string_view lang);

    const std::string& lang() const { return lang_; }

    /// Every key of every layer, the first layer's value winning: the `ui` object templates see.
    /// Built once, when the strings are made (every page of a language reads it).
    const nlohmann::json& merged() const { return merged_; }

    /// An object-valued string (e.g. `fleet`) with the keys of every layer's object, the first
    /// layer's value winning: a book's strings.json may give some keys and keep the theme's others.
    nlohmann::json table(std::string_view key) const;

    /// The string `key`; std::logic_error naming the key when no layer has it.
    std::string text(std::string_view key) const;

    /// `text(key)` with {0}, {1}, … replaced by `args`.
    std::string fill(std::string_view key, const std::vector<std::string>& args) const;

    /// `table[entry]` of an object-valued string (e.g. probe_reasons: "one GPU" -> "只有一块
    /// GPU"), from the first layer whose table has the entry; nullopt when none has it.
    std::optional<std::string> entry(std::string_view table, std::string_view entry) const;

  private:
    std::string lang_;
    std::vector<nlohmann::json> layers_;
    nlohmann::json merged_;
};

/// `pattern` with {0}, {1}, … replaced by `args` (each placeholder once).
std::string fill(std::string pattern, const std::vector<std::string>& args);

/// "a, b and c": `separator` between words, `last_separator` before the last.
std::string join_words(const std::vector<std::string>& words, const std::string& separator,
                       const std::string& last_separator);

} // namespace gpuguide::ui
