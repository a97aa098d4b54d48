// build_site: the whole pipeline in its order (load and check everything, measure only what the
// pages use, expand and render pages in parallel, write atomically).
#include "directives/directives.hpp"
#include "directives/reference_check.hpp"
#include "load/error.hpp"
#include "load/files.hpp"
#include "numbers/number.hpp"
#include "preprocess/links.hpp"
#include "render/atomic_dir.hpp"
#include "render/internal.hpp"
#include "render/manifest.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <memory>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace gpuguide::render {
namespace {

std::string format_date(std::int64_t seconds) {
    const std::time_t time = static_cast<std::time_t>(seconds);
    std::tm utc{};
    gmtime_r(&time, &utc);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &utc);
    return buffer;
}

// Same inputs and options, same fingerprint; any change to either, a new build. The probes the
// pages use and this build's measurements are added once known (render::Manifest).
std::string input_fingerprint(const BuildOptions& options, const measure::CollectOptions& measure,
                              const std::string& date) {
    std::vector<std::string> extra{"base_url\t" + options.base_url, "date\t" + date,
                                   "measure\t" + measure.mode,
                                   "measurements\t" + measure.this_document.generic_string(),
                                   "fleet_threshold\t" + std::to_string(options.fleet_threshold)};
    for (const auto& lang : options.langs) {
        extra.push_back("lang\t" + lang);
    }
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) {
        extra.push_back(
            "generator\t" + std::to_string(std::filesystem::file_size(self, error)) + "\t" +
            std::to_string(
                std::filesystem::last_write_time(self, error).time_since_epoch().count()));
    }
    std::vector<std::filesystem::path> dirs{options.content_dir, options.templates_dir,
                                            measure.reference_dir};
    if (const auto& project = options.project) {
        // Not the project's root: it holds the site (build-dir) too, which changes each build.
        dirs = {project->root / project->src, project->root / "data", options.templates_dir,
                measure.reference_dir};
        extra.push_back("book.toml\t" + std::to_string(std::hash<std::string>{}(
                                            read_file(project->root / "book.toml"))));
        for (const auto* files : {&project->additional_css, &project->additional_js}) {
            for (const auto& file : *files) { // outside src/ (theme/x.css): stamped one by one
                std::error_code ignored;
                const auto time = std::filesystem::last_write_time(project->root / file, ignored);
                extra.push_back("extra\t" + file + "\t" +
                                std::to_string(time.time_since_epoch().count()));
            }
        }
    }
    return fingerprint(dirs, extra);
}

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

std::string measurements_hash(const measure::Store& store) {
    return store.this_build()
               ? std::to_string(std::hash<std::string>{}(store.this_build()->json.dump()))
               : std::string();
}

void copy_tree(const std::filesystem::path& from, const std::filesystem::path& to,
               bool skip_markdown) {
    for (const auto& file : list_files_sorted(from)) {
        if (skip_markdown && file.extension() == ".md") {
            continue;
        }
        std::filesystem::create_directories((to / file).parent_path());
        std::filesystem::copy_file(from / file, to / file,
                                   std::filesystem::copy_options::overwrite_existing);
    }
}

// The theme's assets/ (the book's files over the built-in ones) into the site's assets/.
void write_theme_assets(const theme::Theme& theme, const std::filesystem::path& site_dir) {
    for (const auto& file : theme.list("assets")) {
        write_file(site_dir / file.path, file.bytes);
    }
}

// Marks a failed page done in its language's print.html and search index, so that the others
// are still written in order; the build fails anyway, on the first error.
void skip_page(LanguageOutputs& output, std::size_t page) {
    try {
        output.skip(page);
    } catch (const std::exception&) {
        // A later page's write failed too: that failure is not the one to report.
    }
}

