#pragma once
/// The theme's markup partials (partials/NAME.mustache) as the stages below the render stage see
/// them: every piece of HTML the generator puts into a page (a chart's figure, an inline value, a
/// code block, a provenance line, ...) is rendered through one, so that a book's theme can
/// restyle it (docs/src/writing/themes.md "Partials").
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

namespace gpuguide::theme {

class Markup {
  public:
    virtual ~Markup() = default;

    /// Renders partials/NAME.mustache with `view`. Values are escaped as the page's own text is
    /// (text::escape_markup), names ending in _html are inserted as they are.
    virtual std::string partial(const std::string& name, nlohmann::json&& view) const = 0;

    /// The same for an element around text that stays in the page's tree (an inline value):
    /// the partial is rendered with `text_html` standing for the text, and what comes before
    /// and after it is returned. The partial's final line break is dropped.
    std::pair<std::string, std::string> wrapper(const std::string& name,
                                                nlohmann::json&& view) const {
        static const std::string marker = "\xEE\x80\x80gpuguide-text\xEE\x80\x80"; // U+E000
        view["text_html"] = marker;
        std::string html = partial(name, std::move(view));
        if (html.ends_with('\n')) {
            html.pop_back();
        }
        const auto at = html.find(marker);
        if (at == std::string::npos) {
            return {html, ""};
        }
        return {html.substr(0, at), html.substr(at + marker.size())};
    }
};

} // namespace gpuguide::theme
