#pragma once
/// mdBook's preprocessors: the `[preprocessor.NAME]` tables of book.toml run in mdBook's order,
/// with mdBook's protocol (docs/src/mdbook.md "Preprocessors"): `COMMAND supports html`, then
/// `[context, book]` as JSON on stdin and the changed book read from stdout.
#include "load/book.hpp"

#include <string>
#include <vector>

namespace gpuguide::preprocess {

/// The version of mdBook whose protocol gpuguide speaks (the context's `mdbook_version`).
inline constexpr const char* kMdbookVersion = "0.4.52";

/// The names to run, in mdBook's order: `links` and `index` (unless `[build]
/// use-default-preprocessors = false`) and every `[preprocessor.NAME]`, sorted so that each runs
/// after those it names in `after` and before those in `before`; among those free to run next,
/// by name. A name in before/after that is not run gets a warning. Throws InputError
/// "book.toml:LINE: ..." when the ordering has a cycle.
std::vector<std::string> preprocessor_order(const BookConfig& config,
                                            std::vector<std::string>& warnings);

/// Runs `book`'s preprocessors in preprocessor_order on its one language for `renderer` (the
/// context's `renderer`, what `supports` asks): `links` is gpuguide's {{#include}} expansion,
/// `index` makes README.md chapters index.md for those after it, any other is the table's
/// command. Warnings (a missing optional one, what a
/// preprocessor wrote to stderr) go to `book.warnings`. Throws InputError naming the preprocessor
/// and its book.toml line when one is missing, fails, hangs past its timeout or returns no Book.
void run_preprocessors(Book& book, const BookConfig& config, const std::string& renderer = "html");

/// The book's root (book.toml's folder) as an absolute path: what the plugins get as `root`, and
/// where preprocessors run.
std::filesystem::path absolute_root(const BookConfig& config);

} // namespace gpuguide::preprocess