// Renders and writes every page of every language on `jobs` threads, and each language's
// print.html and search index as its pages finish, so no rendered page stays in memory. Errors
// are collected per page and reported together, in reading order, so the message does not
// depend on timing. A page whose bytes equal the one in `previous` (the site being replaced)
// is linked to it rather than written anew. Returns the pages' warnings, in reading order.
std::vector<std::string> render_all(const SiteContext& site, const std::filesystem::path& dir,
                                    const std::filesystem::path& previous, unsigned jobs) {
    struct Task {
        std::size_t language, page;
    };
    std::vector<Task> tasks; // language by language, in reading order: little waits for order
    std::vector<std::unique_ptr<LanguageOutputs>> outputs;
    for (std::size_t l = 0; l < site.book.languages.size(); ++l) {
        const Language& language = site.book.languages[l];
        outputs.push_back(
            std::make_unique<LanguageOutputs>(site, language, dir / language.site_dir));
        for (std::size_t p = 0; p < language.pages.size(); ++p) {
            tasks.push_back({l, p});
        }
    }
    // Bad input, a file that cannot be written, and anything else: a bug, which must say so.
    std::vector<std::string> errors(tasks.size()), io_errors(tasks.size()),
        internal_errors(tasks.size());
    std::vector<std::vector<std::string>> warnings(tasks.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next++; i < tasks.size(); i = next++) {
            const auto& language = site.book.languages[tasks[i].language];
            auto& output = *outputs[tasks[i].language];
            try {
                auto page = render_page(site, language, tasks[i].page);
                const auto file =
                    std::filesystem::path(language.site_dir) / language.pages[tasks[i].page].output;
                write_file_or_link(dir / file, page.html, previous / file);
                warnings[i] = std::move(page.warnings);
                output.add(tasks[i].page, std::move(page));
            } catch (const InputError& error) {
                errors[i] = error.what();
                skip_page(output, tasks[i].page);
            } catch (const std::system_error& error) { // a file that cannot be written
                io_errors[i] = error.what();
                skip_page(output, tasks[i].page);
            } catch (const std::exception& error) {
                internal_errors[i] = language.pages[tasks[i].page].source_path.generic_string() +
                                     ": " + error.what();
                skip_page(output, tasks[i].page);
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        const unsigned count =
            std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(tasks.size())));
        for (unsigned t = 1; t < count; ++t) {
            pool.emplace_back(worker);
        }
        worker();
    } // jthreads join here
    const auto joined = [](const std::vector<std::string>& list) {
        std::string all;
        for (const auto& error : list) {
            if (!error.empty()) {
                all += (all.empty() ? "" : "\n") + error;
            }
        }
        return all;
    };
    if (const auto all = joined(internal_errors); !all.empty()) {
        throw InternalError("while rendering " + all);
    }
    if (const auto all = joined(errors); !all.empty()) {
        throw InputError(all);
    }
    if (const auto all = joined(io_errors); !all.empty()) {
        throw std::runtime_error(all);
    }
    for (auto& output : outputs) {
        output->finish();
    }
    std::vector<std::string> all_warnings;
    for (auto& page : warnings) {
        all_warnings.insert(all_warnings.end(), page.begin(), page.end());
    }
    return all_warnings;
}

