#pragma once
/// `gg-*` directives and inline `value:` / `data:` spans, expanded on a page's AST
/// (docs/design.md "Directives").
#include "load/book.hpp"
#include "markdown/markdown.hpp"
#include "measure/store.hpp"

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
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
    nlohmann::json strings = nlohmann::json::object();         ///< strings.json for `lang`
    nlohmann::json english_strings = nlohmann::json::object(); ///< strings.json for "en"
};

struct Expansion {
    bool measured = false; ///< the page shows measured values (templates get page.measured)
};

/// Replaces every `gg-*` code block with generator-built HTML and every `value:`/`data:` code span
/// with inline HTML. Throws InputError "file:line: directive: problem".
Expansion expand(markdown::Document& document, const Context& context);

} // namespace gpuguide::directives
