// The one-page edit path: what an edit to a page's Markdown changes in the site is the page, its
// neighbours' prev/next links (they name its title), its part of print.html and of the search
// index, and the index's list of titles. Everything else a full build would write (the contents
// page and the sidebar come from SUMMARY.md, which did not change) is kept as it is.
#include "render/one_page.hpp"

#include "load/files.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <set>
#include <unistd.h>
#include <utility>

namespace gpuguide::render {
namespace {

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
    const auto wanted = file.lexically_normal();
    for (std::size_t l = 0; l < book.languages.size(); ++l) {
        const auto& language = book.languages[l];
        const auto source = wanted.lexically_relative(language.dir.lexically_normal());
        if (source.empty() || *source.begin() == "..") {
            continue;
        }
        const auto found = language.page_by_source.find(source.generic_string());
        if (found != language.page_by_source.end() &&
            language.pages[static_cast<std::size_t>(found->second)]
                    .source_path.lexically_normal() == wanted) {
            return std::pair{l, static_cast<std::size_t>(found->second)};
        }
    }
    return std::nullopt;
}

// A piece of a new file: `bytes`, or (copy) `size` bytes of the old file from `from`.
struct Piece {
    bool copy = false;
    std::size_t from = 0, size = 0;
    std::string bytes;
};

// A file of the site and its new contents: pieces of new bytes and of the old file's.
struct Output {
    std::filesystem::path file;
    std::vector<Piece> pieces;
};

// Replaces parts of the old file (`file_size` bytes; the new file's on return): part i runs from
// ends[i-1] (part 0: from `begin`) to ends[i]. Each part in `replacements` (by index) gets its new
// bytes, the rest is copied; `ends` become the offsets in the new file.
std::vector<Piece> splice(std::size_t& file_size, std::size_t begin, std::vector<std::size_t>& ends,
                          std::map<std::size_t, std::string>& replacements) {
    std::vector<Piece> pieces;
    std::size_t done = 0, part_begin = begin; // old bytes taken; where part i begins in the old
    std::size_t size = 0;                     // of the new file so far
    const auto copy = [&](std::size_t to) {
        if (to > done) {
            pieces.push_back({true, done, to - done, {}});
            size += to - done;
        }
    };
    auto next = replacements.begin();
    for (std::size_t i = 0; i < ends.size(); ++i) {
        const std::size_t old_end = ends[i];
        if (next != replacements.end() && next->first == i) {
            copy(part_begin);
            size += next->second.size();
            pieces.push_back({false, 0, 0, std::move(next->second)});
            done = old_end;
            ++next;
            ends[i] = size;
        } else {
            ends[i] = size + (old_end - done);
        }
        part_begin = old_end;
    }
    copy(file_size);
    file_size = size;
    return pieces;
}

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
        const std::size_t begin = index == 0 ? spans.search_begin : spans.search_end[index - 1];
        auto entries =
            search::IndexWriter::section_entries(index, page.sections, begin == spans.search_begin);
        if (entries.empty() != (spans.search_end[index] == begin)) {
            return std::nullopt;
        }
        search_parts.emplace(index + 1, std::move(entries));
    }
    std::vector<Output> files;
    files.push_back({dir / "print.html",
                     splice(spans.print_size, spans.print_begin, spans.print_end, print_parts)});
    // The list of documents (titles) is part 0, every page's entries the next ones.
    search_parts.emplace(0, search::IndexWriter(search_documents(language), language.code,
                                                search_synonyms(site.strings(language.code)))
                                .take());
    std::vector<std::size_t> ends{spans.search_begin};
    ends.insert(ends.end(), spans.search_end.begin(), spans.search_end.end());
    files.push_back({dir / "search-index.js", splice(spans.search_size, 0, ends, search_parts)});
    spans.search_begin = ends.front();
    spans.search_end.assign(ends.begin() + 1, ends.end());
    return files;
}