Book load_input(const BuildOptions& options) {
    if (!options.project) {
        return load_book(options.content_dir, options.langs);
    }
    Book book = load_mdbook_project(*options.project);
    const auto& root = options.project->root;
    preprocess::expand_book_links(
        book, {root.empty() ? "." : root, options.project->include_outside_book});
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

// book.toml's additional-css/-js (paths from the project's root) and its redirects (old path ->
// a page that sends the reader to the new one).
void write_project_files(const BookConfig& project, const ui::Strings& strings,
                         const std::filesystem::path& dir) {
    for (const auto* files : {&project.additional_css, &project.additional_js}) {
        for (const auto& file : *files) {
            const auto from = project.root / file;
            if (!std::filesystem::is_regular_file(from)) {
                fail_at(project.root / "book.toml", 0,
                        "additional file `" + file + "` does not exist (looked for " +
                            from.generic_string() + "); fix the path in [output.html]");
            }
            std::filesystem::create_directories((dir / file).parent_path());
            std::filesystem::copy_file(from, dir / file,
                                       std::filesystem::copy_options::overwrite_existing);
        }
    }
    for (const auto& [from, to] : project.redirect) {
        const std::filesystem::path old = std::filesystem::path(from).relative_path();
        if (old.empty() || old.generic_string().find("..") != std::string::npos) {
            fail_at(project.root / "book.toml", 0,
                    "redirect `" + from + "` is not a path in the site, e.g. \"/old/page.html\"");
        }
        std::filesystem::create_directories((dir / old).parent_path());
        write_file(dir / old, redirect_page(to, strings));
    }
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

/// Each language's interface strings from the theme. A language the theme has none for gets the
/// English ones, and `warnings` says so (and names the keys a language's strings lack); the others
/// take their display name from their strings.
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

/// Expands and renders every page into a staging folder beside the site, adds the special pages,
/// the theme's assets and the book's own files, then swaps the new site in and writes its
/// manifest. Render warnings are appended to `warnings`.
void write_site(const SiteContext& site, const Manifest& manifest,
                std::vector<std::string>& warnings) {
    const auto& options = site.options;
    StagingDir staging(options.out_dir);
    const unsigned jobs =
        options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    for (auto& warning : render_all(site, staging.path(), options.out_dir, jobs)) {
        warnings.push_back(std::move(warning));
    }
    write_special_pages(site, staging.path());
    if (options.project) {
        write_project_files(*options.project, site.strings(site.book.languages.front().code),
                            staging.path());
    }
    write_theme_assets(theme::Theme(options.templates_dir), staging.path());
    for (const auto& language : site.book.languages) {
        copy_tree(language.dir, staging.path() / language.site_dir, true); // images and other files
    }
    // A site without its manifest is simply rebuilt next time; a manifest beside a site it does
    // not describe would keep a wrong site. So: remove, swap the site in, then write.
    remove_manifest(options.out_dir);
    staging.commit();
    write_manifest(options.out_dir, manifest);
}

} // namespace

std::optional<std::int64_t> source_date_epoch_from_env() {
    const char* text = std::getenv("SOURCE_DATE_EPOCH");
    if (text == nullptr || *text == '\0') {
        return std::nullopt;
    }
    // Seconds since 1970, up to the end of year 9999 (the dates the site prints have 4 digits).
    constexpr numbers::Rule kEpoch{.whole = true, .min = 0, .max = 253402300799};
    const auto reading = numbers::read(text, kEpoch);
    if (!reading.value) {
        throw InputError("SOURCE_DATE_EPOCH=" + std::string(text) + ": " + reading.problem +
                         " (seconds since 1970); unset it or give e.g. 1763750000");
    }
    return static_cast<std::int64_t>(*reading.value);
}

BuildReport build_site(const BuildOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    auto measure_options = options.measure;
    if (measure_options.reference_dir.empty()) {
        measure_options.reference_dir = options.content_dir / "measurements" / "reference";
    }
    measure::check_mode(measure_options.mode);
    const auto epoch = options.source_date_epoch ? *options.source_date_epoch
                                                 : static_cast<std::int64_t>(std::time(nullptr));
    const std::string date = format_date(epoch);
    Manifest manifest;
    manifest.inputs = input_fingerprint(options, measure_options, date);
    const auto previous = options.force ? std::nullopt : read_manifest(options.out_dir);

    // Load: the whole book, its templates and the reference documents, and every directive
    // checked against them, before anything is measured. When no input changed since the last
    // build, its manifest already says which probes the pages use: nothing needs reading.
    std::optional<Book> book;
    std::optional<Templates> templates;
    std::vector<std::string> reference_warnings;
    auto references = measure::load_reference_documents(measure_options.reference_dir);
    {
        const auto settings = book_settings(options);
        measure::put_reference_first(references, settings.reference_host,
                                     settings.root / "book.toml", settings.reference_line);
    }
    // Fleet hosts (gpuguide fleet, or a document dropped in by hand): the fleet page needs their
    // rows (from the latest collection's index where it still describes the files), and
    // directives that name a fleet host (or `hosts: all`) read its document when they ask.
    const auto fleet_dir = options.content_dir / "measurements" / "fleet";
    const FleetData fleet = load_fleet(fleet_dir, options.fleet_threshold);
    const auto fleet_hosts = fleet_files(fleet, fleet_dir, references);
    if (previous && previous->inputs == manifest.inputs) {
        manifest.probes = previous->probes;
    } else {
        book.emplace(load_input(options));
        templates.emplace(theme::Theme(options.templates_dir));
        reference_warnings = directives::check_reference_documents(*book, references);
        auto validation = measure::Store::for_validation(std::move(references));
        validation.add_lazy_hosts(fleet_hosts, measure::Origin::Fleet);
        manifest.probes = directives::probes_needed(*book, validation);
        references = std::move(validation).release_references();
    }

    // Measure: only the probes the pages use of this machine (none: no process at all).
    auto collected = measure::collect(measure_options, std::move(references), manifest.probes);
    collected.store.add_lazy_hosts(fleet_hosts, measure::Origin::Fleet);
    manifest.measurements = measurements_hash(collected.store);

    BuildReport report;
    report.measurement_source = collected.source;
    report.probes = manifest.probes;
    report.probe_processes = collected.probe_processes;
    if (previous && previous->text() == manifest.text()) {
        report.up_to_date = true;
        report.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return report;
    }
    if (!book) {
        book.emplace(load_input(options));
        templates.emplace(theme::Theme(options.templates_dir));
    }

    auto strings = interface_strings(*book, options.templates_dir, report.warnings);
    // Expand and render.
    const SiteContext site{*book, collected.store, *templates, options,
                           date,  strings,         &fleet,     shared_views(strings)};
    report.warnings.insert(report.warnings.begin(), book->warnings.begin(), book->warnings.end());
    report.warnings.insert(report.warnings.end(), reference_warnings.begin(),
                           reference_warnings.end());
    write_site(site, manifest, report.warnings);

    report.languages = book->languages.size();
    for (const auto& language : book->languages) {
        report.pages += language.pages.size();
    }
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

} // namespace gpuguide::render
