// The load stage of a build: the book, its theme, the reference and fleet documents, and every
// directive checked against them, before anything is measured.
#include "render/inputs.hpp"

#include "directives/directives.hpp"
#include "load/error.hpp"
#include "measure/reference_check.hpp"
#include "preprocess/external.hpp"

namespace gpuguide::render {
namespace {

// Each fleet host's document file, after checking that no host has two documents (two fleet
// files, or a fleet file and a reference).
std::vector<std::pair<std::string, std::filesystem::path>>
fleet_files(const FleetData& fleet, const std::filesystem::path& dir,
            const std::vector<measure::HostDocument>& references) {
    std::vector<measure::HostDocument> named; // host and file only: what the check reads
    std::vector<std::pair<std::string, std::filesystem::path>> files;
    for (const auto& document : references) {
        named.push_back({document.host, nlohmann::json(), document.file, document.origin});
    }
    for (const auto& row : fleet.folder.rows) {
        named.push_back({row.host, nlohmann::json(), dir / row.file, measure::Origin::Fleet});
        files.emplace_back(row.host, dir / row.file);
    }
    measure::check_one_document_per_host(named);
    return files;
}

Book load_input(const BuildOptions& options) {
    if (!options.project) {
        // A page the directive scan has nothing to read in is let go as soon as it is loaded.
        return load_book(options.content_dir, options.langs, directives::needs_scan);
    }
    Book book = load_mdbook_project(*options.project);
    // mdBook's links (gpuguide's {{#include}}), index and the book's own preprocessors, in
    // mdBook's order, before gpuguide's directives see any page.
    preprocess::run_preprocessors(book, *options.project);
    return book;
}

// book.toml's settings: an mdBook project's, or those of the folder of language folders (its
// [output.html.gpuguide] table; all defaults when it has no book.toml).
BookConfig book_settings(const BuildOptions& options) {
    if (options.project) {
        return *options.project;
    }
    const auto file = options.content_dir / "book.toml";
    if (!std::filesystem::is_regular_file(file)) {
        BookConfig defaults;
        defaults.root = options.content_dir;
        return defaults;
    }
    return load_language_folders_toml(file);
}

// A language whose strings lack some of the English keys shows those words in English: say which.
void warn_missing_strings(const theme::Theme& theme, const std::string& lang,
                          std::vector<std::string>& warnings) {
    const auto missing = ui::Strings::missing_keys(theme, lang);
    if (missing.empty()) {
        return;
    }
    warnings.push_back((theme.override_dir() / "strings.json").generic_string() +
                       ": warning: the \"" + lang + "\" interface strings lack " +
                       ui::join_words(missing, ", ", ", ") +
                       "; those words show in English (copy them from the built-in \"en\" "
                       "object: gpuguide theme)");
}

} // namespace

Inputs load_inputs(const BuildOptions& options, const measure::CollectOptions& measure,
                   const std::set<std::string>* known_probes) {
    Inputs inputs;
    inputs.references = measure::load_reference_documents(measure.reference_dir);
    {
        const auto settings = book_settings(options);
        measure::put_reference_first(inputs.references, settings.reference_host,
                                     settings.root / "book.toml", settings.reference_line);
        inputs.license = settings.license;
        inputs.license_url = settings.license_url;
    }
    // Fleet hosts (gpuguide fleet, or a document dropped in by hand): the fleet page needs their
    // rows (from the latest collection's index where it still describes the files), and
    // directives that name a fleet host (or `hosts: all`) read its document when they ask.
    const auto fleet_dir = options.content_dir / "measurements" / "fleet";
    inputs.fleet = load_fleet(fleet_dir, options.fleet_threshold, options.jobs);
    inputs.fleet_hosts = fleet_files(inputs.fleet, fleet_dir, inputs.references);
    if (known_probes != nullptr) {
        inputs.probes = *known_probes;
        return inputs;
    }
    read_book(inputs, options);
    inputs.reference_warnings = measure::check_reference_documents(*inputs.book, inputs.references);
    auto validation = measure::Store::for_validation(std::move(inputs.references));
    validation.add_lazy_hosts(inputs.fleet_hosts, measure::Origin::Fleet);
    inputs.probes = directives::probes_needed(*inputs.book, validation);
    inputs.references = std::move(validation).release_references();
    return inputs;
}

void read_book(Inputs& inputs, const BuildOptions& options) {
    if (!inputs.book) {
        inputs.book.emplace(load_input(options));
        inputs.templates.emplace(theme::Theme(options.templates_dir));
    }
}

std::map<std::string, ui::Strings> interface_strings(Book& book,
                                                     const std::filesystem::path& templates_dir,
                                                     std::vector<std::string>& warnings) {
    std::map<std::string, ui::Strings> strings;
    const theme::Theme theme(templates_dir);
    for (auto& language : book.languages) {
        bool missing = false;
        strings.emplace(language.code, ui::Strings::for_language(theme, language.code, &missing));
        if (missing) {
            warnings.push_back((theme.override_dir() / "strings.json").generic_string() +
                               ": warning: no interface strings for language \"" + language.code +
                               "\"; its pages use the English ones (add a \"" + language.code +
                               "\" object: docs/src/design/templates.md, \"Interface strings\")");
        } else {
            language.name = strings.at(language.code).text("language_name");
            warn_missing_strings(theme, language.code, warnings);
        }
    }
    return strings;
}

} // namespace gpuguide::render
