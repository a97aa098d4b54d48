// Loads the whole book: every language's SUMMARY.md and pages, and the data files.
#include "load/book.hpp"

#include "load/error.hpp"
#include "load/files.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sys/stat.h>

namespace gpuguide {

void check_page_size(const std::filesystem::path& file, std::uintmax_t bytes,
                     std::string_view what) {
    if (bytes <= kMaxPageBytes) {
        return;
    }
    char size[32];
    std::snprintf(size, sizeof size, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
    fail_at(file, 0,
            std::string(what) + " is " + size + "; gpuguide reads pages of up to " +
                std::to_string(kMaxPageBytes >> 20) +
                " MiB (split it into several pages: SUMMARY.md can nest them)");
}

DataFile load_data_file(const std::filesystem::path& path) {
    DataFile data;
    data.path = path;
    try {
        data.json = nlohmann::json::parse(read_file(path));
    } catch (const nlohmann::json::exception& error) { // parse_error, and out_of_range for 1e400
        fail_at(path, 0, std::string("not valid JSON: ") + error.what());
    }
    if (!data.json.is_object()) {
        fail_at(path, 0, "a data file must be a JSON object with `key`, `columns` and `records`");
    }
    if (const auto key = data.json.find("key"); key != data.json.end() && !key->is_string()) {
        fail_at(path, 0, "`key` must be text: the field that names each record, e.g. \"id\"");
    }
    data.key_field = data.json.value("key", std::string("id"));
    const auto records = data.json.find("records");
    if (records == data.json.end() || !records->is_array()) {
        fail_at(path, 0, "`records` must be an array of objects");
    }
    if (auto columns = data.json.find("columns");
        columns != data.json.end() && !columns->is_object()) {
        fail_at(path, 0, "`columns` must be an object: field -> {\"en\": header, \"unit\": ...}");
    }
    for (std::size_t i = 0; i < records->size(); ++i) {
        const auto& record = (*records)[i];
        const std::string where = "record " + std::to_string(i + 1);
        if (!record.is_object() || !record.contains(data.key_field) ||
            !record[data.key_field].is_string()) {
            fail_at(path, 0,
                    where + " has no string `" + data.key_field + "`; give every record one");
        }
        const auto key = record[data.key_field].get<std::string>();
        if (!record.contains("source")) {
            fail_at(path, 0,
                    where + " (\"" + key + "\") has no `source`; add where the figures come from");
        }
        if (!data.records_by_key.emplace(key, &record).second) {
            fail_at(path, 0,
                    where + ": the key \"" + key + "\" is used twice; keys must be unique");
        }
    }
    return data;
}

std::string output_path(const std::string& source) {
    std::filesystem::path path(source);
    if (path.filename() == "README.md") {
        path.replace_filename("index.md");
    }
    return path.replace_extension(".html").generic_string();
}

namespace {

// Lets go of the page's body if it is its file's tail (see release_page_bodies).
void release_body(Page& page) {
    if (!page.body_offset || page.body_released) {
        return;
    }
    page.body_size = page.body.size();
    page.body_released = true;
    std::string().swap(page.body);
}

Language load_language(const std::filesystem::path& dir, const std::string& code,
                       std::string site_dir, const KeepBody& keep_body) {
    Language language;
    language.code = code;
    language.site_dir = std::move(site_dir);
    language.name = code; // the theme's strings name it (language_name) when the site renders
    language.dir = dir;
    const auto summary_path = dir / "SUMMARY.md";
    const std::string summary_text = read_file(summary_path);
    check_utf8(summary_path, summary_text);
    language.summary = parse_summary(summary_path, summary_text);
    std::map<std::string, std::string> outputs; // page output -> its source
    for (auto& entry : language.summary) {
        if (entry.kind != SummaryEntry::Kind::Chapter || entry.source.empty()) {
            continue;
        }
        Page page;
        page.source_path = dir / entry.source;
        page.source = entry.source;
        page.output = output_path(entry.source);
        page.number = entry.number;
        page.title = entry.title; // used when the page has no front matter (mdBook pages)
        FileStamp stamp;
        const std::string text = read_file(page.source_path, stamp, [&](const FileStamp& file) {
            check_page_size(page.source_path, file.size, "the page");
        });
        page.file_mtime_ns = stamp.mtime_ns;
        check_utf8(page.source_path, text);
        parse_front_matter(page, text);
        page.body_offset = text.size() - page.body.size(); // the body is the file's tail
        if (keep_body && !keep_body(page.body)) {
            page.plain = true;
            release_body(page);
        }
        entry.page_index = static_cast<int>(language.pages.size());
        if (auto [other, fresh] = outputs.emplace(page.output, entry.source); !fresh) {
            fail_at(summary_path, entry.line, // a/README.md and a/index.md
                    "`" + entry.source + "` and `" + other->second + "` would both become `" +
                        page.output + "`; list only one of them");
        }
        language.page_by_source.emplace(page.source, entry.page_index);
        language.pages.push_back(std::move(page));
    }
    if (language.pages.empty()) {
        fail_at(summary_path, 0, "lists no pages; add at least `[Introduction](index.md)`");
    }
    return language;
}

void load_data_files(Book& book) {
    for (const auto& file : list_files_sorted(book.content_dir / "data")) {
        if (file.extension() == ".json" && !file.has_parent_path()) {
            book.data.emplace(file.stem().string(),
                              load_data_file(book.content_dir / "data" / file));
        }
    }
}

} // namespace

Book load_book(const std::filesystem::path& content_dir, const std::vector<std::string>& only_langs,
               const KeepBody& keep_body) {
    Book book;
    book.content_dir = content_dir;
    if (!std::filesystem::is_directory(content_dir)) {
        fail_at(content_dir, 0, "the content folder does not exist; pass --content DIR");
    }
    if (const auto toml = content_dir / "book.toml"; std::filesystem::is_regular_file(toml)) {
        auto settings = load_language_folders_toml(toml);
        book.literal_emphasis = settings.literal_emphasis;
        book.east_asian_line_breaks = settings.east_asian_line_breaks;
        book.warnings = std::move(settings.warnings);
    }
    std::set<std::string> codes;
    for (const auto& entry : std::filesystem::directory_iterator(content_dir)) {
        if (entry.is_directory() && std::filesystem::exists(entry.path() / "SUMMARY.md")) {
            codes.insert(entry.path().filename().string());
        }
    }
    for (const auto& wanted : only_langs) {
        if (!codes.contains(wanted)) {
            fail_at(content_dir / wanted / "SUMMARY.md", 0,
                    "language `" + wanted + "` was asked for (--lang) but has no SUMMARY.md");
        }
    }
    for (const auto& code : codes) {
        if (only_langs.empty() ||
            std::find(only_langs.begin(), only_langs.end(), code) != only_langs.end()) {
            book.languages.push_back(
                load_language(content_dir / code, code, code + "/", keep_body));
        }
    }
    if (book.languages.empty()) {
        fail_at(content_dir, 0,
                "no language folder with a SUMMARY.md (expected e.g. en/SUMMARY.md)");
    }
    load_data_files(book);
    return book;
}

Book load_mdbook_project(const BookConfig& config) {
    Book book;
    book.content_dir = config.root;
    book.config = config;
    book.literal_emphasis = config.literal_emphasis;
    book.east_asian_line_breaks = config.east_asian_line_breaks;
    const auto src = config.root / config.src;
    if (!std::filesystem::is_regular_file(src / "SUMMARY.md")) {
        fail_at(config.root / "book.toml", 0,
                "no " + (src / "SUMMARY.md").generic_string() +
                    " (book.toml's [book] src is the folder of SUMMARY.md and the pages)");
    }
    // Preprocessors read every body: none is let go at load.
    book.languages.push_back(load_language(src, config.language, "", {}));
    load_data_files(book);
    return book;
}

void release_page_bodies(Book& book) {
    for (auto& language : book.languages) {
        for (auto& page : language.pages) {
            release_body(page);
        }
    }
}

std::string page_markdown(const Page& page) {
    if (!page.body_released) {
        return page.body;
    }
    FileStamp stamp;
    std::string text = read_file(page.source_path, stamp);
    const std::uint64_t offset = *page.body_offset;
    if (stamp.mtime_ns != page.file_mtime_ns || stamp.size != text.size() ||
        text.size() != offset + page.body_size) {
        // The directives were checked, and the probes chosen, from what was loaded.
        fail_at(page.source_path, page.body_first_line,
                "the file changed while the site was being built; build again");
    }
    text.erase(0, offset);
    return text;
}

} // namespace gpuguide
