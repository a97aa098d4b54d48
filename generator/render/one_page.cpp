// The one-page edit path: what an edit to a page's Markdown changes in the site is the page, its
// neighbours' prev/next links (they name its title), its part of print.html and of the search
// index, and the index's list of titles. Everything else a full build would write (the contents
// page and the sidebar come from SUMMARY.md, which did not change) is kept as it is.
#include "render/one_page.hpp"

#include "load/files.hpp"
#include "markdown/markdown.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

namespace gpuguide::render {
namespace {

constexpr std::string_view kTableHeader = "gpuguide-pages 1\n";

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start < text.size();) {
        auto end = text.find('\n', start);
        end = end == std::string_view::npos ? text.size() : end;
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// The page of `file` (a path as the fingerprint names it), as (language, page), if it is one.
std::optional<std::pair<std::size_t, std::size_t>> page_of(const Book& book,
                                                           const std::filesystem::path& file) {
    const auto wanted = file.lexically_normal().generic_string();
    for (std::size_t l = 0; l < book.languages.size(); ++l) {
        const auto& pages = book.languages[l].pages;
        for (std::size_t p = 0; p < pages.size(); ++p) {
            if (pages[p].source_path.lexically_normal().generic_string() == wanted) {
                return std::pair{l, p};
            }
        }
    }
    return std::nullopt;
}

// Replaces parts of `old`: part i runs from ends[i-1] (part 0: from `begin`) to ends[i], offsets
// in `old`. Each part in `replacements` (by index) gets its new bytes; `ends` become the offsets
// in the bytes returned.
std::string splice(const std::string& old, std::size_t begin, std::vector<std::size_t>& ends,
                   const std::map<std::size_t, std::string>& replacements) {
    std::size_t grown = 0;
    for (const auto& [index, bytes] : replacements) {
        grown += bytes.size();
    }
    std::string out;
    out.reserve(old.size() + grown);
    std::size_t done = 0, part_begin = begin; // old bytes copied; where part i begins in `old`
    auto next = replacements.begin();
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const std::size_t old_end = ends[i];
        if (next != replacements.end() && next->first == i) {
            out.append(old, done, part_begin - done).append(next->second);
            done = old_end;
            ++next;
            ends[i] = out.size();
        } else {
            ends[i] = out.size() + (old_end - done);
        }
        part_begin = old_end;
    }
    out.append(old, done, std::string::npos);
    return out;
}

// A file of the site and its new bytes.
struct Output {
    std::filesystem::path file;
    std::string bytes;
};

// One language's rendered pages, and the files they change.
struct LanguageUpdate {
    std::map<std::size_t, RenderedPage> pages; // the edited pages and their neighbours
    std::set<std::size_t> edited;
};

// The language's print.html and search-index.js with the edited pages' parts replaced (and the
// search index's titles written anew); nullopt when the old files are not what the table says, or
// a page's search entries appear or vanish (the comma in front of the next page's would change).
std::optional<std::vector<Output>> spliced_files(const SiteContext& site, const Language& language,
                                                 const std::filesystem::path& dir,
                                                 LanguageUpdate& update, LanguageSpans& spans) {
    std::error_code error;
    if (!spans.complete || spans.print_end.size() != language.pages.size() ||
        std::filesystem::file_size(dir / "print.html", error) != spans.print_size ||
        std::filesystem::file_size(dir / "search-index.js", error) != spans.search_size) {
        return std::nullopt;
    }
    std::map<std::size_t, std::string> print_parts, search_parts;
    for (const auto index : update.edited) {
        auto& page = update.pages.at(index);
        markdown::drop_control_characters(page.print_html); // as LanguageOutputs writes it
        print_parts.emplace(index, std::move(page.print_html));
        std::vector<search::Section> sections;
        for (auto& section : page.sections) {
            sections.push_back(
                {std::move(section.anchor), std::move(section.heading), std::move(section.text)});
        }
        const std::size_t begin = index == 0 ? spans.search_begin : spans.search_end[index - 1];
        auto entries =
            search::IndexWriter::section_entries(index, sections, begin == spans.search_begin);
        if (entries.empty() != (spans.search_end[index] == begin)) {
            return std::nullopt;
        }
        search_parts.emplace(index + 1, std::move(entries));
    }
    std::vector<Output> files;
    auto print =
        splice(read_file(dir / "print.html"), spans.print_begin, spans.print_end, print_parts);
    spans.print_size = print.size();
    files.push_back({dir / "print.html", std::move(print)});
    // The list of documents (titles) is part 0, every page's entries the next ones.
    search_parts.emplace(0, search::IndexWriter(search_documents(language), language.code,
                                                search_synonyms(site.strings(language.code)))
                                .take());
    std::vector<std::size_t> ends{spans.search_begin};
    ends.insert(ends.end(), spans.search_end.begin(), spans.search_end.end());
    auto search = splice(read_file(dir / "search-index.js"), 0, ends, search_parts);
    spans.search_begin = ends.front();
    spans.search_end.assign(ends.begin() + 1, ends.end());
    spans.search_size = search.size();
    files.push_back({dir / "search-index.js", std::move(search)});
    return files;
}

// Renders the edited pages of every language and their neighbours; throws the first page's
// error, as a full build would report it.
std::vector<LanguageUpdate>
render_updates(const SiteContext& site,
               const std::vector<std::pair<std::size_t, std::size_t>>& edits) {
    std::vector<LanguageUpdate> updates(site.book.languages.size());
    for (const auto& [l, p] : edits) {
        updates[l].edited.insert(p);
    }
    for (std::size_t l = 0; l < updates.size(); ++l) {
        const Language& language = site.book.languages[l];
        std::set<std::size_t> wanted;
        for (const auto p : updates[l].edited) {
            wanted.insert(p);
            if (p > 0) {
                wanted.insert(p - 1);
            }
            if (p + 1 < language.pages.size()) {
                wanted.insert(p + 1);
            }
        }
        for (const auto p : wanted) {
            updates[l].pages.emplace(p, render_page(site, language, p));
        }
    }
    return updates;
}

// Writes every file under a temporary name beside it, then (once all are written) removes the
// manifest and the page table, and renames each over the old file. A failed write removes the
// temporary files and leaves the site as it was.
void replace_files(const std::filesystem::path& out_dir, const std::vector<Output>& files) {
    const std::string suffix = ".tmp-" + std::to_string(::getpid());
    std::vector<std::filesystem::path> written;
    try {
        for (const auto& output : files) {
            auto temporary = output.file;
            temporary += suffix;
            written.push_back(temporary);
            write_file(temporary, output.bytes);
        }
    } catch (...) {
        for (const auto& file : written) {
            std::error_code ignored;
            std::filesystem::remove(file, ignored);
        }
        throw;
    }
    remove_manifest(out_dir);
    remove_page_table(out_dir);
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::filesystem::rename(written[i], files[i].file);
    }
}

