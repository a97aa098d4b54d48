#include "render/templates.hpp"

#include "load/error.hpp"
#include "load/files.hpp"
#include "markdown/markdown.hpp"
#include "render/view_data.hpp"
#include "text/escape.hpp"
#include "theme/ui_strings.hpp"

#include <algorithm>
#include <atomic>
#include <kainjow/mustache.hpp>
#include <memory>
#include <unordered_map>
#include <vector>

namespace gpuguide::render {
namespace {

// strings.json's `search_synonyms` per language: a list of groups of two or more words.
void check_search_synonyms(const theme::Theme& theme) {
    const auto file = theme.find("strings.json");
    if (!file) {
        return;
    }
    const auto strings = nlohmann::json::parse(file->bytes, nullptr, false); // read already
    for (const auto& [lang, table] : strings.items()) {
        const auto groups = table.is_object() ? table.find("search_synonyms") : table.end();
        if (!table.is_object() || groups == table.end()) {
            continue;
        }
        const auto is_word = [](const nlohmann::json& w) {
            return w.is_string() && !w.get<std::string>().empty();
        };
        const auto is_group = [&](const nlohmann::json& g) {
            return g.is_array() && g.size() >= 2 && std::all_of(g.begin(), g.end(), is_word);
        };
        if (!groups->is_array() || !std::all_of(groups->begin(), groups->end(), is_group)) {
            fail_at(file->origin, 0,
                    "`" + lang +
                        ".search_synonyms` must be a list of groups of two or more words, e.g. "
                        "[[\"beginner\", \"novice\"]]");
        }
    }
}

namespace mustache = kainjow::mustache;

// `take`: the view is an rvalue the caller gave up, so its strings (a page's whole HTML) are moved
// rather than copied; each page's strings were otherwise copied twice on their way in.
mustache::data to_data(const nlohmann::json& value, bool take) {
    switch (value.type()) {
    case nlohmann::json::value_t::object: {
        auto object = view::object();
        for (const auto& [key, item] : value.items()) {
            view::set(object, key, to_data(item, take));
        }
        return object;
    }
    case nlohmann::json::value_t::array: {
        auto list = view::list(value.size());
        for (const auto& item : value) {
            view::push(list, to_data(item, take));
        }
        return list;
    }
    case nlohmann::json::value_t::string: {
        const auto& source = value.get_ref<const std::string&>();
        return view::text(take ? std::move(const_cast<std::string&>(source)) : source);
    }
    case nlohmann::json::value_t::boolean:
        return mustache::data{value.get<bool>()};
    case nlohmann::json::value_t::null:
        return mustache::data{false};
    default:
        return mustache::data{value.dump()};
    }
}

/// kainjow's own context, except that a dotted name ("page.title") is split once per thread and
/// kept: kainjow splits it with a std::stringstream on every lookup, which was 7% of a build.
class Context : public mustache::basic_context<std::string> {
  public:
    explicit Context(const mustache::data* data) { items_.push_back(data); }

    void push(const mustache::data* data) override { items_.push_back(data); }
    void pop() override { items_.pop_back(); }

    const mustache::data* get(const std::string& name) const override {
        if (name == ".") {
            return items_.back();
        }
        if (name.find('.') == std::string::npos) {
            return get_partial(name);
        }
        thread_local std::unordered_map<std::string, std::vector<std::string>> split_names;
        auto found = split_names.find(name);
        if (found == split_names.end()) {
            found = split_names.emplace(name, mustache::split(name, '.')).first;
        }
        for (auto item = items_.rbegin(); item != items_.rend(); ++item) { // innermost first
            const mustache::data* value = *item;
            for (const auto& part : found->second) {
                if (!(value = value->get(part))) {
                    break;
                }
            }
            if (value) {
                return value;
            }
        }
        return nullptr;
    }

    const mustache::data* get_partial(const std::string& name) const override {
        for (auto item = items_.rbegin(); item != items_.rend(); ++item) {
            if (const auto* value = (*item)->get(name)) {
                return value;
            }
        }
        return nullptr;
    }

