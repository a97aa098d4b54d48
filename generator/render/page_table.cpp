// The page table beside the site (OUT.gpuguide-pages): where each page's part of every
// language's print.html and search-index.js lies, for the one-page edit path (one_page.cpp).
#include "load/files.hpp"
#include "render/one_page.hpp"

#include <sstream>

namespace gpuguide::render {
namespace {

constexpr std::string_view kTableHeader = "gpuguide-pages 2\n";

std::string table_text(const std::vector<LanguageSpans>& languages) {
    std::string text(kTableHeader);
    for (const auto& spans : languages) {
        text += "lang\t" + spans.code + "\t" + std::to_string(spans.print_end.size()) + "\t" +
                std::to_string(spans.print_begin) + "\t" + std::to_string(spans.print_size) + "\t" +
                std::to_string(spans.search_begin) + "\t" + std::to_string(spans.search_size) +
                "\n";
        for (std::size_t i = 0; i < spans.print_end.size(); ++i) {
            text += std::to_string(spans.print_end[i]) + "\t" +
                    std::to_string(spans.search_end[i]) + "\t" + std::to_string(spans.titles[i]) +
                    "\n";
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
        if (!spans.complete || spans.print_end.size() != spans.search_end.size() ||
            spans.print_end.size() != spans.titles.size()) {
            remove_page_table(out_dir);
            return;
        }
    }
    replace_file(page_table_path(out_dir), table_text(languages));
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
        spans.titles.resize(pages);
        for (std::size_t i = 0; i < pages; ++i) {
            if (!(in >> spans.print_end[i] >> spans.search_end[i] >> spans.titles[i])) {
                return std::nullopt;
            }
        }
        spans.complete = true;
        languages.push_back(std::move(spans));
    }
    return languages;
}

} // namespace gpuguide::render