std::string table_text(const std::vector<LanguageSpans>& languages) {
    std::string text(kTableHeader);
    for (const auto& spans : languages) {
        text += "lang\t" + spans.code + "\t" + std::to_string(spans.print_end.size()) + "\t" +
                std::to_string(spans.print_begin) + "\t" + std::to_string(spans.print_size) + "\t" +
                std::to_string(spans.search_begin) + "\t" + std::to_string(spans.search_size) +
                "\n";
        for (std::size_t i = 0; i < spans.print_end.size(); ++i) {
            text += std::to_string(spans.print_end[i]) + "\t" +
                    std::to_string(spans.search_end[i]) + "\n";
        }
    }
    return text;
}

} // namespace

std::filesystem::path page_table_path(const std::filesystem::path& out_dir) {
    auto file = manifest_path(out_dir);
    file.replace_extension(".gpuguide-pages");
    return file;
}

void remove_page_table(const std::filesystem::path& out_dir) {
    std::error_code ignored;
    std::filesystem::remove(page_table_path(out_dir), ignored);
}

void write_page_table(const std::filesystem::path& out_dir,
                      const std::vector<LanguageSpans>& languages) {
    for (const auto& spans : languages) {
        if (!spans.complete || spans.print_end.size() != spans.search_end.size()) {
            remove_page_table(out_dir);
            return;
        }
    }
    const auto file = page_table_path(out_dir);
    auto temporary = file;
    temporary += ".tmp-" + std::to_string(::getpid());
    write_file(temporary, table_text(languages));
    std::filesystem::rename(temporary, file);
}

