// The preprocessor stage: mdBook's ordering (its topological sort, ties broken by name) and each
// external preprocessor run through process.hpp with the book converted by book_json.hpp.
#include "preprocess/external.hpp"

#include "load/error.hpp"
#include "preprocess/book_json.hpp"
#include "preprocess/links.hpp"
#include "preprocess/process.hpp"

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

json context_json(const BookConfig& config) {
    const auto root = std::filesystem::absolute(config.root.empty() ? "." : config.root);
    return {{"root", root.lexically_normal().generic_string()},
            {"config", config.json},
            {"renderer", "html"},
            {"mdbook_version", kMdbookVersion}};
}

// "book.toml:LINE: preprocessor `NAME` (COMMAND) PROBLEM; WHAT TO DO" plus its stderr.
[[noreturn]] void fail_preprocessor(const BookConfig& config, const PreprocessorConfig& table,
                                    const std::string& problem, const std::string& stderr_text) {
    std::string message = "preprocessor `" + table.name + "` (`" + table.command + "`) " + problem;
    if (!stderr_text.empty()) {
        message += "\nits stderr:\n" + stderr_text;
        if (message.back() == '\n') {
            message.pop_back();
        }
    }
    fail_at(config.root / "book.toml", table.line, message);
}

// Its stderr, shown even when it succeeds (as mdBook shows it), one warning line per line.
void show_stderr(Book& book, const PreprocessorConfig& table, const std::string& text) {
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        book.warnings.push_back("preprocessor " + table.name + ": " +
                                text.substr(start, end - start));
        start = end + 1;
    }
}

// A command that could not be started: a warning when the table is optional (false: skip it),
// else the build stops.
bool missing(Book& book, const BookConfig& config, const PreprocessorConfig& table) {
    if (!table.optional) {
        fail_preprocessor(config, table,
                          "was not found or cannot be run; install it (on the PATH or relative to "
                          "book.toml's folder), fix `command`, or set `optional = true`",
                          "");
    }
    book.warnings.push_back(located(config.root / "book.toml", table.line,
                                    "warning: optional preprocessor `" + table.name + "`: `" +
                                        table.command +
                                        "` was not found; the book is built without it"));
    return false;
}

// Whether it runs for the html renderer. As in mdBook, a `renderers` list decides alone;
// without one, `COMMAND supports html` does (exit 0: it runs; any other status: skipped).
bool supports_html(Book& book, const BookConfig& config, const PreprocessorConfig& table,
                   const std::vector<std::string>& argv) {
    if (table.renderers) {
        return std::ranges::find(*table.renderers, std::string("html")) != table.renderers->end();
    }
    auto args = argv;
    args.insert(args.end(), {"supports", "html"});
    const auto result = run_process(args, config.root.empty() ? "." : config.root, "",
                                    std::chrono::seconds(table.timeout_s));
    if (result.not_found) {
        return missing(book, config, table);
    }
    if (result.timed_out) {
        fail_preprocessor(config, table,
                          "did not answer `supports html` within " +
                              std::to_string(table.timeout_s) + " s and was stopped",
                          result.err);
    }
    show_stderr(book, table, result.err);
    return result.exit_code == 0;
}

// The command's run proper: [context, book] in, the changed book out.
void run_external(Book& book, const BookConfig& config, const PreprocessorConfig& table,
                  bool index_applied) {
    const auto argv = split_command(table.command);
    if (!supports_html(book, config, table, argv)) {
        return;
    }
    Language& language = book.languages.front();
    const json input = json::array({context_json(config), book_to_json(language, index_applied)});
    const auto result = run_process(argv, config.root.empty() ? "." : config.root, input.dump(),
                                    std::chrono::seconds(table.timeout_s));
    if (result.not_found) {
        missing(book, config, table);
        return;
    }
    if (result.timed_out) {
        fail_preprocessor(config, table,
                          "ran longer than " + std::to_string(table.timeout_s) +
                              " s and was stopped; fix it, or give it more time with `timeout = "
                              "SECONDS` in [preprocessor." +
                              table.name + "]",
                          result.err);
    }
    if (result.exit_code != 0) {
        fail_preprocessor(config, table,
                          "failed (exit status " + std::to_string(result.exit_code) +
                              "); fix what it reports, or remove its table to build without it",
                          result.err);
    }
    json output;
    try {
        output = json::parse(result.out);
    } catch (const json::parse_error& error) {
        const auto start = result.out.substr(0, result.out.find('\n')).substr(0, 60);
        fail_preprocessor(config, table,
                          "printed what is not JSON on stdout (byte " + std::to_string(error.byte) +
                              "; it starts `" + start +
                              "`); it must print only the changed book as JSON (messages go to "
                              "stderr)",
                          result.err);
    }
    show_stderr(book, table, result.err);
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

void run_preprocessors(Book& book, const BookConfig& config) {
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
                         index_applied);
        }
    }
}

} // namespace gpuguide::preprocess
