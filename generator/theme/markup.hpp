#pragma once
/// The theme's markup partials (partials/NAME.mustache) as the stages below the render stage see
/// them: every piece of HTML the generator puts into a page (a chart's figure, an inline value, a
/// code block, a provenance line, ...) is rendered through one, so that a book's theme can
/// restyle it (docs/src/writing/themes.md "Partials").
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>

namespace gpuguide::theme {

/// Mustache's "standalone" rule for a markup partial's text: a line that holds only a section
/// tag ({{#x}}, {{^x}}, {{/x}}) or a comment, and spaces, is removed with its line break.
std::string strip_standalone_tags(const std::string& text);

class Markup {
  public:
    Markup() = default;
    virtual ~Markup() = default;
    Markup(Markup&&) noexcept = default; // a theme's Templates is moved into the build's inputs
    Markup& operator=(Markup&&) noexcept = default;

    /// Renders partials/NAME.mustache with `view`. Values are escaped as the page's own text is
    /// (text::escape_markup), names ending in _html are inserted as they are.
    virtual std::string partial(const std::string& name, nlohmann::json&& view) const = 0;

    /// What the partial writes before and after the HTML its value `slot` ("content_html")
    /// stands for: for content that the caller places between them, unconverted and uncopied (a
    /// page's HTML) or kept in the page's tree (an inline value's text).
    std::pair<std::string, std::string> around(const std::string& name, nlohmann::json&& view,
                                               const std::string& slot) const {
        static const std::string marker = "\xEE\x80\x80gpuguide-slot\xEE\x80\x80"; // U+E000
        view[slot] = marker;
        std::string html = partial(name, std::move(view));
        const auto at = html.find(marker);
        if (at == std::string::npos) {
            return {std::move(html), ""};
        }
        return {html.substr(0, at), html.substr(at + marker.size())};
    }

    /// around() for an element inside a line of text, whose slot is `text_html`: the partial's
    /// final line break (its file's last) is dropped.
    std::pair<std::string, std::string> wrapper(const std::string& name,
                                                nlohmann::json&& view) const {
        auto parts = around(name, std::move(view), "text_html");
        auto& last = parts.second.empty() ? parts.first : parts.second;
        if (last.ends_with('\n')) {
            last.pop_back();
        }
        return parts;
    }

    /// wrapper() of partial `name` with the view {`value_name`: `value`}, rendered once per
    /// value for this object's life and kept: for markup written thousands of times a build with
    /// few distinct values (a highlighted token's tags, one pair per CSS class). Thread-safe.
    const std::pair<std::string, std::string>& cached_wrapper(const std::string& name,
                                                              const std::string& value_name,
                                                              std::string_view value) const;

    /// around() of partial `name` with `view` plus the text value `value_name` = `value` (a
    /// heading's id): rendered once per view with a stand-in for the value, kept, and the value
    /// put in its place, escaped as the partial escapes it. A partial that shows the value
    /// otherwise (unescaped, {{{id}}}) is found out once per view and rendered every time.
    /// Thread-safe.
    std::pair<std::string, std::string> around_with(const std::string& name,
                                                    const nlohmann::json& view,
                                                    const std::string& slot,
                                                    const std::string& value_name,
                                                    const std::string& value) const;

  private:
    /// around()'s two parts with a stand-in where the value goes; `fits`: the stand-in can be
    /// replaced by the escaped value (false: render each time).
    struct Filled {
        bool fits = false;
        std::pair<std::string, std::string> parts;
    };
    struct Cache {
        std::shared_mutex mutex;
        std::map<std::string, std::pair<std::string, std::string>, std::less<>> wrappers;
        std::map<std::string, Filled, std::less<>> filled;
    };
    const Filled& filled(const std::string& name, const nlohmann::json& view,
                         const std::string& slot, const std::string& value_name) const;
    std::unique_ptr<Cache> cache_ = std::make_unique<Cache>(); ///< a pointer, so Markup moves
};

/// Markup that renders nothing: for parses whose HTML is thrown away (the checks that run before
/// anything is measured, the literal-emphasis scan), which need no theme.
class NoMarkup final : public Markup {
  public:
    std::string partial(const std::string&, nlohmann::json&&) const override { return {}; }
};

} // namespace gpuguide::theme
