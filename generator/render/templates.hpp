#pragma once
/// Mustache templates (kainjow): the layout, partials, table templates and interface strings, read
/// from a theme (a book's templates folder over the built-in default theme).
#include "theme/markup.hpp"
#include "theme/theme.hpp"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace kainjow::mustache {
template <typename string_type> class basic_data;
} // namespace kainjow::mustache

namespace gpuguide::render {

/// A view model converted once and shared by many renders: what every page of a language has
/// alike (its interface strings, `ui`). Converting the interface strings for every page was 15 %
/// of a 2,000-page build. A name in a render's own view wins over the same name here.
class SharedView {
  public:
    explicit SharedView(const nlohmann::json& view);
    ~SharedView();
    SharedView(SharedView&&) noexcept;
    SharedView& operator=(SharedView&&) noexcept;

  private:
    friend class Templates;
    struct Data;
    std::unique_ptr<Data> data_;
};

/// Every template of a templates/ folder, read once. Partials are inlined into the templates that
/// use them when loading; rendering is thread-safe (each thread parses a template once and keeps
/// it, since kainjow's renderer keeps state in the template object). It is also the theme's
/// markup (theme::Markup): the partials the stages below render their HTML through.
class Templates : public theme::Markup {
  public:
    /// Reads layout.mustache, partials/*.mustache, tables/*.mustache and language-index.mustache,
    /// each from the book's folder when it has the file, else from the built-in theme, and checks
    /// that strings.json reads (ui::Strings serves it). Throws InputError naming the template and
    /// line for a syntax error, or for
    /// `{{{name}}}`/`{{&name}}` where name does not end in `_html` (only generator-built HTML may
    /// skip escaping).
    explicit Templates(const theme::Theme& theme);

    /// The same with `dir` as the book's templates folder (it may be absent).
    explicit Templates(const std::filesystem::path& dir);

    /// Renders a template by name ("layout", "tables/measured-table", ...) with a view model;
    /// partials are available as {{> name}}. Values are HTML-escaped unless the name ends _html.
    /// `shared` (may be null) answers the names `view` lacks.
    std::string render(const std::string& name, const nlohmann::json& view,
                       const SharedView* shared = nullptr) const;
    /// The same, taking the view's strings rather than copying them (a page's HTML).
    std::string render(const std::string& name, nlohmann::json&& view,
                       const SharedView* shared = nullptr) const;

    /// kainjow's data, as render/view_data.hpp builds it.
    using Data = kainjow::mustache::basic_data<std::string>;
    /// The same with a view built as kainjow's data (render/view_data.hpp), for a caller that
    /// renders so many that converting JSON views would cost more than the renders.
    std::string render_view(const std::string& name, const Data& view,
                            const SharedView* shared = nullptr) const;

    /// Renders a template given as text (built-in defaults), without partials.
    static std::string render_text(const std::string& text, const nlohmann::json& view,
                                   const SharedView* shared = nullptr);

    /// Renders partials/NAME.mustache (theme::Markup), escaping as the page's text is escaped.
    std::string partial(const std::string& name, nlohmann::json&& view) const override;

    bool has(const std::string& name) const { return sources_.contains(name); }

    /// The book's templates folder (overrides), for messages that say where to add a file.
    const std::filesystem::path& dir() const { return dir_; }

  private:
    std::string render_data(const std::string& name, const Data& data, const SharedView* shared,
                            bool page_escape = false) const;
    void add(const std::string& name, const theme::File& file);
    void check_partial_names() const; // {{> name}} must name a file in partials/
    void expand_partials();           // fills expanded_
    std::string inline_partials(const std::string& text) const;
    static std::atomic<std::uint64_t> next_id_;
    std::uint64_t id_; // this object's cache key
    std::filesystem::path dir_;
    std::map<std::string, std::string> sources_;         // name -> template text
    std::map<std::string, std::string> expanded_;        // name -> text with partials inlined
    std::map<std::string, std::filesystem::path> files_; // name -> file, for messages
};

} // namespace gpuguide::render
