// The messages of a plugin that is missing, hangs or fails: one wording for preprocessors and
// renderers, each naming its table's line in book.toml and what to do.
#include "preprocess/plugin.hpp"

#include "load/error.hpp"

namespace gpuguide::preprocess {

void fail_plugin(const Plugin& plugin, const std::string& problem, const std::string& stderr_text) {
    std::string message =
        plugin.kind + " `" + plugin.table.name + "` (`" + plugin.table.command + "`) " + problem;
    if (!stderr_text.empty()) {
        message += "\nits stderr:\n" + stderr_text;
        if (message.back() == '\n') {
            message.pop_back();
        }
    }
    fail_at(plugin.config.root / "book.toml", plugin.table.line, message);
}

void show_output(const Plugin& plugin, const std::string& text,
                 std::vector<std::string>& warnings) {
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        warnings.push_back(plugin.kind + " " + plugin.table.name + ": " +
                           text.substr(start, end - start));
        start = end + 1;
    }
}

std::optional<ProcessResult> run_plugin(const Plugin& plugin, const std::vector<std::string>& argv,
                                        const std::filesystem::path& dir, std::string_view input,
                                        std::vector<std::string>& warnings,
                                        const std::string& question) {
    const auto& table = plugin.table;
    auto result = run_process(argv, dir, input, std::chrono::seconds(table.timeout_s));
    if (result.not_found) {
        if (!table.optional) {
            fail_plugin(plugin,
                        "was not found or cannot be run; install it (on the PATH or relative to "
                        "book.toml's folder), fix `command`, or set `optional = true`",
                        "");
        }
        warnings.push_back(located(plugin.config.root / "book.toml", table.line,
                                   "warning: optional " + plugin.kind + " `" + table.name + "`: `" +
                                       table.command +
                                       "` was not found; the book is built without it"));
        return std::nullopt;
    }
    if (result.timed_out) {
        fail_plugin(plugin,
                    !question.empty() ? "did not answer `" + question + "` within " +
                                            std::to_string(table.timeout_s) + " s and was stopped"
                                      : "ran longer than " + std::to_string(table.timeout_s) +
                                            " s and was stopped; fix it, or give it more time with "
                                            "`timeout = SECONDS` in [" +
                                            plugin.section + "." + table.name + "]",
                    result.err);
    }
    return result;
}

void check_success(const Plugin& plugin, const ProcessResult& result,
                   std::vector<std::string>& warnings) {
    if (result.exit_code != 0) {
        fail_plugin(plugin,
                    "failed (exit status " + std::to_string(result.exit_code) +
                        "); fix what it reports, or remove its table to build without it",
                    result.err);
    }
    show_output(plugin, result.err, warnings);
}

} // namespace gpuguide::preprocess
