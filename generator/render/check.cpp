// A small HTML tag tokenizer collects ids and links; then every internal link is resolved.
#include "render/check.hpp"

#include "load/files.hpp"

#include <map>
#include <optional>
#include <set>

namespace gpuguide::render {
namespace {

struct Attribute {
    std::string name, value;
};

struct PageScan {
    std::set<std::string> ids, names;    ///< id attributes; <a name> anchors (may repeat an id)
    std::set<std::string> duplicate_ids; ///< ids seen more than once: a link to one is ambiguous
    std::vector<std::string> links;
};

std::string decode_entities(std::string_view text) {
    static const std::pair<std::string_view, char> kEntities[] = {{"&amp;", '&'},  {"&quot;", '"'},
                                                                  {"&#39;", '\''}, {"&apos;", '\''},
                                                                  {"&lt;", '<'},   {"&gt;", '>'}};
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        bool replaced = false;
        if (text[i] == '&') {
            for (const auto& [entity, c] : kEntities) {
                if (text.substr(i, entity.size()) == entity) {
                    out += c;
                    i += entity.size();
                    replaced = true;
                    break;
                }
            }
        }
        if (!replaced) {
            out += text[i++];
        }
    }
    return out;
}

// Attributes of the tag starting at html[pos] ('<'); pos moves past the tag.
std::vector<Attribute> read_tag(std::string_view html, std::size_t& pos, std::string& tag_name) {
    std::vector<Attribute> attributes;
    std::size_t i = pos + 1;
    auto is_space = [](char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '/';
    };
    const std::size_t name_start = i;
    while (i < html.size() && !is_space(html[i]) && html[i] != '>') {
        ++i;
    }
    tag_name = std::string(html.substr(name_start, i - name_start));
    while (i < html.size() && html[i] != '>') {
        while (i < html.size() && is_space(html[i])) {
            ++i;
        }
        const std::size_t attribute_start = i;
        while (i < html.size() && !is_space(html[i]) && html[i] != '=' && html[i] != '>') {
            ++i;
        }
        Attribute attribute{std::string(html.substr(attribute_start, i - attribute_start)), ""};
        if (i < html.size() && html[i] == '=') {
            ++i;
            if (i < html.size() && (html[i] == '"' || html[i] == '\'')) {
                const char quote = html[i++];
                const std::size_t end = html.find(quote, i);
                attribute.value = decode_entities(html.substr(i, end - i));
                i = end == std::string_view::npos ? html.size() : end + 1;
            } else {
                const std::size_t value_start = i;
                while (i < html.size() && !is_space(html[i]) && html[i] != '>') {
                    ++i;
                }
                attribute.value = decode_entities(html.substr(value_start, i - value_start));
            }
        }
        if (!attribute.name.empty()) {
            attributes.push_back(std::move(attribute));
        } else if (i < html.size() && html[i] != '>') {
            ++i;
        }
    }
    pos = i + 1;
    return attributes;
}

PageScan scan(std::string_view html) {
    PageScan page;
    for (std::size_t pos = html.find('<'); pos != std::string_view::npos;
         pos = html.find('<', pos)) {
        if (html.substr(pos, 4) == "<!--") {
            const auto end = html.find("-->", pos);
            pos = end == std::string_view::npos ? html.size() : end + 3;
            continue;
        }
        std::string tag;
        const auto attributes = read_tag(html, pos, tag);
        for (const auto& attribute : attributes) {
            if (attribute.name == "id") {
                if (!page.ids.insert(attribute.value).second)
                    page.duplicate_ids.insert(attribute.value);
            } else if (tag == "a" && attribute.name == "name") {
                page.names.insert(attribute.value);
            } else if (attribute.name == "href" || attribute.name == "src") {
                page.links.push_back(attribute.value);
            }
        }
        if (tag == "script" || tag == "style") { // their text is not markup
            const auto end = html.find("</" + tag, pos);
            pos = end == std::string_view::npos ? html.size() : end;
        }
    }
    return page;
}

// The fragment as a browser's URL parser keeps it: C0 controls, space, `"`, `<`, `>`, a backtick
// and every byte from 0x7F are percent-encoded (URL Standard, fragment percent-encode set);
// what is already encoded stays as written.
std::string url_fragment(std::string_view raw) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : raw) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte >= 0x7F || c == '"' || c == '<' || c == '>' || c == '`') {
            out.append(1, '%').append(1, kHex[byte >> 4]).append(1, kHex[byte & 15]);
        } else {
            out += c;
        }
    }
    return out;
}

