#pragma once
/// mdBook's link preprocessor, a stage of its own between load and the Markdown parse: the
/// `{{#include}}`, `{{#rustdoc_include}}`, `{{#playground}}` and `{{#title}}` expressions of a
/// page, with mdBook's semantics (docs/src/design/markdown.md "mdBook expressions").
#include "load/book.hpp"

#include <filesystem>
#include <string>
#include <string_view>

namespace gpuguide::preprocess {

/// Includes nest at most this deep (as mdBook): a file that includes itself stops here.
constexpr int kMaxIncludeDepth = 10;

struct LinkOptions {
    std::filesystem::path book_root; ///< files outside it are refused...
    bool allow_outside = false;      ///< ...unless book.toml's include-outside-book is true
};

/// `text` (of `file`, whose first line is `first_line`) with every expression replaced; a
/// `{{#title}}` sets `title`. `\{{#...}}` is kept without its backslash. Throws InputError
/// "file:line: ..." for a missing or refused file, a bad line range, or includes nested too deep.
std::string expand_links(std::string_view text, const std::filesystem::path& file, int first_line,
                         const LinkOptions& options, std::string& title, int depth = 0);

/// Expands every page of `book` (page.body; page.document_title from `{{#title}}`: as in mdBook
/// it names the browser tab, while the sidebar keeps the SUMMARY.md title).
void expand_book_links(Book& book, const LinkOptions& options);

} // namespace gpuguide::preprocess