// Renders the edited pages of every language, and the previous and next page of each whose title
// changed (their links name it); notes the new titles in `table`. Throws the first page's error,
// as a full build would report it.
std::vector<LanguageUpdate>
render_updates(const SiteContext& site,
               const std::vector<std::pair<std::size_t, std::size_t>>& edits,
               std::vector<LanguageSpans>& table) {
    std::vector<LanguageUpdate> updates(site.book.languages.size());
    for (const auto& [l, p] : edits) {
        updates[l].edited.insert(p);
    }
    for (std::size_t l = 0; l < updates.size(); ++l) {
        const Language& language = site.book.languages[l];
        auto& titles = table[l].titles;
        std::set<std::size_t> wanted;
        for (const auto p : updates[l].edited) {
            wanted.insert(p);
            const auto title = title_key(language.pages[p].title);
            if (std::exchange(titles[p], title) == title) {
                continue;
            }
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

[[noreturn]] void fail_write(const std::filesystem::path& file) {
    throw std::runtime_error(file.generic_string() + ": cannot write the file (" +
                             std::strerror(errno) + ")");
}

void write_all(int fd, std::string_view bytes, const std::filesystem::path& file) {
    while (!bytes.empty()) {
        const auto written = ::write(fd, bytes.data(), bytes.size());
        if (written < 0 && errno != EINTR) {
            fail_write(file);
        }
        bytes.remove_prefix(written < 0 ? 0 : static_cast<std::size_t>(written));
    }
}

// Appends `size` bytes of `from` at `offset` to `to`: copy_file_range, so that the kernel copies
// and nothing passes through this process's memory; pread and write where it is not supported.
void copy_range(int from, std::size_t offset, std::size_t size, int to,
                const std::filesystem::path& file) {
    auto in = static_cast<off64_t>(offset);
    while (size > 0) {
        const auto copied = ::copy_file_range(from, &in, to, nullptr, size, 0);
        if (copied > 0) {
            size -= static_cast<std::size_t>(copied);
        } else if (copied == 0 || errno != EINTR) {
            break; // the rest by read and write
        }
    }
    std::string buffer(std::min<std::size_t>(size, 1 << 20), '\0');
    while (size > 0) {
        const auto got = ::pread(from, buffer.data(), std::min(size, buffer.size()), in);
        if (got <= 0 && !(got < 0 && errno == EINTR)) {
            fail_write(file);
        }
        const auto taken = got < 0 ? 0 : static_cast<std::size_t>(got);
        write_all(to, std::string_view(buffer.data(), taken), file);
        in += static_cast<off64_t>(taken);
        size -= taken;
    }
}

// Writes `output`'s pieces into `file`, those of the old file (output.file) copied by the kernel.
void write_pieces(const std::filesystem::path& file, const Output& output) {
    const int to = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (to < 0) {
        fail_write(file);
    }
    int from = -1;
    try {
        for (const auto& piece : output.pieces) {
            if (!piece.copy) {
                write_all(to, piece.bytes, file);
                continue;
            }
            if (from < 0 && (from = ::open(output.file.c_str(), O_RDONLY | O_CLOEXEC)) < 0) {
                fail_write(file);
            }
            copy_range(from, piece.from, piece.size, to, file);
        }
    } catch (...) {
        ::close(to);
        if (from >= 0) {
            ::close(from);
        }
        throw;
    }
    if (from >= 0) {
        ::close(from);
    }
    if (::close(to) != 0) {
        fail_write(file);
    }
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
            write_pieces(temporary, output);
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

} // namespace

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
    // An mdBook project's pages may {{#include}} one another (mdBook's links preprocessor, always
    // run): an edit of one page can change another, which this path would not render.
    if (site.options.project || previous.probes != manifest.probes ||
        previous.measurements != manifest.measurements) {
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
        if ((*table)[l].code != site.book.languages[l].code ||
            (*table)[l].titles.size() != site.book.languages[l].pages.size()) {
            return std::nullopt;
        }
    }
    auto updates = render_updates(site, edits, *table);
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
                files.push_back({file, {{false, 0, 0, std::move(page.html)}}});
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
