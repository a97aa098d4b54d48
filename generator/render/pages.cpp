// One page: Markdown -> AST -> anchors, directives, links -> HTML through the layout.
#include "directives/directives.hpp"
#include "load/error.hpp"
#include "markdown/markdown.hpp"
#include "render/check.hpp"
#include "render/internal.hpp"

#include <cctype>

namespace gpuguide::render {
namespace {

using nlohmann::json;

// The page's table of contents (its h2 and h3) through the theme's page-toc partial; "" for a
// page without them, which then shows none.
std::string toc_html(const std::vector<markdown::Heading>& headings, const Templates& templates) {
    json entries = json::array();
    for (const auto& heading : headings) {
        if (heading.level == 2 || heading.level == 3) {
            entries.push_back(
                {{"level", heading.level}, {"anchor", heading.anchor}, {"text", heading.text}});
        }
    }
    return entries.empty() ? "" : templates.partial("page-toc", {{"headings", std::move(entries)}});
}

// "#page-x--anchor": a page's section of print.html, or an anchor inside it. (Built with append:
// GCC 12 warns falsely, -Wrestrict, about `"#" + std::string` here.)
std::string in_print(const Page& page, const std::string& fragment_suffix) {
    std::string href = "#";
    return href.append(print_id(page)).append(fragment_suffix);
}

// "installing%20it.md" -> "installing it.md": mdBook's pages link files with spaces this way.
std::string percent_decoded(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() &&
            std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string spaces_encoded(std::string href) {
    for (auto at = href.find(' '); at != std::string::npos; at = href.find(' ', at)) {
        href.replace(at, 1, "%20");
    }
    return href;
}

// Link destinations for the page itself and for its copy inside print.html.
struct LinkTargets {
    std::string page, print;
};

std::optional<LinkTargets> rewrite(const markdown::LinkRef& link, const Language& language,
                                   const Page& page, int line_offset,
                                   const std::map<std::string, std::string>* redirects) {
    const auto destination = markdown::split_destination(link.original);
    // print.html sits at the language's root: a relative link or image of a page in a folder
    // needs that folder in front of it there (mdBook books link `../cli/index.html`).
    const auto for_print = [&]() -> std::optional<LinkTargets> {
        const auto folder = std::filesystem::path(page.output).parent_path();
        if (folder.empty() || destination.path.empty() || destination.path.starts_with('/')) {
            return std::nullopt;
        }
        return LinkTargets{link.original,
                           (folder / destination.path).lexically_normal().generic_string() +
                               (destination.has_fragment ? "#" + destination.fragment : "")};
    };
    if (destination.external) {
        return std::nullopt;
    }
    if (link.image) {
        return for_print();
    }
    // `#top` with no such id is the top of the page to a browser: its section in print.html.
    const bool top = destination.has_fragment && is_top_fragment(destination.fragment);
    const std::string fragment_suffix =
        destination.has_fragment && !top ? "--" + destination.fragment : "";
    if (destination.path.empty()) {
        if (!destination.has_fragment) {
            return std::nullopt;
        }
        return LinkTargets{link.original, in_print(page, fragment_suffix)};
    }
    if (!destination.path.ends_with(".md")) {
        return for_print();
    }
    const auto target_source =
        (std::filesystem::path(page.source).parent_path() / percent_decoded(destination.path))
            .lexically_normal()
            .generic_string();
    const auto found = language.page_by_source.find(target_source);
    if (found == language.page_by_source.end() && redirects != nullptr &&
        redirects->contains("/" + language.site_dir + output_path(target_source))) {
        // Not a chapter, but book.toml's [output.html.redirect] writes a page there (mdBook links
        // every .md to its .html, and books link retired pages this way).
        const std::string output = output_path(target_source);
        const std::string fragment =
            destination.has_fragment ? std::string("#").append(destination.fragment) : "";
        return LinkTargets{spaces_encoded(relative_href(page.output, output)) + fragment,
                           spaces_encoded(output) + fragment};
    }
    if (found == language.page_by_source.end()) {
        fail_at(page.source_path, link.line + line_offset,
                "link to `" + destination.path + "`, which is not a page of " +
                    (language.dir / "SUMMARY.md").generic_string() +
                    "; add it there or fix the link");
    }
    const Page& target = language.pages[found->second];
    const std::string fragment =
        destination.has_fragment ? std::string("#").append(destination.fragment) : "";
    return LinkTargets{spaces_encoded(relative_href(page.output, target.output)) + fragment,
                       in_print(target, fragment_suffix)};
}

// cmark-gfm numbers footnotes per page (id="fn-1", href="#fnref-1"); print.html holds every page,
// so its copies get the page prefix that headings get, as `html` is appended to `out`. Only
// cmark's own attribute spellings match.
void append_prefixing_footnote_ids(std::string& out, std::string_view html,
                                   const std::string& prefix) {
    // One pass, appending: replacing in place moved the rest of the page once per footnote, so a
    // page with thousands of footnotes cost its size times their number (a 12 MB page: 2 s).
    constexpr std::string_view kId = "id=\"fn", kHref = "href=\"#fn";
    const std::string id = "id=\"" + prefix + "--fn", href = "href=\"#" + prefix + "--fn";
    // The two spellings cannot overlap, so each is searched for again only once it is used.
    std::size_t done = 0, at_id = html.find(kId), at_href = html.find(kHref);
    while (at_id != std::string_view::npos || at_href != std::string_view::npos) {
        const bool is_id = at_id < at_href;
        const auto at = is_id ? at_id : at_href;
        out.append(html, done, at - done).append(is_id ? id : href);
        done = at + (is_id ? kId : kHref).size();
        (is_id ? at_id : at_href) = html.find(is_id ? kId : kHref, done);
    }
    out.append(html, done, std::string_view::npos);
}

// A literal `**`/`__` in the page's text: a warning, or (for a book that asks for it in book.toml,
// as the guide does) an error naming every one.
std::vector<std::string> check_literal_emphasis(const SiteContext& site, const Page& page,
                                                std::string_view markdown,
                                                const markdown::Document& document,
                                                int line_offset) {
    const bool fail = site.book.literal_emphasis == EmphasisCheck::Error;
    std::vector<std::string> messages;
    for (const auto& found : markdown::find_literal_emphasis(markdown, document)) {
        const std::string escaped = found.marks == "**" ? "\\*\\*" : "\\_\\_";
        messages.push_back(
            page.source_path.generic_string() + ":" + std::to_string(found.line + line_offset) +
            (fail ? ": " : ": warning: ") + "literal " + found.marks + " in the text: “" +
            found.context +
            "”; the emphasis did not open or close (CommonMark: punctuation just "
            "inside the marks and a letter just outside them); move the "
            "punctuation outside the marks (" +
            found.marks + "粗体" + found.marks + "。 rather than " + found.marks + "粗体。" +
            found.marks + "), or write " + escaped + " if you mean the characters");
    }
    if (fail && !messages.empty()) {
        std::string all;
        for (const auto& message : messages) {
            all += (all.empty() ? "" : "\n") + message;
        }
        throw InputError(all);
    }
    return messages;
}

// mdBook's Markdown and code-block settings (book.toml; mdBook's defaults for the guide's own
// content) with the language's UI strings.
std::pair<markdown::Syntax, markdown::CodeOptions> markdown_options(const SiteContext& site,
                                                                    const Language& language) {
    const auto& strings = site.strings(language.code);
    markdown::Syntax syntax;
    syntax.markup = &site.templates;
    markdown::CodeOptions code;
    if (const auto& config = site.book.config) {
        syntax.admonitions = config->admonitions;
        syntax.definition_lists = config->definition_lists;
        code.hidelines = config->hidelines;
        code.runnable = config->runnable;
        code.copyable = config->copyable;
        code.edition = config->rust_edition;
    }
    const char* const titles[] = {"admonition_note", "admonition_tip", "admonition_important",
                                  "admonition_warning", "admonition_caution"};
    for (std::size_t i = 0; i < syntax.admonition_titles.size(); ++i) {
        syntax.admonition_titles[i] = strings.text(titles[i]);
    }
    code.copy_label = strings.text("code_copy");
    code.copied_label = strings.text("code_copied");
    code.hidden_lines_label = strings.text("code_hidden_lines");
    code.markup = &site.templates;
    code.highlights = site.highlights;
    return {syntax, code};
}

json page_link(const Page& from, const Page& to) {
    return json{{"title", to.title},
                {"href", relative_href(from.output, to.output)},
                {"number", to.number}};
}

/// The page's section of print.html, from the same AST rendered again: heading and raw HTML ids
/// prefixed by the page, links to the print page's anchors, raw HTML's relative URLs from the
/// site root. Changes `document` and `headings`.
std::string print_html(const Templates& templates, markdown::Document& document, const Page& page,
                       std::vector<markdown::Heading>& headings,
                       const std::vector<markdown::LinkRef>& links,
                       const std::vector<std::optional<LinkTargets>>& targets) {
    const std::string prefix = print_id(page);
    for (auto& heading : headings) {
        markdown::set_heading_id(heading, prefix + "--" + heading.anchor, templates);
    }
    for (std::size_t i = 0; i < links.size(); ++i) {
        if (targets[i]) {
            markdown::set_link_url(links[i], targets[i]->print);
        }
    }
    if (const auto folder = std::filesystem::path(page.output).parent_path(); !folder.empty()) {
        // Raw HTML's relative URLs too (`<img src="images/x.svg">` in a page in a folder).
        markdown::rewrite_html_urls(document, [&folder](const std::string& url) {
            const auto destination = markdown::split_destination(url);
            if (destination.external || destination.path.empty() || url.starts_with('/')) {
                return url;
            }
            return (folder / destination.path).lexically_normal().generic_string() +
                   (destination.has_fragment ? "#" + destination.fragment : "");
        });
    }
    // The author's own anchors (`<a id="c-conv"></a>`) get the page prefix too, as links to them
    // in print.html already do.
    markdown::rewrite_html_attributes(
        document, {"id", "name"}, [&prefix](const std::string& id) { return prefix + "--" + id; });
    // Not a structured binding: Clang before 16 cannot capture one in a lambda.
    const auto around = templates.around("print-page", {{"id", prefix}}, "content_html");
    const std::string &before = around.first, &after = around.second;
    std::string print;
    // Straight from cmark-gfm's buffer: a copy of a big page's HTML was the peak of its memory.
    document.render_html([&](std::string_view html) {
        print.reserve(before.size() + html.size() + html.size() / 16 + after.size());
        print += before;
        append_prefixing_footnote_ids(print, html, prefix);
        print += after;
    });
    return print;
}

/// The layout's view model of one page: the site's, plus the page's title, content, table of
/// contents, edit link, neighbours and the same page in the other languages.
json layout_view(const SiteContext& site, const Language& language, std::size_t index,
                 std::string content_html, const std::vector<markdown::Heading>& headings,
                 bool measured) {
    const Page& page = language.pages[index];
    json view = base_view(site, language, language.site_dir + page.output);
    json& page_view = view["page"];
    page_view["title"] = page.title;
    page_view["document_title"] = page.document_title;
    // mdBook puts book.toml's description on every page that has none of its own.
    page_view["description"] = page.description.empty() && site.options.project
                                   ? site.options.project->description
                                   : page.description;
    page_view["number"] = page.number;
    page_view["path"] = page.output;
    page_view["content_html"] = std::move(content_html);
    page_view["toc_html"] = toc_html(headings, site.templates);
    page_view["meta"] = page.meta;
    if (site.book.config && !site.book.config->edit_url_template.empty()) {
        // book.toml's edit-url-template: {path} is the page's path from the book's root.
        std::string url = site.book.config->edit_url_template;
        const std::string path = (site.book.config->src / page.source).generic_string();
        for (auto at = url.find("{path}"); at != std::string::npos;
             at = url.find("{path}", at + path.size())) {
            url.replace(at, 6, path);
        }
        page_view["edit_url"] = url;
    }
    page_view["measured"] = measured;
    if (index > 0) {
        page_view["prev"] = page_link(page, language.pages[index - 1]);
    }
    if (index + 1 < language.pages.size()) {
        page_view["next"] = page_link(page, language.pages[index + 1]);
    }
    json alternates = json::array();
    for (const auto& other : site.book.languages) {
        const auto same = other.page_by_source.find(page.source);
        const std::string target = same != other.page_by_source.end() ? page.output : "index.html";
        alternates.push_back(
            {{"lang", other.code},
             {"lang_name", other.name},
             {"href", root_prefix(language.site_dir + page.output) + other.site_dir + target},
             {"current", other.code == language.code}});
    }
    page_view["alternates"] = std::move(alternates);
    return view;
}

/// What a page's Markdown gives the layout. Its Document (the AST: the largest thing a big page
/// holds) is gone by then, so the headings keep no node.
struct PageBody {
    std::string content_html;
    std::vector<markdown::Heading> headings;
    bool measured = false;
};

/// Parses, expands and renders the page's Markdown: its HTML for the page and for print.html,
/// its search sections and its warnings go into `rendered`.
PageBody render_body(const SiteContext& site, const Language& language, const Page& page,
                     RenderedPage& rendered) {
    const int line_offset = page.body_first_line - 1;
    const auto [syntax, code_options] = markdown_options(site, language);
    // mdBook's MathJax formulas, out of the parser's reach (a book with mathjax-support only).
    std::string markdown_text = page_markdown(page);
    if (site.book.config && site.book.config->mathjax_support) {
        markdown_text = markdown::protect_math(markdown_text, site.templates);
    }
    markdown::Document document(markdown_text, syntax);
    rendered.warnings = check_literal_emphasis(site, page, markdown_text, document, line_offset);
    std::string().swap(markdown_text); // the tree holds the text now (a big page: megabytes)
    PageBody body;
    body.headings =
        markdown::anchor_headings(document, site.templates, page.source_path, line_offset);
    const directives::Context context{site.book,
                                      site.store,
                                      language.code,
                                      page.source_path,
                                      line_offset,
                                      print_id(page),
                                      [&site](const std::string& name, const json& view) {
                                          return site.templates.render("tables/" + name, view);
                                      },
                                      site.strings(language.code),
                                      site.templates};
    body.measured = directives::expand(document, context).measured;
    // After the checks, which count source lines by soft breaks, and before the page, its search
    // text and its print section are made from the tree.
    if (site.book.east_asian_line_breaks) {
        markdown::remove_east_asian_soft_breaks(document);
    }
    for (auto& section : markdown::plain_text_sections(document, body.headings, code_options)) {
        rendered.sections.push_back({std::move(section.anchor), std::move(section.heading),
                                     std::move(section.text), /*text_is_plain=*/true});
    }
    markdown::render_code_blocks(document, code_options);

    const auto links = markdown::collect_links(document);
    std::vector<std::optional<LinkTargets>> targets;
    targets.reserve(links.size());
    for (const auto& link : links) {
        targets.push_back(rewrite(link, language, page, line_offset,
                                  site.book.config ? &site.book.config->redirect : nullptr));
        if (targets.back()) {
            markdown::set_link_url(link, targets.back()->page);
        }
    }
    body.content_html = document.render_html();
    rendered.print_html = print_html(site.templates, document, page, body.headings, links, targets);
    for (auto& heading : body.headings) {
        heading.node = nullptr; // the document goes now
    }
    return body;
}

} // namespace

RenderedPage render_page(const SiteContext& site, const Language& language, std::size_t index) {
    RenderedPage rendered;
    PageBody body = render_body(site, language, language.pages[index], rendered);
    json view = layout_view(site, language, index, std::move(body.content_html), body.headings,
                            body.measured);
    rendered.html =
        site.templates.render("layout", std::move(view), &site.shared_view(language.code));
    return rendered;
}

} // namespace gpuguide::render
