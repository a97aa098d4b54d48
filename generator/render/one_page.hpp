#pragma once
/// The one-page edit path (render/one_page.cpp): after an edit to pages' Markdown alone, only
/// those pages and their neighbours are rendered, and their parts of print.html and the search
/// index replaced; the result is the bytes a full build would write. Not a public interface.
#include "render/internal.hpp"
#include "render/manifest.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::render {

/// `site` -> `site.gpuguide-pages`: where each page's part of every language's print.html and
/// search-index.js lies, beside the manifest (never published).
std::filesystem::path page_table_path(const std::filesystem::path& out_dir);

/// Writes the page table atomically; with any language's spans incomplete (a print layout that is
/// not streamed) it removes the table instead, and the next edit builds everything.
void write_page_table(const std::filesystem::path& out_dir,
                      const std::vector<LanguageSpans>& languages);

/// The page table beside `out_dir`, when it exists and parses.
std::optional<std::vector<LanguageSpans>> read_page_table(const std::filesystem::path& out_dir);

/// Removes the page table (with the manifest, before the site changes).
void remove_page_table(const std::filesystem::path& out_dir);

/// The source files whose stamps alone differ between two manifests' input fingerprints (same
/// files, same options); nullopt when anything else differs: a file added or removed, an option.
std::optional<std::vector<std::filesystem::path>> changed_files(const std::string& before,
                                                                const std::string& now);

/// When the only inputs that changed since the build that wrote `previous` are pages' Markdown
/// files (and the probes and measurements are the same; a folder of language folders, not an
/// mdBook project, whose pages may include one another), renders those pages and their previous
/// and next pages (whose links name the page's title), replaces the pages' parts of print.html and
/// the search index, and writes the changed files into the site: each first under a temporary
/// name, then renamed over the old one, so a failed build leaves the site as it was. Then writes
/// `manifest` and the page table. Returns the number of pages rendered, or nullopt when a full
/// build is needed (nothing written). Throws InputError for a page's bad input, like a full build.
std::optional<std::size_t> update_pages(const SiteContext& site, const Manifest& previous,
                                        const Manifest& manifest,
                                        std::vector<std::string>& warnings);

} // namespace gpuguide::render
