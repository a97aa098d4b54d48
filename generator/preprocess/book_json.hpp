#pragma once
/// mdBook's Book as JSON, the shape its preprocessors read and write (mdBook's `Book`, `BookItem`
/// and `Chapter` serialized by serde): `{"sections": [...], "__non_exhaustive": null}`, each item
/// `{"Chapter": {...}}`, `"Separator"` or `{"PartTitle": "..."}`.
#include "load/book.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace gpuguide::preprocess {

/// `language`'s SUMMARY entries and pages as mdBook's Book: chapters nested by depth, with name,
/// content (the page's body), number ([3, 1] for "3.1."), sub_items, path, source_path and
/// parent_names. `index_applied`: mdBook's `index` preprocessor has run, so a README.md chapter's
/// path is index.md (its source_path stays README.md).
nlohmann::json book_to_json(const Language& language, bool index_applied);

/// Replaces `language`'s summary and pages with the chapters of `json`, a Book a preprocessor
/// returned: a chapter whose source_path (or else path) names a page keeps that page with the
/// chapter's content and name; any other chapter becomes a new page at its path; a page no
/// chapter names is dropped. Throws InputError "`where`: ..." when `json` is not mdBook's shape
/// (the build stops; `language` is then valid but partly changed).
void book_from_json(Language& language, const nlohmann::json& json, const std::string& where);

} // namespace gpuguide::preprocess
