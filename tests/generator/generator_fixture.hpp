#pragma once
// Helpers for the generator tests: temporary folders, a writable copy of a fixture book, and
// building it with the fixture's own measurement document (no probes run in tests).
#include "load/book_toml.hpp"
#include "load/error.hpp"
#include "render/site.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdlib.h>
#include <string>
#include <vector>

namespace gg_test {

namespace fs = std::filesystem;

/// Whether any of `lines` (a build's warnings, say) contains `text`.
inline bool has_line(const std::vector<std::string>& lines, const std::string& text) {
    return std::ranges::any_of(
        lines, [&](const auto& line) { return line.find(text) != std::string::npos; });
}

/// A code fence, for the directive blocks the tests write.
inline const std::string kFence = "```";

inline fs::path books_dir() {
    return fs::path(GPUGUIDE_TESTS_DIR) / "books";
}

/// How the tests build an mdBook project at ROOT into SITE: its book.toml, the repository's
/// templates, reference measurements only, a fixed date, two threads.
inline gpuguide::render::BuildOptions project_options(const fs::path& root, const fs::path& site) {
    gpuguide::render::BuildOptions options;
    options.project = gpuguide::load_book_toml(root / "book.toml");
    options.content_dir = root;
    options.templates_dir = books_dir() / ".." / ".." / "templates";
    options.out_dir = site;
    options.measure.mode = "reference";
    options.source_date_epoch = 1763755200;
    options.jobs = 2;
    return options;
}

/// A fresh folder under /tmp, removed with everything in it at the end of the test.
class TempDir {
  public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "gpuguide-test-XXXXXX").string();
        path_ = ::mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

inline std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

inline void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

/// Every file under dir as relative path -> bytes (the build's manifest lives beside the site, so
/// this is everything that would be published).
inline std::map<std::string, std::string> tree(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const auto relative = fs::relative(entry.path(), dir).generic_string();
        if (entry.is_regular_file()) {
            files[relative] = read(entry.path());
        }
    }
    return files;
}

/// A writable copy of tests/books/<name> (content/, templates/, this-host.json).
class BookCopy {
  public:
    explicit BookCopy(const std::string& name = "basic") {
        fs::copy(books_dir() / name, dir_.path() / "book", fs::copy_options::recursive);
        fs::remove_all(dir_.path() / "book" / "expected");
    }
    fs::path root() const { return dir_.path() / "book"; }
    fs::path content() const { return root() / "content"; }
    fs::path out() const { return dir_.path() / "site"; }

    /// Options that build this copy deterministically: fixed date, the fixture's measurements.
    gpuguide::render::BuildOptions options() const {
        gpuguide::render::BuildOptions options;
        options.content_dir = content();
        options.templates_dir = root() / "templates";
        options.out_dir = out();
        options.measure.this_document = root() / "this-host.json";
        // Its own cache (highlighted code), not the test program's working folder's.
        options.measure.cache_dir = dir_.path() / "cache";
        options.source_date_epoch = 1763755200; // 2025-11-21
        options.jobs = 2;
        options.force = true;
        return options;
    }

    /// Replaces a page's Markdown (front matter added) in content/<lang>/<file>.
    void page(const std::string& file, const std::string& markdown,
              const std::string& lang = "en") const {
        write(content() / lang / file, "---\ntitle: Test page\n---\n" + markdown);
    }

    /// Builds; returns "" on success or the InputError message.
    std::string build_error() const {
        try {
            gpuguide::render::build_site(options());
            return "";
        } catch (const gpuguide::InputError& error) {
            return error.what();
        }
    }

    /// Replaces page 03-notes.md of `lang` by `markdown`, builds, and returns that page's HTML.
    std::string build_notes_page(const std::string& markdown,
                                 const std::string& lang = "en") const {
        page("03-notes.md", markdown, lang);
        gpuguide::render::build_site(options());
        return read(out() / lang / "03-notes.html");
    }

  private:
    TempDir dir_;
};

/// Whether `html` contains `text`.
inline bool has(const std::string& html, const std::string& text) {
    return html.find(text) != std::string::npos;
}

/// The error of building the fixture book with its page 03-notes.md replaced by `markdown`, the
/// temporary folder's path removed, so tests compare "content/en/03-notes.md:7: ..." exactly.
inline std::string error_for(const std::string& markdown) {
    BookCopy book;
    book.page("03-notes.md", markdown);
    std::string message = book.build_error();
    const std::string prefix = book.root().generic_string() + "/";
    for (auto at = message.find(prefix); at != std::string::npos; at = message.find(prefix)) {
        message.erase(at, prefix.size());
    }
    return message;
}

} // namespace gg_test
