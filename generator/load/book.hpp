#pragma once
/// The Book model: what the generator reads from content/ (docs/src/design/content-model.md
/// "Content model").
#include "load/book_toml.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide {

/// One line of SUMMARY.md that the sidebar shows.
struct SummaryEntry {
    enum class Kind { Chapter, Part, Separator };
    Kind kind = Kind::Chapter;
    std::string title;   ///< chapter or part title
    std::string source;  ///< "03-gpu-architecture.md"; empty for a draft or a part/separator
    std::string number;  ///< "3.1." for numbered chapters, empty for prefix/suffix chapters
    int depth = 0;       ///< 0 for top-level chapters, 1 for sections, ...
    int line = 0;        ///< line in SUMMARY.md
    int page_index = -1; ///< index into Language::pages, -1 for drafts, parts, separators
    bool draft() const { return kind == Kind::Chapter && source.empty(); }
};

/// A page: front matter plus the Markdown body.
struct Page {
    std::filesystem::path source_path; ///< content/en/03-gpu-architecture.md (for messages)
    std::string source;                ///< "03-gpu-architecture.md" (relative to the language)
    std::string output;                ///< "03-gpu-architecture.html"
    std::string title;
    std::string document_title; ///< mdBook's {{#title}}: the browser tab's title, if set
    std::string description;
    nlohmann::json meta = nlohmann::json::object(); ///< every front-matter key
    std::string number;                             ///< "3.1." or empty
    std::string body; ///< Markdown after the front matter; "" once let go (release_page_bodies)
    int body_first_line = 1; ///< line of the file where body starts (for messages)
    /// Where the body starts in source_path, when it is the file's tail as loaded; none for a body
    /// a preprocessor made (which must reset it), which is then never let go.
    std::optional<std::uint64_t> body_offset;
    std::uint64_t body_size = 0; ///< of a body let go: to read it again and check it
    /// The file's modification time (ns) when it was loaded: a body let go is read again only
    /// from the same file, as make and ninja tell a changed file.
    std::int64_t file_mtime_ns = 0;
    bool body_released = false;
    /// The load's KeepBody found nothing in it for the directive scan, and let its body go.
    bool plain = false;
};

/// The pages of one language in SUMMARY order.
struct Language {
    std::string code;                          ///< "en"
    std::string name;                          ///< "English"
    std::filesystem::path dir;                 ///< content/en
    std::string site_dir;                      ///< "en/" in the site; "" for an mdBook project
    std::vector<SummaryEntry> summary;         ///< in file order
    std::vector<Page> pages;                   ///< in reading order (prev/next follow it)
    std::map<std::string, int> page_by_source; ///< "x.md" -> index into pages
};

/// A catalogue file content/data/<name>.json.
/// The largest page gpuguide reads (after {{#include}}s): a page's build holds about 20 bytes of
/// memory per byte of Markdown at its peak (bench/page_size.sh prints the figures), so 16 MiB
/// keeps one page under about 400 MB; real pages are a few hundred KB. A larger page is refused
/// with a message that says to split it.
inline constexpr std::uintmax_t kMaxPageBytes = 16u << 20;

/// "content/en/x.md: the page is 50.0 MiB; ..." when `bytes` is over kMaxPageBytes (`what`: "the
/// page", "with its {{#include}}s the page"); throws InputError.
void check_page_size(const std::filesystem::path& file, std::uintmax_t bytes,
                     std::string_view what);

struct DataFile {
    std::filesystem::path path;
    std::string key_field; ///< "id"
    nlohmann::json json;   ///< the whole document
    std::map<std::string, const nlohmann::json*> records_by_key;
};

struct Book {
    std::filesystem::path content_dir; ///< content/, or an mdBook project's root
    std::optional<BookConfig> config;  ///< an mdBook project's book.toml
    /// Literal `**`/`__` in a page: book.toml's [output.html.gpuguide] literal-emphasis (a
    /// folder of language folders may have a book.toml for this table alone).
    EmphasisCheck literal_emphasis = EmphasisCheck::Warn;
    /// Soft line breaks in Chinese and Japanese text removed: book.toml's
    /// [output.html.gpuguide] east-asian-line-breaks (either kind of book).
    bool east_asian_line_breaks = true;
    std::vector<std::string> warnings;    ///< "book.toml:LINE: warning: ..." from loading
    std::vector<Language> languages;      ///< sorted by code
    std::map<std::string, DataFile> data; ///< by file stem ("gpus")
};

/// Parses SUMMARY.md of one language (entries only; pages are not read here).
/// Throws InputError "SUMMARY.md:line: problem; what to do".
std::vector<SummaryEntry> parse_summary(const std::filesystem::path& summary_path,
                                        std::string_view text);

/// Splits "---\nYAML\n---\nbody" and fills title, description, meta, body, body_first_line.
/// Without front matter (an mdBook page) the whole text is the body and the title is the one
/// `page.title` already holds (the SUMMARY.md link text), else the first `# Heading`.
void parse_front_matter(Page& page, std::string_view text);

/// Reads and validates one data file.
DataFile load_data_file(const std::filesystem::path& path);

/// Loads an mdBook project: its one language (book.toml `language`) from `src`, written at the
/// site's root; data files from <root>/data. Throws InputError on any problem.
Book load_mdbook_project(const BookConfig& config);

/// mdBook's output path of a page: a/b.md -> a/b.html, and every README.md -> index.html of its
/// folder.
std::string output_path(const std::string& source);

/// Lets go of every page body that is its file's tail (body_offset), keeping its size and hash:
/// once the load stage has scanned the pages, a build reads each again as it renders it, so a
/// book's Markdown is not all in memory at once (about 6 MB per 1,000 pages).
void release_page_bodies(Book& book);

/// The page's Markdown: its body, or (let go) read again from its file. Throws InputError, naming
/// the file, if the file is not what was loaded.
std::string page_markdown(const Page& page);

/// Whether the load keeps a page's body in memory (true) for a later stage to scan, or lets it go
/// at once (Page::plain; read again when the page renders). The build passes the directive scan's
/// own test, so a book's Markdown is never all in memory at once.
using KeepBody = std::function<bool(std::string_view body)>;

/// Loads content_dir: every <lang>/SUMMARY.md (only `only_langs` when not empty), their pages and
/// content/data/*.json. Without `keep_body`, every body is kept. Throws InputError on any problem.
Book load_book(const std::filesystem::path& content_dir,
               const std::vector<std::string>& only_langs = {}, const KeepBody& keep_body = {});

} // namespace gpuguide
