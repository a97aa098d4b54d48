// gpuguide's flat SUMMARY list (entries with a depth) to mdBook's nested Book JSON and back.
#include "preprocess/book_json.hpp"

#include "load/error.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuguide::preprocess {
namespace {

using nlohmann::json;

// "3.1." -> [3, 1]; "" -> null (a prefix or suffix chapter).
json number_json(const std::string& number) {
    if (number.empty()) {
        return nullptr;
    }
    json parts = json::array();
    std::size_t start = 0;
    while (start < number.size()) {
        const auto dot = number.find('.', start);
        parts.push_back(std::stoul(number.substr(start, dot - start)));
        start = dot == std::string::npos ? number.size() : dot + 1;
    }
    return parts;
}

// A README.md chapter's path once mdBook's index preprocessor has run: index.md.
std::string chapter_path(const std::string& source, bool index_applied) {
    if (!index_applied) {
        return source;
    }
    const auto slash = source.rfind('/');
    const auto name = source.substr(slash == std::string::npos ? 0 : slash + 1);
    return name == "README.md" ? source.substr(0, source.size() - name.size()) + "index.md"
                               : source;
}

json chapter_json(const Language& language, const SummaryEntry& entry,
                  const std::vector<std::string>& parents, bool index_applied) {
    json chapter = {
        {"name", entry.title},        {"content", ""},   {"number", number_json(entry.number)},
        {"sub_items", json::array()}, {"path", nullptr}, {"source_path", nullptr},
        {"parent_names", parents}};
    if (entry.page_index >= 0) {
        const Page& page = language.pages[static_cast<std::size_t>(entry.page_index)];
        chapter["content"] = page.body;
        chapter["path"] = chapter_path(page.source, index_applied);
        chapter["source_path"] = page.source;
    }
    return json{{"Chapter", std::move(chapter)}};
}

[[noreturn]] void bad_shape(const std::string& where, const std::string& problem) {
    throw InputError(where + ": " + problem +
                     " (a preprocessor must print mdBook's Book JSON: {\"sections\": [...]}, each "
                     "item {\"Chapter\": {...}}, \"Separator\" or {\"PartTitle\": \"...\"})");
}

std::string text_field(const json& object, const char* key, const std::string& where) {
    const auto found = object.find(key);
    if (found == object.end() || !found->is_string()) {
        bad_shape(where, std::string("a chapter's \"") + key + "\" is missing or not text");
    }
    return found->get<std::string>();
}

// "3.1." from [3, 1]; "" from null.
std::string number_text(const json& number, const std::string& where) {
    std::string text;
    if (number.is_null()) {
        return text;
    }
    if (!number.is_array()) {
        bad_shape(where, "a chapter's \"number\" is not a list of numbers or null");
    }
    for (const auto& part : number) {
        if (!part.is_number_integer() || part.get<std::int64_t>() < 0) {
            bad_shape(where, "a chapter's \"number\" is not a list of numbers or null");
        }
        text += std::to_string(part.get<std::uint64_t>()) + ".";
    }
    return text;
}

// Rebuilds a language's summary and pages from the Book's items, depth first. Pages move out of
// language.pages only as chapters claim them, so a Book found malformed halfway leaves the language
// valid (some pages emptied), never an index into a moved-from list.
class Rebuild {
  public:
    Rebuild(Language& language, std::string where)
        : old_(language.pages), dir_(language.dir), where_(std::move(where)) {
        for (std::size_t i = 0; i < old_.size(); ++i) {
            by_source_.emplace(old_[i].source, i);
        }
        for (const auto& entry : language.summary) {
            if (entry.page_index >= 0) {
                lines_[old_[static_cast<std::size_t>(entry.page_index)].source] = entry.line;
            }
        }
    }

    void items(const json& list, int depth) {
        if (!list.is_array()) {
            bad_shape(where_, "\"sections\" or \"sub_items\" is not a list");
        }
        for (const auto& item : list) {
            if (item == "Separator") {
                summary_.push_back({SummaryEntry::Kind::Separator, "", "", "", depth, 0, -1});
            } else if (item.is_object() && item.contains("PartTitle") &&
                       item["PartTitle"].is_string()) {
                summary_.push_back({SummaryEntry::Kind::Part, item["PartTitle"].get<std::string>(),
                                    "", "", depth, 0, -1});
            } else if (item.is_object() && item.contains("Chapter") &&
                       item["Chapter"].is_object()) {
                chapter(item["Chapter"], depth);
            } else {
                bad_shape(where_, "an item is not a Chapter, \"Separator\" or PartTitle: " +
                                      item.dump().substr(0, 80));
            }
        }
    }

