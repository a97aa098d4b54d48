#include "render/templates.hpp"

#include <algorithm>

#include <kainjow/mustache.hpp>

#include "load/error.hpp"
#include "load/files.hpp"

namespace gpuguide::render {
namespace {

namespace mustache = kainjow::mustache;

mustache::data to_data(const nlohmann::json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::object: {
        mustache::data object{mustache::data::type::object};
        for (const auto& item : value.items()) {
            object.set(item.key(), to_data(item.value()));
        }
        return object;
    }
    case nlohmann::json::value_t::array: {
        mustache::data list{mustache::data::type::list};
        for (const auto& item : value) {
            list.push_back(to_data(item));
        }
        return list;
    }
    case nlohmann::json::value_t::string: {
        const auto& text = value.get_ref<const std::string&>();
        // An empty string is falsy, so {{#page.description}} sections skip it.
        return text.empty() ? mustache::data{false} : mustache::data{text};
    }
    case nlohmann::json::value_t::boolean:
        return mustache::data{value.get<bool>()};
    case nlohmann::json::value_t::null:
        return mustache::data{false};
    default:
        return mustache::data{value.dump()};
    }
}

// Looks partials up in their own namespace, so a partial called "nav" does not hide the view's
// `nav` object (kainjow's default context searches the view for both).
class PartialContext : public mustache::context<std::string> {
  public:
    PartialContext(const mustache::data* view, const mustache::data* partials)
        : mustache::context<std::string>(view), partials_(partials) {}
    const mustache::data* get_partial(const std::string& name) const override { return partials_->get(name); }

  private:
    const mustache::data* partials_;
};

int line_of_offset(const std::string& text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n'));
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
                    "`" + name + "` is inserted without escaping; only generator-built values "
                    "(names ending in _html) may be, use {{" + name + "}} instead");
        }
        at += 2;
    }
}

} // namespace

Templates::Templates(const std::filesystem::path& dir) : dir_(dir) {
    if (!std::filesystem::is_regular_file(dir / "layout.mustache")) {
        fail_at(dir / "layout.mustache", 0, "missing; pass --templates DIR with a layout.mustache");
    }
    add("layout", dir / "layout.mustache");
    if (std::filesystem::is_regular_file(dir / "language-index.mustache")) {
        add("language-index", dir / "language-index.mustache");
    }
    for (const char* folder : {"partials", "tables"}) {
        for (const auto& file : list_files_sorted(dir / folder)) {
            if (file.extension() == ".mustache" && !file.has_parent_path()) {
                const std::string prefix = std::string(folder) == "tables" ? "tables/" : "";
                add(prefix + file.stem().string(), dir / folder / file);
            }
        }
    }
    check_partial_names();
    for (const char* table : {"tables/measured-table", "tables/data-table"}) {
        if (!has(table)) {
            fail_at(dir / (std::string(table) + ".mustache"), 0, "missing; the table directives render through it");
        }
    }
    if (std::filesystem::is_regular_file(dir / "strings.json")) {
        try {
            strings_ = nlohmann::json::parse(read_file(dir / "strings.json"));
        } catch (const nlohmann::json::parse_error& error) {
            fail_at(dir / "strings.json", 0, std::string("not valid JSON: ") + error.what());
        }
    }
}

void Templates::add(const std::string& name, const std::filesystem::path& file) {
    std::string text = read_file(file);
    check_utf8(file, text);
    check_raw_tags(text, file);
    mustache::mustache parsed(text);
    if (!parsed.is_valid()) {
        // kainjow reports "... at OFFSET"; turn the offset into a line.
        const auto& message = parsed.error_message();
        const auto at = message.rfind(" at ");
        int line = 0;
        if (at != std::string::npos && message.find_first_not_of("0123456789", at + 4) == std::string::npos) {
            line = line_of_offset(text, std::stoul(message.substr(at + 4)));
        }
        fail_at(file, line, "template error: " + message);
    }
    sources_[name] = std::move(text);
    files_[name] = file;
}

std::string Templates::render_text(const std::string& text, const nlohmann::json& view) {
    mustache::mustache tmpl(text);
    return tmpl.render(to_data(view));
}

void Templates::check_partial_names() const {
    for (const auto& [name, text] : sources_) {
        for (auto at = text.find("{{>"); at != std::string::npos; at = text.find("{{>", at + 3)) {
            const auto end = text.find("}}", at);
            std::string partial = text.substr(at + 3, end == std::string::npos ? 0 : end - at - 3);
            partial.erase(0, partial.find_first_not_of(' '));
            partial.erase(partial.find_last_not_of(' ') + 1);
            if (!sources_.contains(partial) || partial.starts_with("tables/") || partial == "layout") {
                fail_at(files_.at(name), line_of_offset(text, at),
                        "no partial `" + partial + "`; add " +
                            (dir_ / "partials" / (partial + ".mustache")).generic_string() + " or fix the name");
            }
        }
    }
}

nlohmann::json Templates::strings(const std::string& lang) const {
    const auto found = strings_.find(lang);
    return found != strings_.end() && found->is_object() ? *found : nlohmann::json::object();
}

std::string Templates::render(const std::string& name, const nlohmann::json& view) const {
    mustache::mustache tmpl(sources_.at(name));
    const mustache::data data = to_data(view);
    mustache::data partials{mustache::data::type::object};
    for (const auto& [partial, text] : sources_) {
        if (!partial.starts_with("tables/") && partial != "layout") {
            const std::string* source = &text;
            partials.set(partial, mustache::partial{[source] { return *source; }});
        }
    }
    PartialContext context(&data, &partials);
    std::string html = tmpl.render(context);
    if (!tmpl.is_valid()) {
        throw InputError(located(files_.at(name), 0, "template error: " + tmpl.error_message()));
    }
    return html;
}

} // namespace gpuguide::render
