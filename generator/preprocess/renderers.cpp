// The renderer stage: after the HTML is written, each other renderer gets the book as mdBook
// would give it, preprocessed for that renderer, through the same process code as preprocessors.
#include "preprocess/renderers.hpp"

#include "preprocess/book_json.hpp"
#include "preprocess/external.hpp"
#include "preprocess/plugin.hpp"

#include <algorithm>

namespace gpuguide::preprocess {
namespace {

// mdBook's compose_command: a program named with a path (`renderers/x.py`) is relative to the
// book's root, since the renderer runs in its output folder; a bare name is looked up on PATH.
std::vector<std::string> renderer_argv(const BookConfig& config, const RendererConfig& table) {
    auto argv = split_command(table.command);
    if (!argv.empty() && argv[0].find('/') != std::string::npos &&
        std::filesystem::path(argv[0]).is_relative()) {
        argv[0] = (absolute_root(config) / argv[0]).generic_string();
    }
    return argv;
}

// Whether mdBook's `index` ran (README.md chapters then have the path index.md).
bool index_ran(const BookConfig& config) {
    return config.use_default_preprocessors ||
           std::ranges::any_of(config.preprocessors,
                               [](const auto& table) { return table.name == "index"; });
}

void run_renderer(const BookConfig& config, const RendererConfig& table,
                  std::vector<std::string>& warnings) {
    Book book = load_mdbook_project(config);
    run_preprocessors(book, config, table.name);
    warnings.insert(warnings.end(), book.warnings.begin(), book.warnings.end());
    const auto destination = absolute_root(config) / config.build_dir / table.name;
    const nlohmann::json context{{"version", kMdbookVersion},
                                 {"root", absolute_root(config).generic_string()},
                                 {"book", book_to_json(book.languages.front(), index_ran(config))},
                                 {"config", config.json},
                                 {"destination", destination.generic_string()}};
    const Plugin plugin{config, table, "renderer", "output"};
    const auto argv = renderer_argv(config, table);
    // Made first, as mdBook does; taken away again (when still empty) if the program is missing
    // and optional, so that no empty folder suggests it ran.
    std::filesystem::create_directories(destination);
    const auto result = run_plugin(plugin, argv, destination, context.dump(), warnings);
    if (!result) {
        std::error_code ignored;
        std::filesystem::remove(destination, ignored); // only when empty
        return;
    }
    check_success(plugin, *result, warnings);
    show_output(plugin, result->out, warnings);
}

} // namespace

std::filesystem::path html_dir(const BookConfig& config) {
    const auto build_dir = config.root / config.build_dir;
    return config.renderers.empty() ? build_dir : build_dir / "html";
}

std::vector<std::string> run_renderers(const BookConfig& config) {
    std::vector<std::string> warnings;
    for (const auto& table : config.renderers) {
        run_renderer(config, table, warnings);
    }
    return warnings;
}

} // namespace gpuguide::preprocess