    void finish(Language& language) {
        language.summary = std::move(summary_);
        language.pages = std::move(pages_);
        language.page_by_source.clear();
        for (std::size_t i = 0; i < language.pages.size(); ++i) {
            language.page_by_source.emplace(language.pages[i].source, static_cast<int>(i));
        }
    }

  private:
    void chapter(const json& chapter, int depth) {
        SummaryEntry entry{SummaryEntry::Kind::Chapter,
                           text_field(chapter, "name", where_),
                           "",
                           number_text(chapter.value("number", json()), where_),
                           depth,
                           0,
                           -1};
        const json path = chapter.value("path", json());
        if (!path.is_null()) {
            if (!path.is_string() || path.get<std::string>().empty()) {
                bad_shape(where_, "a chapter's \"path\" is not text or null");
            }
            entry.page_index = static_cast<int>(pages_.size());
            pages_.push_back(page(chapter, path.get<std::string>(), entry));
            entry.source = pages_.back().source;
            entry.line = lines_.contains(entry.source) ? lines_[entry.source] : 0;
        }
        summary_.push_back(entry);
        if (const auto sub = chapter.find("sub_items"); sub != chapter.end()) {
            items(*sub, depth + 1);
        }
    }

    // The page a chapter names (its source_path, else its path), or a new one at its path.
    Page page(const json& chapter, const std::string& path, const SummaryEntry& entry) {
        const json source = chapter.value("source_path", json());
        for (const std::string& key : {source.is_string() ? source.get<std::string>() : "", path}) {
            if (const auto found = by_source_.find(key);
                found != by_source_.end() && !used_.contains(key)) {
                used_.insert(key);
                Page page = std::move(old_[found->second]);
                page.body = text_field(chapter, "content", where_);
                page.body_offset.reset(); // the preprocessor's text, in no file
                page.number = entry.number;
                page.title = page.meta.contains("title") ? page.title : entry.title;
                return page;
            }
        }
        const std::filesystem::path relative(path);
        if (relative.is_absolute() || std::ranges::count(relative, "..") > 0) {
            bad_shape(where_, "the chapter path \"" + path + "\" leaves the book's folder");
        }
        if (!used_.insert(path).second) {
            bad_shape(where_, "two chapters have the path \"" + path + "\"");
        }
        Page page;
        page.source_path = dir_ / path; // no such file: messages name where it would be
        page.source = path;
        page.output = output_path(path);
        page.title = entry.title;
        page.number = entry.number;
        page.body = text_field(chapter, "content", where_);
        return page;
    }

    std::vector<Page>& old_; // language.pages: a page moves out when a chapter claims it
    std::filesystem::path dir_;
    std::string where_;
    std::map<std::string, std::size_t> by_source_;
    std::map<std::string, int> lines_;
    std::set<std::string> used_;
    std::vector<SummaryEntry> summary_;
    std::vector<Page> pages_;
};

} // namespace

json book_to_json(const Language& language, bool index_applied) {
    json sections = json::array();
    std::vector<json*> levels{&sections}; // levels[d]: the list depth-d items go into
    std::vector<std::string> names;       // names[d]: the chapter that holds depth d+1
    for (const auto& entry : language.summary) {
        const auto depth =
            std::min<std::size_t>(static_cast<std::size_t>(entry.depth), levels.size() - 1);
        levels.resize(depth + 1);
        names.resize(depth);
        json& list = *levels[depth];
        if (entry.kind == SummaryEntry::Kind::Separator) {
            list.push_back("Separator");
        } else if (entry.kind == SummaryEntry::Kind::Part) {
            list.push_back({{"PartTitle", entry.title}});
        } else {
            list.push_back(chapter_json(language, entry, names, index_applied));
            levels.push_back(&list.back()["Chapter"]["sub_items"]);
            names.push_back(entry.title);
        }
    }
    return {{"sections", std::move(sections)}, {"__non_exhaustive", nullptr}};
}

void book_from_json(Language& language, const json& book, const std::string& where) {
    if (!book.is_object() || !book.contains("sections")) {
        bad_shape(where, "the output is JSON but not a Book (no \"sections\")");
    }
    Rebuild rebuild(language, where);
    rebuild.items(book["sections"], 0);
    rebuild.finish(language);
    if (language.pages.empty()) { // a site needs a first page, as SUMMARY.md does
        throw InputError(where + ": it returned a book without a single chapter that has a path");
    }
}

} // namespace gpuguide::preprocess
