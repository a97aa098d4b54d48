// Which probes the book needs: every page's directives (and heading ids) checked before anything
// is measured.
#include "directives/directives.hpp"
#include "load/error.hpp"

#include <string_view>

namespace gpuguide::directives {
namespace {

// The validation pass throws the pages' HTML away: only the checks matter, so nothing is rendered.
class NoMarkup final : public theme::Markup {
  public:
    std::string partial(const std::string&, nlohmann::json&&) const override { return {}; }
};

// A page can hold a directive only if its text names one: a `gg-` fence or a `value:`/`data:`/
// `estimate:` span. Most pages of a large book hold none, and this scan costs far less than a
// parse.
bool may_hold_directives(std::string_view body) {
    for (const std::string_view marker : {"gg-", "value:", "data:", "estimate:"}) {
        if (body.find(marker) != std::string_view::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

std::set<std::string> probes_needed(const Book& book, const measure::Store& validation_store) {
    std::string errors;
    const NoMarkup no_markup;
    for (const auto& language : book.languages) {
        for (const auto& page : language.pages) {
            const bool directives = may_hold_directives(page.body);
            if (!directives && !markdown::may_hold_heading_ids(page.body)) {
                continue;
            }
            try {
                markdown::Document document(
                    page.body,
                    markdown::Syntax{.admonitions = !book.config || book.config->admonitions,
                                     .definition_lists =
                                         !book.config || book.config->definition_lists,
                                     .markup = &no_markup});
                // Heading ids given twice stop the build here, before anything is measured.
                markdown::anchor_headings(document, page.source_path, page.body_first_line - 1);
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
