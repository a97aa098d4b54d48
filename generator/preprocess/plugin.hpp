#pragma once
/// What mdBook's preprocessors and renderers share: a book.toml table's program run through
/// process.hpp, and its problems reported the same way ("book.toml:LINE: preprocessor `NAME`
/// (`COMMAND`) ...", "renderer `NAME` ...").
#include "load/book_toml.hpp"
#include "preprocess/process.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::preprocess {

/// One plugin of a book: its table, and what kind it is.
struct Plugin {
    const BookConfig& config;
    const PluginConfig& table;
    std::string kind;    ///< "preprocessor" or "renderer", in messages
    std::string section; ///< its table's prefix: "preprocessor" or "output"
};

/// Stops the build: "book.toml:LINE: KIND `NAME` (`COMMAND`) PROBLEM" and its stderr.
[[noreturn]] void fail_plugin(const Plugin& plugin, const std::string& problem,
                              const std::string& stderr_text);

/// What it wrote (stderr, or a renderer's stdout), shown as warnings "KIND NAME: LINE", one per
/// line, as mdBook shows it.
void show_output(const Plugin& plugin, const std::string& text, std::vector<std::string>& warnings);

/// Runs `argv` (the table's command with any arguments) in `dir` with `input` on stdin. nullopt
/// when the program does not exist and the table is optional (a warning says so); throws
/// InputError when it does not exist otherwise, or runs past the table's timeout (`question`,
/// e.g. "supports html", names what it did not answer). Its exit status is the caller's.
std::optional<ProcessResult> run_plugin(const Plugin& plugin, const std::vector<std::string>& argv,
                                        const std::filesystem::path& dir, std::string_view input,
                                        std::vector<std::string>& warnings,
                                        const std::string& question = "");

/// Throws InputError "KIND `NAME` (`COMMAND`) failed (exit status N); ..." with its stderr when
/// `result` is not a success; else shows its stderr (show_output).
void check_success(const Plugin& plugin, const ProcessResult& result,
                   std::vector<std::string>& warnings);

} // namespace gpuguide::preprocess