// HTML's "find a potential indicated element", as a browser scrolls to a fragment: an id (or an
// <a name>) equal to the fragment as the URL holds it, else to its percent-decoding; else `top`
// (any case), which means the top of the page.
bool finds_anchor(const PageScan& page, std::string_view raw_fragment) {
    const std::string fragment = url_fragment(raw_fragment);
    const std::string decoded = percent_decode(fragment);
    for (const auto* candidate : {&fragment, &decoded}) {
        if (page.ids.contains(*candidate) || page.names.contains(*candidate)) {
            return true;
        }
    }
    return is_top_fragment(decoded);
}

bool is_external(const std::string& link) {
    const auto colon = link.find(':');
    return link.starts_with("//") ||
           (colon != std::string::npos && colon < link.find_first_of("/?#"));
}

} // namespace

bool is_top_fragment(std::string_view fragment) {
    return fragment.size() == 3 && (fragment[0] | 0x20) == 't' && (fragment[1] | 0x20) == 'o' &&
           (fragment[2] | 0x20) == 'p';
}

std::string percent_decode(std::string_view text) {
    std::string out;
    auto hex = [](char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 &&
            hex(text[i + 2]) >= 0) {
            out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

namespace {

// What is wrong with `link` on `page`, or nothing where it leads to a file and anchor of the site
// (or outside the site's checks: external, or a 404 page's absolute link).
std::optional<std::string> link_problem(const std::string& page, const std::string& link,
                                        const std::map<std::string, PageScan>& pages,
                                        const std::set<std::string>& files, bool above_root_ok) {
    if (link.empty() || is_external(link)) {
        return std::nullopt;
    }
    if (link.starts_with('/')) {
        if (page == "404.html") {
            // 404.html is served at any missing path, so its links are absolute by design
            // (--base-url, or an mdBook project's site-url): where they lead is the server's.
            return std::nullopt;
        }
        return "absolute path; use a relative link so the site works under any sub-path";
    }
    const auto hash = link.find('#');
    std::string path = percent_decode(link.substr(0, std::min(hash, link.find('?'))));
    const std::string fragment = hash == std::string::npos ? "" : link.substr(hash + 1);
    std::string target = page;
    if (!path.empty()) {
        const auto page_dir = std::filesystem::path(page).parent_path();
        target = (page_dir / path).lexically_normal().generic_string();
        if (target.ends_with('/') || target == ".") {
            target =
                (std::filesystem::path(target) / "index.html").lexically_normal().generic_string();
        }
        if (target.starts_with("..")) {
            return above_root_ok ? std::nullopt
                                 : std::optional<std::string>("points outside the site");
        }
        if (!files.contains(target)) {
            return "no file " + target;
        }
    }
    if (!fragment.empty()) {
        const auto found = pages.find(target);
        if (found != pages.end() && !finds_anchor(found->second, fragment)) {
            return "no anchor \"" + percent_decode(fragment) + "\" in " + target;
        }
    }
    return std::nullopt;
}

} // namespace

std::vector<LinkProblem> check_site(const std::filesystem::path& site_dir, bool above_root_ok) {
    std::map<std::string, PageScan> pages; // by path relative to the site
    std::set<std::string> files;
    for (const auto& file : list_files_sorted(site_dir)) {
        files.insert(file.generic_string());
        if (file.extension() == ".html") {
            pages.emplace(file.generic_string(), scan(read_file(site_dir / file)));
        }
    }
    std::vector<LinkProblem> problems;
    for (const auto& [page, scanned] : pages) {
        for (const auto& id : scanned.duplicate_ids)
            problems.push_back({page, "id=\"" + id + "\"",
                                "duplicate id: links to it reach only the first, and the page is "
                                "invalid HTML"});
        for (const auto& link : scanned.links) {
            if (auto message = link_problem(page, link, pages, files, above_root_ok)) {
                problems.push_back({page, link, std::move(*message)});
            }
        }
    }
    return problems;
}

} // namespace gpuguide::render
