#pragma once
/// Markdown pages as cmark-gfm ASTs: parsing with the GFM extensions, heading anchors, link
/// rewriting and plain text for the search index.
#include "theme/markup.hpp"

#include <array>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

struct cmark_node;
struct cmark_parser;

namespace gpuguide::highlight {
class Cache;
}

namespace gpuguide::markdown {

/// mdBook's Markdown beyond GFM (pulldown-cmark's options that mdBook 0.5 turns on; book.toml
/// `[output.html] admonitions`, `definition-lists`). Heading attributes are always read.
struct Syntax {
    bool admonitions = true;      ///< `> [!NOTE]` ... `> [!CAUTION]` blockquotes
    bool definition_lists = true; ///< `term` lines followed by `: definition` lines
    /// The admonition titles shown: Note, Tip, Important, Warning, Caution (UI strings).
    std::array<std::string, 5> admonition_titles{"Note", "Tip", "Important", "Warning", "Caution"};
    /// The theme's partials: an admonition is its `admonition` partial, a definition list its
    /// `definition-list`, `definition-term` and `definition-details` (required for a page that
    /// has one).
    const theme::Markup* markup = nullptr;
};

/// `{#id .class name=value}` at the end of a heading, as pulldown-cmark reads it.
struct HeadingAttributes {
    std::string id; ///< empty: none given (the id is made from the text)
    std::vector<std::string> classes;
    std::vector<std::pair<std::string, std::string>> others; ///< name, value ("" without `=`)
};

/// One parsed page. Owns the AST; not copyable.
class Document {
  public:
    /// Parses with table, strikethrough, autolink, tasklist, tagfilter and footnotes, reads
    /// heading attribute blocks (removed from the heading text), and, as `syntax` asks, turns
    /// admonition blockquotes and definition lists into their HTML.
    explicit Document(std::string_view markdown, const Syntax& syntax = {});
    ~Document();
    Document(const Document&) = delete;
    Document& operator=(const Document&) = delete;

    cmark_node* root() const { return root_; }
    /// HTML of the (possibly changed) AST. Raw HTML passes through: the generator puts its own
    /// HTML blocks into the tree, and the tagfilter extension still disarms <script> & co.
    std::string render_html() const;
    /// The same HTML handed to `use` in cmark-gfm's own buffer, freed when `use` returns: for a
    /// caller that makes something else of it, without the copy render_html makes.
    void render_html(const std::function<void(std::string_view html)>& use) const;

    /// The attribute blocks of headings, by the heading's first line.
    const std::map<int, HeadingAttributes>& heading_attributes() const { return attributes_; }
    /// The definition-list terms (`<dt>` blocks) in document order: they get ids like headings.
    const std::vector<cmark_node*>& terms() const { return terms_; }

  private:
    void parse(std::string_view markdown);
    void read_heading_attributes(std::string_view markdown);
    void make_admonitions(const Syntax& syntax);
    void make_definition_lists(const Syntax& syntax);

    cmark_parser* parser_ = nullptr;
    cmark_node* root_ = nullptr;
    std::map<int, HeadingAttributes> attributes_;
    std::vector<cmark_node*> terms_;
};

/// An attribute block and where it sits in its line: bytes [begin, end) from `{` to `}`.
struct AttributeBlock {
    HeadingAttributes attributes;
    std::size_t begin = 0, end = 0;
};
/// The attribute block at the end of a heading's source line, as pulldown-cmark reads it
/// (specs/heading_attrs.txt): `{` ... `}` after the text, with only spaces after it, holding no
/// `{ } < > \`; `#id` (the last wins), `.class`, `name` or `name=value`, separated by spaces,
/// tabs or form feeds. nullopt when the line has none.
std::optional<AttributeBlock> attribute_block(std::string_view line);

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
    int level = 0;                ///< 1-6; 0 for a definition-list term (`<dt>`)
    std::string text;             ///< plain text of the heading
    std::string anchor;           ///< id within the page
    int line = 0;                 ///< line in the Markdown body (1-based)
    cmark_node* node = nullptr;   ///< the custom block that renders the heading's partial
    HeadingAttributes attributes; ///< from `{...}` (its id, if any, is the anchor)
};

/// Gives every heading and definition-list term a unique id (replacing heading nodes by blocks
/// that render the theme's `heading` partial, terms its `definition-term`) and returns them in
/// document order. An id given with `{#id}` is kept, and generated ids avoid it; the same id
/// given twice throws InputError at `file:line` (the line counted from the body's
/// `line_offset`).
std::vector<Heading> anchor_headings(Document& document, const theme::Markup& markup,
                                     const std::filesystem::path& file = {}, int line_offset = 0);

/// Sets the id a heading renders with (the print page prefixes ids per page): its partial
/// (`heading` or `definition-term`) gets the id, level, classes and the other attributes whose
/// names HTML allows (a name with a space, quote, `<`, `>`, `/`, `=` or `&` is left out).
void set_heading_id(Heading& heading, const std::string& id, const theme::Markup& markup);

