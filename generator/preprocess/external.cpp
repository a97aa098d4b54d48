// The preprocessor stage: mdBook's ordering (its topological sort, ties broken by name) and each
// external preprocessor run through process.hpp with the book converted by book_json.hpp.
#include "preprocess/external.hpp"

#include "load/error.hpp"
#include "preprocess/book_json.hpp"
#include "preprocess/links.hpp"
#include "preprocess/plugin.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace gpuguide::preprocess {
namespace {

using nlohmann::json;

// name -> the names that must run before it.
std::map<std::string, std::set<std::string>> dependencies(const BookConfig& config,
                                                          std::vector<std::string>& warnings) {
    std::map<std::string, std::set<std::string>> needs;
    if (config.use_default_preprocessors) {
        needs["links"];
        needs["index"];
    }
    for (const auto& table : config.preprocessors) {
        needs[table.name];
    }
    const auto book_toml = (config.root / "book.toml").generic_string();
    for (const auto& table : config.preprocessors) {
        const auto link = [&](const std::string& other, const std::string& first,
                              const std::string& second, const char* key) {
            if (!needs.contains(other)) {
                warnings.push_back(book_toml + ":" + std::to_string(table.line) +
                                   ": warning: preprocessor `" + table.name + "` has " + key +
                                   " = [\"" + other + "\"], which does not run; ignored");
            } else {
                needs[second].insert(first);
            }
        };
        for (const auto& other : table.before) {
            link(other, table.name, other, "before");
        }
        for (const auto& other : table.after) {
            link(other, other, table.name, "after");
        }
    }
    return needs;
}

int line_of(const BookConfig& config, const std::string& name) {
    for (const auto& table : config.preprocessors) {
        if (table.name == name) {
            return table.line;
        }
    }
    return 0;
}

json context_json(const BookConfig& config, const std::string& renderer) {
    return {{"root", absolute_root(config).generic_string()},
            {"config", config.json},
            {"renderer", renderer},
            {"mdbook_version", kMdbookVersion}};
}

// Whether it runs for `renderer`. As in mdBook, a `renderers` list decides alone; without one,
// `COMMAND supports RENDERER` does (exit 0: it runs; any other status: skipped).
bool supports(Book& book, const Plugin& plugin, const PreprocessorConfig& table,
              const std::vector<std::string>& argv, const std::string& renderer) {
    if (table.renderers) {
        return std::ranges::find(*table.renderers, renderer) != table.renderers->end();
    }
    auto args = argv;
    args.insert(args.end(), {"supports", renderer});
    const auto result = run_plugin(plugin, args, absolute_root(plugin.config), "", book.warnings,
                                   "supports " + renderer);
    if (!result) {
        return false;
    }
    show_output(plugin, result->err, book.warnings);
    return result->exit_code == 0;
}

// The command's run proper: [context, book] in, the changed book out.
void run_external(Book& book, const BookConfig& config, const PreprocessorConfig& table,
                  bool index_applied, const std::string& renderer) {
    const Plugin plugin{config, table, "preprocessor", "preprocessor"};
    const auto argv = split_command(table.command);
    if (!supports(book, plugin, table, argv, renderer)) {
        return;
    }
    Language& language = book.languages.front();
    const json input =
        json::array({context_json(config, renderer), book_to_json(language, index_applied)});
    const auto result =
        run_plugin(plugin, argv, absolute_root(config), input.dump(), book.warnings);
    if (!result) {
        return;
    }
    if (result->exit_code != 0) {
        check_success(plugin, *result, book.warnings); // throws
    }
    json output;
    try {
        output = json::parse(result->out);
    } catch (const json::parse_error& error) {
        const auto start = result->out.substr(0, result->out.find('\n')).substr(0, 60);
        fail_plugin(plugin,
                    "printed what is not JSON on stdout (byte " + std::to_string(error.byte) +
                        "; it starts `" + start +
                        "`); it must print only the changed book as JSON (messages go to stderr)",
                    result->err);
    }
    show_output(plugin, result->err, book.warnings);
    book_from_json(
        language, output,
        located(config.root / "book.toml", table.line,
                "preprocessor `" + table.name + "` returned a book gpuguide cannot read"));
}

} // namespace

std::vector<std::string> preprocessor_order(const BookConfig& config,
                                            std::vector<std::string>& warnings) {
    auto needs = dependencies(config, warnings);
    std::vector<std::string> order;
    while (!needs.empty()) {
        std::vector<std::string> ready; // std::map iterates by name: mdBook's tie break
        for (const auto& [name, before] : needs) {
            if (before.empty()) {
                ready.push_back(name);
            }
        }
        if (ready.empty()) {
            const auto& name = needs.begin()->first;
            fail_at(
                config.root / "book.toml", line_of(config, name),
                "the preprocessors' before/after lists make a cycle (among " +
                    [&] {
                        std::string names;
                        for (const auto& [other, unused] : needs) {
                            names += (names.empty() ? "`" : ", `") + other + "`";
                        }
                        return names;
                    }() +
                    "); remove one of the entries that closes it");
        }
        for (const auto& name : ready) {
            needs.erase(name);
            for (auto& [other, before] : needs) {
                before.erase(name);
            }
            order.push_back(name);
        }
    }
    return order;
}

std::filesystem::path absolute_root(const BookConfig& config) {
    auto root =
        std::filesystem::absolute(config.root.empty() ? "." : config.root).lexically_normal();
    return root.has_filename() ? root : root.parent_path(); // "/book/." -> "/book", as mdBook's
}

void run_preprocessors(Book& book, const BookConfig& config, const std::string& renderer) {
    std::vector<std::string> warnings;
    const auto order = preprocessor_order(config, warnings);
    book.warnings.insert(book.warnings.end(), warnings.begin(), warnings.end());
    bool index_applied = false;
    for (const auto& name : order) {
        // links and index are gpuguide's own, also when a table configures them (as in mdBook).
        if (name == "links") {
            expand_book_links(
                book, {config.root.empty() ? "." : config.root, config.include_outside_book});
        } else if (name == "index") {
            index_applied = true;
        } else {
            run_external(book, config,
                         *std::ranges::find(config.preprocessors, name, &PreprocessorConfig::name),
                         index_applied, renderer);
        }
    }
}

} // namespace gpuguide::preprocess
