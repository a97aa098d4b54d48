#pragma once
/// `gg-*` directives and inline `value:` / `data:` spans, expanded on a page's AST
/// (docs/src/design/directives.md "Directives").
#include "load/book.hpp"
#include "markdown/markdown.hpp"
#include "measure/store.hpp"
#include "theme/markup.hpp"
#include "theme/ui_strings.hpp"

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace gpuguide::directives {

/// Renders a table template ("measured-table" or "data-table") with a view model; supplied by the
/// render stage so that directives do not depend on the template engine.
using TableRenderer =
    std::function<std::string(const std::string& name, const nlohmann::json& view)>;

/// What a page's directives need.
struct Context {
    const Book& book;
    const measure::Store& store;
    std::string lang;           ///< page language ("en")
    std::filesystem::path file; ///< page file, for messages
    int line_offset = 0;        ///< file line = Markdown body line + line_offset
    std::string id_prefix;      ///< makes generated ids unique in print.html ("page-x")
    TableRenderer render_table;
    const ui::Strings& ui;       ///< the theme's interface strings for `lang`
    const theme::Markup& markup; ///< the theme's partials: every piece of HTML goes through them
};

struct Expansion {
    bool measured = false; ///< the page shows measured values (templates get page.measured)
};

/// Replaces every `gg-*` code block with generator-built HTML and every `value:`/`data:` code span
/// with inline HTML. Throws InputError "file:line: directive: problem".
Expansion expand(markdown::Document& document, const Context& context);

/// Whether probes_needed has anything to read in a page's Markdown: a directive's marker or a
/// heading id. A page without either can be let go at load (load_book's KeepBody).
bool needs_scan(std::string_view body);

/// The pipeline's step between loading and measuring: expands every page's directives against
/// `validation_store` (Store::for_validation: the references, and "not measured yet" for host
/// `this`) and throws away the HTML, so that every error of the content (a directive's YAML,
/// keys, probe names, hosts, data references) is reported before any probe runs. Returns the
/// probe keys the pages ask of host `this`: the only probes the measure stage needs to run.
/// Pointers into this machine's results are checked when the pages render, once measured.
/// Throws InputError with every problem found, one per line, in reading order.
std::set<std::string> probes_needed(const Book& book, const measure::Store& validation_store);

} // namespace gpuguide::directives
