// Which probes the book needs: every page's directives (and heading ids) checked before anything
// is measured.
#include "directives/directives.hpp"
#include "load/error.hpp"

#include <cstring>
#include <initializer_list>
#include <string_view>

namespace gpuguide::directives {
namespace {

// Whether `body` holds one of `markers`, each ending in `last`: memchr finds the few places
// `last` occurs (a `:` or `-` is rarer in prose than the markers' first letters), and each is
// compared backwards. Every page of the book passes through here on every build.
bool holds_marker_ending_in(std::string_view body, char last,
                            std::initializer_list<std::string_view> markers) {
    const char* const begin = body.data();
    const char* const end = begin + body.size();
    for (const char* at = begin; (at = static_cast<const char*>(std::memchr(
                                      at, last, static_cast<std::size_t>(end - at)))) != nullptr;
         ++at) {
        const auto before = body.substr(0, static_cast<std::size_t>(at - begin) + 1);
        for (const auto marker : markers) {
            if (before.ends_with(marker)) {
                return true;
            }
        }
    }
    return false;
}

// A page can hold a directive only if its text names one: a `gg-` fence or a `value:`/`data:`/
// `estimate:` span. Most pages of a large book hold none, and this scan costs far less than a
// parse.
bool may_hold_directives(std::string_view body) {
    return holds_marker_ending_in(body, ':', {"value:", "data:", "estimate:"}) ||
           holds_marker_ending_in(body, '-', {"gg-"});
}

} // namespace

bool needs_scan(std::string_view body) {
    return may_hold_directives(body) || markdown::may_hold_heading_ids(body);
}

std::set<std::string> probes_needed(const Book& book, const measure::Store& validation_store) {
    std::string errors;
    // The validation pass throws the pages' HTML away: only the checks matter.
    const theme::NoMarkup no_markup;
    for (const auto& language : book.languages) {
        for (const auto& page : language.pages) {
            // A plain page is one the load found nothing in by needs_scan(), and let go.
            if (page.plain || !needs_scan(page.body)) {
                continue;
            }
            const bool directives = may_hold_directives(page.body);
            try {
                markdown::Document document(
                    page.body,
                    markdown::Syntax{.admonitions = !book.config || book.config->admonitions,
                                     .definition_lists =
                                         !book.config || book.config->definition_lists,
                                     .markup = &no_markup});
                // Heading ids given twice stop the build here, before anything is measured.
                markdown::anchor_headings(document, no_markup, page.source_path,
                                          page.body_first_line - 1);
                if (!directives) {
                    continue;
                }
                const Context context{book,
                                      validation_store,
                                      language.code,
                                      page.source_path,
                                      page.body_first_line - 1,
                                      "",
                                      [](const std::string&, const nlohmann::json&) {
                                          return std::string(); // only the checks matter here
                                      },
                                      ui::Strings::built_in(language.code),
                                      no_markup};
                expand(document, context);
            } catch (const InputError& error) {
                errors += (errors.empty() ? "" : "\n") + std::string(error.what());
            }
        }
    }
    if (!errors.empty()) {
        throw InputError(errors);
    }
    return validation_store.probes_asked_of_this();
}

} // namespace gpuguide::directives