/// Whether a page's Markdown may give a heading an id (`{#...}` ending a line): the check stage
/// parses such pages for duplicate ids before anything is measured.
bool may_hold_heading_ids(std::string_view markdown);

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

/// The same for the values of the attributes `names` (`{"id", "name"}`).
void rewrite_html_attributes(Document& document, std::initializer_list<std::string_view> names,
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
struct CodeOptions;
/// Plain text of the page split at headings (level <= 3); generator HTML blocks and the hidden
/// lines of code blocks (as `code` reads them) are skipped. Each `text` has its whitespace
/// collapsed, and is valid UTF-8 for a page that is (search::Section::text_is_plain).
std::vector<TextSection> plain_text_sections(const Document& document,
                                             const std::vector<Heading>& headings,
                                             const CodeOptions& code);

/// Removes every soft line break (a newline inside a paragraph) that has an East Asian wide
/// character on both sides, as CSS Text 3 and Pandoc's `east_asian_line_breaks` do: CJK
/// ideographs, kana and full-width punctuation (Fullwidth, Wide or Halfwidth in UAX #11), Hangul
/// excepted, since Korean puts spaces between words; and every one beside East Asian punctuation
/// (`，` before a digit or a Latin word), which carries its own spacing. A paragraph of Chinese or
/// Japanese wrapped over several lines then reads without a space at each wrap. The characters
/// are looked for in text nodes, through emphasis, strikethrough and links; a code span, raw HTML
/// or an image next to the break keeps it, and hard breaks and code blocks are left alone.
void remove_east_asian_soft_breaks(Document& document);

/// mdBook's MathJax formulas (book.toml `mathjax-support`), found in a page's Markdown before it
/// is parsed: `\\(`..`\\)` inline, `\\[`..`\\]` and `$$`..`$$` display (what mdBook's MathJax
/// finds in its HTML; `$`..`$` is text there too), not in code spans, code blocks or HTML
/// blocks, within one paragraph. Each goes into the theme's `math` partial (built in: `<span
/// class="math math-inline">`, or `math-display`), its text escaped so that cmark-gfm reads it
/// literally, as mdBook's Markdown would give it (`\\` a backslash, `\_` an underscore; `*` and
/// `_` never emphasis); lines are kept one for one. `count`, when given, gets the number of
/// formulas.
std::string protect_math(std::string_view markdown, const theme::Markup& markup,
                         std::size_t* count = nullptr);

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

/// The same in place: no copy of a page-sized string when it has none (the usual case).
void drop_control_characters(std::string& text);

/// How code blocks render: mdBook's `[output.html.code]`, `[output.html.playground]` and
/// `[rust] edition`, and the buttons' UI strings.
struct CodeOptions {
    std::map<std::string, std::string> hidelines; ///< language -> prefix hiding a line ("~")
    bool runnable = true; ///< Rust blocks are playground blocks (`pre.playground`, hidden main)
    bool copyable = true; ///< each block gets a copy button
    std::string edition;  ///< "2021": playground blocks without an edition get `edition2021`
    std::string copy_label = "Copy", copied_label = "Copied",
                hidden_lines_label = "Show hidden lines";
    const theme::Markup* markup = nullptr;  ///< the theme's code-block partials (required)
    highlight::Cache* highlights = nullptr; ///< blocks highlighted before (none: no cache)
};

/// A fenced code block's info string as mdBook reads it: the first word (split at spaces, tabs
/// and commas) is the language, the others are attributes (`rust,ignore` -> rust; ignore).
struct InfoString {
    std::string language;
    std::vector<std::string> attributes;
};
InfoString parse_info_string(std::string_view info);

/// A code block's lines as a reader gets them, with mdBook's hidden lines (hide_lines.rs): in
/// Rust, a line `# x` or `#` alone is hidden (shown as `x`), `##x` shows as `#x`; in a language
/// with a `hidelines` prefix (book.toml, or a `hidelines=PREFIX` attribute) a line starting
/// with it (after spaces) is hidden, without the prefix. Runnable Rust without `fn main` is
/// first wrapped in a hidden `fn main() {` ... `}`, as mdBook does for the playground.
struct CodeLines {
    std::vector<std::string> text;
    std::vector<bool> hidden;
    bool final_newline = true; ///< whether the last line ends with a newline
    bool playground = false;   ///< a runnable Rust block (`<pre class="playground">`)
};
CodeLines code_lines(const InfoString& info, std::string_view code, const CodeOptions& options);

/// Replaces every code block left in the document (after the directives) by its HTML: classes
/// from the info string (`language-rust ignore`), tokens highlighted at build time, hidden lines
/// in `<span class="boring">`, and the copy and show-hidden-lines buttons (shown by guide.js).
void render_code_blocks(Document& document, const CodeOptions& options);

} // namespace gpuguide::markdown
