#pragma once
/// Markdown pages as cmark-gfm ASTs: parsing with the GFM extensions, heading anchors, link
/// rewriting and plain text for the search index.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

struct cmark_node;
struct cmark_parser;

namespace gpuguide::markdown {

/// One parsed page. Owns the AST; not copyable.
class Document {
  public:
    /// Parses with table, strikethrough, autolink, tasklist, tagfilter and footnotes.
    explicit Document(std::string_view markdown);
    ~Document();
    Document(const Document&) = delete;
    Document& operator=(const Document&) = delete;

    cmark_node* root() const { return root_; }
    /// HTML of the (possibly changed) AST. Raw HTML passes through: the generator puts its own
    /// HTML blocks into the tree, and the tagfilter extension still disarms <script> & co.
    std::string render_html() const;

  private:
    cmark_parser* parser_ = nullptr;
    cmark_node* root_ = nullptr;
};

/// GitHub-style slug: lower-case ASCII, keep letters/digits of every script (CJK included),
/// spaces -> '-', drop punctuation.
std::string slugify(std::string_view heading_text);

/// Hands out unique anchors: "intro", "intro-1", "intro-2", ... (GitHub's rule).
class AnchorSet {
  public:
    std::string unique(const std::string& slug);

  private:
    std::set<std::string> used_;
};

struct Heading {
    int level = 0;
    std::string text;           ///< plain text of the heading
    std::string anchor;         ///< id within the page
    int line = 0;               ///< line in the Markdown body (1-based)
    cmark_node* node = nullptr; ///< the custom block that renders <hN id=...>
};

/// Gives every heading a unique id (replacing heading nodes by blocks that render
/// `<hN id="anchor">`) and returns them in document order.
std::vector<Heading> anchor_headings(Document& document);

/// Sets the id a heading renders with (the print page prefixes ids per page).
void set_heading_id(Heading& heading, const std::string& id);

/// A link or image whose destination the generator may rewrite.
struct LinkRef {
    cmark_node* node = nullptr;
    std::string original; ///< destination as written
    int line = 0;         ///< line in the Markdown body
    bool image = false;
};

/// Every link and image in document order.
std::vector<LinkRef> collect_links(const Document& document);

/// Sets a link's destination.
void set_link_url(const LinkRef& link, const std::string& url);

/// Rewrites the `src="..."` and `href="..."` values of raw HTML in the document (blocks and
/// inline) through `rewrite` (which returns the value unchanged to keep it).
void rewrite_html_urls(Document& document,
                       const std::function<std::string(const std::string&)>& rewrite);

/// A destination split into path and fragment: "x.md#a" -> {"x.md", "a"}; has_scheme for
/// "https:", "mailto:" etc. (left alone), and "//host" (also left alone).
struct Destination {
    std::string path, fragment;
    bool has_fragment = false;
    bool external = false;
};
Destination split_destination(std::string_view url);

/// One section of plain text for the search index: the text under a heading (or before the
/// first heading, with an empty anchor).
struct TextSection {
    std::string anchor, heading, text;
};
/// Plain text of the page split at headings (level <= 3); generator HTML blocks are skipped.
std::vector<TextSection> plain_text_sections(const Document& document,
                                             const std::vector<Heading>& headings);

/// A `**` or `__` that the reader sees as it is written: emphasis that did not open or close.
/// CommonMark does not let `**` open when punctuation follows it and a letter precedes it (or
/// close when punctuation precedes it and a letter follows), which catches Chinese text such as
/// `**按层切分。**0 号卡` (the full stop inside, the digit outside).
struct LiteralEmphasis {
    int line = 0;        ///< line in the Markdown body (1-based)
    std::string marks;   ///< "**" or "__"
    std::string context; ///< the surrounding text of its paragraph, heading or cell
};

/// Every literal `**` and `__` of the page's text, in document order. Code spans, code blocks,
/// raw HTML, autolinked addresses and backslash-escaped marks (`\*\*`, written on purpose) are
/// not reported. `parsed` is `markdown` as parsed for the page, before headings and directives
/// change the tree; a page with escaped marks is parsed once more for the check.
std::vector<LiteralEmphasis> find_literal_emphasis(std::string_view markdown,
                                                   const Document& parsed);

/// Escapes text for HTML element content and attribute values: gpuguide::text::escape_markup,
/// the escaper the charts use too (drops C0 controls but tab, LF and CR, and DEL).
std::string escape_html(std::string_view text);

/// `text` without the control characters that escape_html drops (for text that Mustache or cmark
/// escapes later: measured strings and data-file text come from other machines).
std::string without_control_characters(std::string_view text);

} // namespace gpuguide::markdown
