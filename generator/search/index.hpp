#pragma once
/// The search index of one language, written as `site/<lang>/search-index.js`.
///
/// The index is the plain text of every section, not an inverted index: for one chapter in two
/// languages the text is small (tens of KB gzip), an inverted index of Chinese character bigrams
/// would be larger than the text it indexes, and the text is needed anyway for result snippets.
/// `templates/assets/search.js` scans it at query time (substrings for CJK, word prefixes for
/// Latin). It is a script, not JSON, because `fetch()` does not work from `file://`.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuguide::search {

/// One heading's stretch of a page: `anchor` is the heading's id ("" for the text before the
/// first heading), `text` plain text without markup.
struct Section {
    std::string anchor, heading, text;
    /// `text` is valid UTF-8 with its whitespace collapsed already (markdown::plain_text_sections
    /// makes it so) and is written as it is; otherwise the index checks and collapses it. All of
    /// a book's text passes through here: checking it a second time cost 5% of a build.
    bool text_is_plain = false;
};

/// One page: `href` relative to the language folder ("03-gpu-architecture.html"), its title and
/// section number ("3.1.", or "" for unnumbered pages). `back_matter`: a suffix chapter of
/// SUMMARY.md (references, glossary, appendix), which search ranks after every other page: a
/// list of sources names every product the chapters discuss, and answers none of the questions.
struct Document {
    std::string href, title, number;
    std::vector<Section> sections;
    bool back_matter = false;
};

/// Groups of words a reader may use for one another ("beginner", "novice", "入门"), from the
/// theme's strings.json (`search_synonyms`); a query term found in a group also matches the
/// group's other words.
using Synonyms = std::vector<std::vector<std::string>>;

/// Compact index for one language, as the body of search-index.js:
/// `window.GPUGUIDE_SEARCH={"v":2,"lang":...,"docs":[[href,title,number,back_matter],...],
/// "sections":[[doc,anchor,heading,text],...],"synonyms":[[word,...],...]};` where `doc`
/// indexes `docs` and back_matter is 1 for a back-matter page, else 0.
/// Runs of whitespace collapse to one space; sections with neither heading nor text are left
/// out. `<`, U+2028 and U+2029 are written as \u escapes, so no text can end a surrounding
/// `<script>` element or a JavaScript line; invalid UTF-8 becomes U+FFFD. The output depends only
/// on the input (same input, same bytes).
std::string build_index_script(const std::vector<Document>& docs, std::string_view lang,
                               const Synonyms& synonyms = {});

/// The same script as build_index_script, written piece by piece so that a build need not keep
/// every page's text until the end: construct it with the documents (their sections are not
/// read), add each document's sections in document order, then finish(). take() hands over what
/// is written so far, to be appended to the file.
class IndexWriter {
  public:
    IndexWriter(const std::vector<Document>& docs, std::string_view lang,
                const Synonyms& synonyms = {});
    /// Document `doc`'s sections; documents must come in increasing order.
    void add_sections(std::size_t doc, const std::vector<Section>& sections);
    /// Document `doc`'s entries as add_sections writes them; `first`: no section comes before
    /// them in the script (no comma in front). For replacing one page's part of a written index.
    static std::string section_entries(std::size_t doc, const std::vector<Section>& sections,
                                       bool first);
    /// Closes the script; nothing may be added after it.
    void finish();
    /// The bytes written since the last take().
    std::string take() { return std::exchange(out_, {}); }
    /// How many bytes take() would return.
    std::size_t size() const { return out_.size(); }

  private:
    static void append_sections(std::string& out, std::size_t doc,
                                const std::vector<Section>& sections, bool& first);
    std::string out_;
    std::string tail_; // the synonyms and version, written by finish()
    bool first_section_ = true;
};

/// `text` with every run of ASCII whitespace turned into one space, and no space at either end.
std::string collapse_whitespace(std::string_view text);

} // namespace gpuguide::search
