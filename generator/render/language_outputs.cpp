// print.html and search-index.js, written in reading order while pages render (LanguageOutputs):
// keeping every rendered page until the end made peak memory grow by about 100 KB per page.
#include "load/files.hpp"
#include "markdown/markdown.hpp"
#include "render/internal.hpp"
#include "search/index.hpp"

#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace gpuguide::render {
namespace {

// Stands for print.html's body when the layout is rendered before any page: the output splits at
// it into what comes before the pages and what comes after. Plain text, which neither escaping
// nor the templates change, and which no layout would contain by itself.
constexpr std::string_view kBodyMarker = "gpuguide-print-body-6c1e0f3a";

} // namespace

search::Synonyms search_synonyms(const ui::Strings& strings) {
    const auto& all = strings.merged();
    const auto groups = all.find("search_synonyms");
    return groups == all.end() || !groups->is_array() ? search::Synonyms{}
                                                      : groups->get<search::Synonyms>();
}

std::vector<search::Document> search_documents(const Language& language) {
    std::vector<search::Document> docs;
    docs.reserve(language.pages.size());
    for (const Page& page : language.pages) {
        docs.push_back({page.output, page.title, page.number, {}, false});
    }
    // Suffix chapters: unnumbered chapters after the first numbered one (mdBook's back matter,
    // where the guide keeps its references).
    bool numbered_seen = false;
    for (const auto& entry : language.summary) {
        if (entry.kind != SummaryEntry::Kind::Chapter) {
            continue;
        }
        numbered_seen = numbered_seen || !entry.number.empty();
        if (numbered_seen && entry.number.empty() && entry.page_index >= 0) {
            docs[static_cast<std::size_t>(entry.page_index)].back_matter = true;
        }
    }
    return docs;
}

struct LanguageOutputs::State {
    const SiteContext& site;
    const Language& language;
    std::mutex mutex;
    std::size_t next = 0;                                       // the first page not yet written
    std::map<std::size_t, std::optional<RenderedPage>> waiting; // empty: the page failed
    FileWriter print;
    bool print_streamed = false; // false: the body is kept and rendered through the layout last
    std::string print_body;      // streamed: what is not written yet
    std::string print_after;     // the layout after the body (streamed)
    FileWriter search;
    search::IndexWriter index;
    std::size_t print_written = 0, search_written = 0; // bytes in each file so far
    LanguageSpans spans;

    State(const SiteContext& site_, const Language& language_, const std::filesystem::path& dir)
        : site(site_), language(language_), print(dir / "print.html"),
          search(dir / "search-index.js"), index(search_documents(language_), language_.code,
                                                 search_synonyms(site_.strings(language_.code))) {
        spans.code = language_.code;
        spans.search_begin = index.size();
    }

    void write(RenderedPage& page) {
        // What the layout would have done to the whole body (templates drop control characters).
        markdown::drop_control_characters(page.print_html);
        print_body +=
            page.print_html; // streamed: written out in pieces of about a megabyte (flush)
        page.print_html = {};
        spans.print_end.push_back(print_written + print_body.size());
        spans.titles.push_back(title_key(language.pages[next].title));
        index.add_sections(next, page.sections);
        spans.search_end.push_back(search_written + index.size());
    }

    // Writes what has gathered once it is large: one write(2) per page and file cost more
    // system time than the rest of writing them.
    void flush_files(bool all) {
        constexpr std::size_t kPiece = 256 << 10; // 1 MiB pieces grew to 3 MB of buffers
        if (print_streamed && (all || print_body.size() >= kPiece)) {
            print_written += print_body.size();
            print.write(print_body);
            print_body.clear();
        }
        if (all || index.size() >= kPiece) {
            search_written += index.size();
            search.write(index.take());
        }
    }

    // Writes every waiting page that is next in reading order. Called with the mutex held.
    void flush() {
        for (auto first = waiting.begin(); first != waiting.end() && first->first == next;
             first = waiting.begin()) {
            if (first->second) {
                write(*first->second);
            }
            waiting.erase(first);
            ++next;
        }
        flush_files(false);
    }
};

LanguageOutputs::LanguageOutputs(const SiteContext& site, const Language& language,
                                 const std::filesystem::path& lang_dir) {
    std::filesystem::create_directories(lang_dir);
    state_ = std::make_unique<State>(site, language, lang_dir);
    const std::string layout =
        extra_page(site, language, language.site_dir + "print.html", print_title(site, language),
                   std::string(kBodyMarker), "is_print");
    const auto at = layout.find(kBodyMarker);
    // A layout that shows the content twice, or not at all, gets the whole body at the end.
    if (at != std::string::npos && layout.find(kBodyMarker, at + 1) == std::string::npos) {
        state_->print_streamed = true;
        state_->print.write(std::string_view(layout).substr(0, at));
        state_->print_written = at;
        state_->spans.print_begin = at;
        state_->print_after = layout.substr(at + kBodyMarker.size());
    }
}

LanguageOutputs::~LanguageOutputs() = default;

void LanguageOutputs::add(std::size_t index, RenderedPage page) {
    page.html = {}; // written already; free it rather than keep it waiting
    std::lock_guard lock(state_->mutex);
    state_->waiting.emplace(index, std::move(page));
    state_->flush();
}

void LanguageOutputs::skip(std::size_t index) {
    std::lock_guard lock(state_->mutex);
    state_->waiting.emplace(index, std::nullopt);
    state_->flush();
}

void LanguageOutputs::finish() {
    State& state = *state_;
    std::lock_guard lock(state.mutex);
    if (state.next != state.language.pages.size()) {
        throw std::logic_error("LanguageOutputs::finish before every page was added");
    }
    state.index.finish();
    state.flush_files(true);
    state.print.write(
        state.print_streamed
            ? state.print_after
            : extra_page(state.site, state.language, state.language.site_dir + "print.html",
                         print_title(state.site, state.language), state.print_body, "is_print"));
    state.print.close();
    state.search.close();
    state.spans.complete = state.print_streamed;
    state.spans.print_size = state.print_written + state.print_after.size();
    state.spans.search_size = state.search_written;
}

const LanguageSpans& LanguageOutputs::spans() const {
    return state_->spans;
}

} // namespace gpuguide::render