std::optional<std::vector<LanguageSpans>> read_page_table(const std::filesystem::path& out_dir) {
    std::string text;
    try {
        text = read_file(page_table_path(out_dir));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (!text.starts_with(kTableHeader)) {
        return std::nullopt;
    }
    std::istringstream in(text.substr(kTableHeader.size()));
    std::vector<LanguageSpans> languages;
    std::string word;
    while (in >> word) {
        LanguageSpans spans;
        std::size_t pages = 0;
        if (word != "lang" || !(in >> spans.code >> pages >> spans.print_begin >>
                                spans.print_size >> spans.search_begin >> spans.search_size)) {
            return std::nullopt;
        }
        spans.print_end.resize(pages);
        spans.search_end.resize(pages);
        for (std::size_t i = 0; i < pages; ++i) {
            if (!(in >> spans.print_end[i] >> spans.search_end[i])) {
                return std::nullopt;
            }
        }
        spans.complete = true;
        languages.push_back(std::move(spans));
    }
    return languages;
}

std::optional<std::vector<std::filesystem::path>> changed_files(const std::string& before,
                                                                const std::string& now) {
    const auto old_lines = split_lines(before), new_lines = split_lines(now);
    if (old_lines.size() != new_lines.size()) {
        return std::nullopt;
    }
    std::filesystem::path dir;
    std::vector<std::filesystem::path> changed;
    for (std::size_t i = 0; i < old_lines.size(); ++i) {
        const auto old_line = old_lines[i], new_line = new_lines[i];
        if (old_line.starts_with("dir\t")) {
            if (old_line != new_line) {
                return std::nullopt;
            }
            dir = std::string(old_line.substr(4));
        } else if (old_line != new_line) {
            // "file\tsize\ttime": the same file, another stamp. An option's line ("date\t...")
            // names no page, so the caller finds no page for it and builds everything.
            const auto tab = old_line.find('\t');
            if (tab == std::string_view::npos ||
                new_line.substr(0, tab + 1) != old_line.substr(0, tab + 1)) {
                return std::nullopt;
            }
            changed.push_back(dir / std::string(old_line.substr(0, tab)));
        }
    }
    return changed;
}

std::optional<std::size_t> update_pages(const SiteContext& site, const Manifest& previous,
                                        const Manifest& manifest,
                                        std::vector<std::string>& warnings) {
    if (previous.probes != manifest.probes || previous.measurements != manifest.measurements) {
        return std::nullopt;
    }
    const auto changed = changed_files(previous.inputs, manifest.inputs);
    auto table = read_page_table(site.options.out_dir);
    if (!changed || changed->empty() || !table || table->size() != site.book.languages.size()) {
        return std::nullopt;
    }
    std::vector<std::pair<std::size_t, std::size_t>> edits;
    for (const auto& file : *changed) {
        const auto page = file.extension() == ".md" ? page_of(site.book, file) : std::nullopt;
        if (!page) {
            return std::nullopt;
        }
        edits.push_back(*page);
    }
    for (std::size_t l = 0; l < table->size(); ++l) {
        if ((*table)[l].code != site.book.languages[l].code) {
            return std::nullopt;
        }
    }
    auto updates = render_updates(site, edits);
    std::vector<Output> files;
    std::size_t rendered = 0;
    for (std::size_t l = 0; l < updates.size(); ++l) {
        auto& update = updates[l];
        if (update.pages.empty()) {
            continue;
        }
        const Language& language = site.book.languages[l];
        const auto dir = site.options.out_dir / language.site_dir;
        for (auto& [index, page] : update.pages) {
            ++rendered;
            const auto file = dir / language.pages[index].output;
            if (update.edited.contains(index)) {
                warnings.insert(warnings.end(), page.warnings.begin(), page.warnings.end());
            }
            std::error_code error;
            if (std::filesystem::file_size(file, error) != page.html.size() || error ||
                read_file(file) != page.html) {
                files.push_back({file, std::move(page.html)});
            }
        }
        auto spliced = spliced_files(site, language, dir, update, (*table)[l]);
        if (!spliced) {
            return std::nullopt;
        }
        std::move(spliced->begin(), spliced->end(), std::back_inserter(files));
    }
    replace_files(site.options.out_dir, files);
    write_page_table(site.options.out_dir, *table);
    write_manifest(site.options.out_dir, manifest);
    return rendered;
}

} // namespace gpuguide::render
