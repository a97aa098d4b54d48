#pragma once
/// The theme's markup partials (partials/NAME.mustache) as the stages below the render stage see
/// them: every piece of HTML the generator puts into a page (a chart's figure, an inline value, a
/// code block, a provenance line, ...) is rendered through one, so that a book's theme can
/// restyle it (docs/src/writing/themes.md "Partials").
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

namespace gpuguide::theme {

/// Mustache's "standalone" rule for a markup partial's text: a line that holds only a section
/// tag ({{#x}}, {{^x}}, {{/x}}) or a comment, and spaces, is removed with its line break.
std::string strip_standalone_tags(const std::string& text);

class Markup {
  public:
    virtual ~Markup() = default;

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
};

} // namespace gpuguide::theme