  private:
    std::vector<const mustache::data*> items_; // outermost first (kainjow keeps it reversed)
};

/// Collects the output in one string (kainjow's render() goes through an ostringstream and copies
/// the whole page out of it).
struct Output {
    std::string text;
    Output& operator<<(const std::string& piece) {
        text += piece;
        return *this;
    }
};

std::string render_with(mustache::mustache& tmpl, const mustache::data& data,
                        const mustache::data* shared) {
    if (!tmpl.is_valid()) {
        return {}; // as kainjow's render(data); callers report the error
    }
    // The shared view is the outermost item: every name the render's own view has comes first.
    Context context(shared != nullptr ? shared : &data);
    if (shared != nullptr) {
        context.push(&data);
    }
    Output output;
    tmpl.render(context, output);
    return std::move(output.text);
}

int line_of_offset(const std::string& text, std::size_t offset) {
    return 1 + static_cast<int>(
                   std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n'));
}

// Raw (unescaped) output is reserved for generator-built HTML: names ending in _html.
void check_raw_tags(const std::string& text, const std::filesystem::path& file) {
    for (std::size_t at = text.find("{{"); at != std::string::npos; at = text.find("{{", at + 2)) {
        std::string name;
        if (text.compare(at, 3, "{{{") == 0) {
            const auto end = text.find("}}}", at);
            name = text.substr(at + 3, end == std::string::npos ? 0 : end - at - 3);
        } else if (text.compare(at, 3, "{{&") == 0) {
            const auto end = text.find("}}", at);
            name = text.substr(at + 3, end == std::string::npos ? 0 : end - at - 3);
        } else {
            continue;
        }
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        if (!name.ends_with("_html")) {
            fail_at(file, line_of_offset(text, at),
                    "`" + name +
                        "` is inserted without escaping; only generator-built values "
                        "(names ending in _html) may be, use {{" +
                        name + "}} instead");
        }
        at += 2;
    }
}

} // namespace

struct SharedView::Data {
    mustache::data value;
};

SharedView::SharedView(const nlohmann::json& view)
    : data_(std::make_unique<Data>(Data{to_data(view, false)})) {}
SharedView::~SharedView() = default;
SharedView::SharedView(SharedView&&) noexcept = default;
SharedView& SharedView::operator=(SharedView&&) noexcept = default;

Templates::Templates(const std::filesystem::path& dir) : Templates(theme::Theme(dir)) {}

Templates::Templates(const theme::Theme& theme) : id_(next_id_++), dir_(theme.override_dir()) {
    // The built-in theme has every required file, so a missing one only happens to a binary
    // built from a broken templates/ folder; the message still says what to do.
    auto layout = theme.find("layout.mustache");
    if (!layout) {
        fail_at(dir_ / "layout.mustache", 0,
                "missing; pass --templates DIR with a layout.mustache");
    }
    add("layout", *layout);
    auto index = theme.find("language-index.mustache");
    if (!index) {
        fail_at(dir_ / "language-index.mustache", 0,
                "missing; the language chooser at the site's root renders through it");
    }
    add("language-index", *index);
    // tables/ and fleet/ (the fleet page's parts) are rendered by name ("fleet/outliers").
    for (const std::string folder : {"partials", "tables", "fleet"}) {
        for (const auto& file : theme.list(folder)) {
            const std::filesystem::path relative = file.path.substr(folder.size() + 1);
            if (relative.extension() == ".mustache" && !relative.has_parent_path()) {
                const std::string prefix = folder == "partials" ? "" : folder + "/";
                add(prefix + relative.stem().string(), file);
            }
        }
    }
    check_partial_names();
    expand_partials();
    for (const char* table : {"tables/measured-table", "tables/data-table"}) {
        if (!has(table)) {
            fail_at(dir_ / (std::string(table) + ".mustache"), 0,
                    "missing; the table directives render through it");
        }
    }
    // Read now, so that a broken strings.json is reported with the other theme errors, before
    // anything is measured; pages read it through ui::Strings.
    ui::Strings::for_language(theme, "en");
    check_search_synonyms(theme);
}

void Templates::add(const std::string& name, const theme::File& file) {
    std::string text = file.bytes;
    check_utf8(file.origin, text);
    check_raw_tags(text, file.origin);
    mustache::mustache parsed(text);
    if (!parsed.is_valid()) {
        // kainjow reports "... at OFFSET"; turn the offset into a line.
        const auto& message = parsed.error_message();
        const auto at = message.rfind(" at ");
        int line = 0;
        if (at != std::string::npos &&
            message.find_first_not_of("0123456789", at + 4) == std::string::npos) {
            line = line_of_offset(text, std::stoul(message.substr(at + 4)));
        }
        fail_at(file.origin, line, "template error: " + message);
    }
    sources_[name] = std::move(text);
    files_[name] = file.origin;
}

std::atomic<std::uint64_t> Templates::next_id_{1};

std::string Templates::render_text(const std::string& text, const nlohmann::json& view,
                                   const SharedView* shared) {
    mustache::mustache tmpl(text);
    return render_with(tmpl, to_data(view, false),
                       shared != nullptr ? &shared->data_->value : nullptr);
}

void Templates::check_partial_names() const {
    for (const auto& [name, text] : sources_) {
        for (auto at = text.find("{{>"); at != std::string::npos; at = text.find("{{>", at + 3)) {
            const auto end = text.find("}}", at);
            std::string partial = text.substr(at + 3, end == std::string::npos ? 0 : end - at - 3);
            partial.erase(0, partial.find_first_not_of(' '));
            partial.erase(partial.find_last_not_of(' ') + 1);
            if (!sources_.contains(partial) || partial.starts_with("tables/") ||
                partial.starts_with("fleet/") || partial == "layout") {
                fail_at(files_.at(name), line_of_offset(text, at),
                        "no partial `" + partial + "`; add " +
                            (dir_ / "partials" / (partial + ".mustache")).generic_string() +
                            " or fix the name");
            }
        }
    }
}

std::string Templates::render(const std::string& name, const nlohmann::json& view,
                              const SharedView* shared) const {
    return render_data(name, to_data(view, false), shared);
}

std::string Templates::render(const std::string& name, nlohmann::json&& view,
                              const SharedView* shared) const {
    return render_data(name, to_data(view, true), shared);
}

std::string Templates::render_view(const std::string& name, const Data& view,
                                   const SharedView* shared) const {
    return render_data(name, view, shared);
}

std::string Templates::partial(const std::string& name, nlohmann::json&& view) const {
    if (!sources_.contains(name) || name.find('/') != std::string::npos || name == "layout" ||
        name == "language-index") {
        throw InputError(located(dir_ / "partials" / (name + ".mustache"), 0,
                                 "missing; the generator renders its HTML through it"));
    }
    return render_data(name, to_data(view, true), nullptr, true);
}

std::string Templates::render_data(const std::string& name, const Data& data,
                                   const SharedView* shared, bool page_escape) const {
    // Parsing costs as much as rendering, so each thread keeps its parsed templates for the
    // lifetime of this Templates object (identified by id_, not by address, which may be reused).
    thread_local std::uint64_t cached_for = 0;
    thread_local std::map<std::string, std::unique_ptr<mustache::mustache>, std::less<>> parsed;
    thread_local std::map<std::string, std::unique_ptr<mustache::mustache>, std::less<>> partials;
    if (cached_for != id_) {
        parsed.clear();
        partials.clear();
        cached_for = id_;
    }
    // A partial rendered into a page's body escapes as the body's own text does (&#39;, no
    // control characters), so that moving markup into the theme changes no byte of a page.
    auto& tmpl = (page_escape ? partials : parsed)[name];
    if (!tmpl) {
        tmpl = std::make_unique<mustache::mustache>(
            page_escape ? theme::strip_standalone_tags(expanded_.at(name)) : expanded_.at(name));
        if (page_escape) {
            tmpl->set_custom_escape(
                [](const std::string& text) { return text::escape_markup(text); });
        }
    }
    std::string html =
        render_with(*tmpl, data, shared != nullptr ? &shared->data_->value : nullptr);
    if (!tmpl->is_valid()) {
        throw InputError(located(files_.at(name), 0, "template error: " + tmpl->error_message()));
    }
    return html;
}

void Templates::expand_partials() {
    for (const auto& [name, text] : sources_) {
        // Every template, partials too: the generator renders its markup partials by name.
        std::string expanded = text;
        // A partial may use partials; ten levels is far more than any real layout needs and stops
        // a partial that includes itself.
        for (int depth = 0; depth < 10 && expanded.find("{{>") != std::string::npos; ++depth) {
            expanded = inline_partials(expanded);
        }
        expanded_[name] = std::move(expanded);
    }
}

std::string Templates::inline_partials(const std::string& text) const {
    std::string out;
    std::size_t done = 0;
    for (auto at = text.find("{{>"); at != std::string::npos; at = text.find("{{>", done)) {
        const auto close = text.find("}}", at);
        std::string partial = text.substr(at + 3, close - at - 3);
        partial.erase(0, partial.find_first_not_of(' '));
        partial.erase(partial.find_last_not_of(' ') + 1);
        // A tag alone on its line stands for whole lines (Mustache's "standalone" rule): the
        // line's indentation and line break go with it.
        const auto line_start =
            text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
        auto line_end = text.find('\n', close);
        line_end = line_end == std::string::npos ? text.size() : line_end + 1;
        const bool standalone = text.find_first_not_of(" \t", line_start) == at &&
                                (text.find_first_not_of(" \t\r\n", close + 2) >= line_end);
        const std::size_t from = standalone ? line_start : at;
        out.append(text, done, from - done);
        out += sources_.at(partial);
        done = standalone ? line_end : close + 2;
    }
    out.append(text, done, std::string::npos);
    return out;
}

} // namespace gpuguide::render
