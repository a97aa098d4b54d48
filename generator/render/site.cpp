// build_site: the whole pipeline, top-down in the order data flows: load and check every input
// (render/inputs.cpp), measure only what the pages use, render every page and write the site
// atomically (render/outputs.cpp); the manifest beside the site (render/manifest.cpp) skips all
// of it when nothing changed.
#include "load/error.hpp"
#include "numbers/number.hpp"
#include "render/inputs.hpp"
#include "render/internal.hpp"
#include "render/manifest.hpp"
#include "render/math_assets.hpp"
#include "render/one_page.hpp"
#include "version.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>

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

measure::CollectOptions measure_options(const BuildOptions& options) {
    auto measure = options.measure;
    if (measure.reference_dir.empty()) {
        measure.reference_dir = options.content_dir / "measurements" / "reference";
    }
    measure::check_mode(measure.mode);
    return measure;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Step 3 of build_site: reads the book, then renders every page on the --jobs threads and the
// rest of the site into a staging folder that replaces the site, with the new manifest beside it;
// or, after an edit to pages' Markdown alone, only those pages (and their neighbours).
void render_and_write(Inputs& inputs, const BuildOptions& options, const measure::Store& store,
                      const std::string& date, const std::optional<Manifest>& previous,
                      const Manifest& manifest, BuildReport& report) {
    read_book(inputs, options);
    // From here on only the render reads the pages' Markdown, each page's file again as it
    // renders it: the book is not all in memory at once.
    release_page_bodies(*inputs.book);
    const Book& book = *inputs.book;
    report.warnings = book.warnings;
    const auto strings = interface_strings(*inputs.book, options.templates_dir, report.warnings);
    report.warnings.insert(report.warnings.end(), inputs.reference_warnings.begin(),
                           inputs.reference_warnings.end());
    // Code blocks highlighted by earlier builds: `--force` renders every page again, but a
    // block's tokens depend only on its language, its text and this program.
    highlight::Cache highlights(options.measure.cache_dir / "highlight" / "blocks",
                                version::generator_tag() + " " + std::string(version::commit()));
    const SiteContext site{book,
                           store,
                           *inputs.templates,
                           options,
                           date,
                           strings,
                           &inputs.fleet,
                           inputs.license,
                           inputs.license_url,
                           shared_views(strings),
                           use_katex(book.config ? &*book.config : nullptr, report.warnings),
                           &highlights};
    report.languages = book.languages.size();
    for (const auto& language : book.languages) {
        report.pages += language.pages.size();
    }
    // An edit to pages' Markdown alone: those pages (and their neighbours) are rendered, the rest
    // of the site kept. Anything else: every page.
    const auto rendered =
        previous ? update_pages(site, *previous, manifest, report.warnings) : std::nullopt;
    if (!rendered) {
        write_site(site, manifest, report.warnings);
    }
    report.pages_rendered = rendered ? *rendered : report.pages;
    try {
        // After some pages only, the blocks of the others are kept for the next build.
        highlights.save(/*keep_unused=*/rendered.has_value());
    } catch (const std::runtime_error& error) {
        report.warnings.push_back(std::string("warning: ") + error.what() +
                                  "; the next build highlights its code again");
    }
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
    const auto measure = measure_options(options);
    const std::string date =
        format_date(options.source_date_epoch ? *options.source_date_epoch
                                              : static_cast<std::int64_t>(std::time(nullptr)));

    // 1. Load and check: the book, its theme, the reference and fleet documents, and every
    // directive against them, before anything is measured. When no input changed since the last
    // build, its manifest already says which probes the pages use: the book is not read.
    Manifest manifest;
    manifest.inputs = input_fingerprint(options, measure, date);
    // A preprocessor's output may depend on anything (its own script, the clock, the network):
    // a book with any is built every time, never "up to date".
    const bool preprocessors = options.project && !options.project->preprocessors.empty();
    const auto previous =
        options.force || preprocessors ? std::nullopt : read_manifest(options.out_dir);
    const bool unchanged = previous && previous->inputs == manifest.inputs;
    Inputs inputs = load_inputs(options, measure, unchanged ? &previous->probes : nullptr);
    manifest.probes = inputs.probes;

    // 2. Measure: only the probes the pages use of this machine (none: no process at all).
    auto collected = measure::collect(measure, std::move(inputs.references), manifest.probes);
    collected.store.add_lazy_hosts(inputs.fleet_hosts, measure::Origin::Fleet);
    manifest.measurements = measurements_hash(collected.store);
    BuildReport report;
    report.measurement_source = collected.source;
    report.probes = manifest.probes;
    report.probe_processes = collected.probe_processes;
    if (previous && previous->text() == manifest.text()) {
        report.up_to_date = true;
        report.seconds = seconds_since(start);
        return report;
    }

    // 3. Render and write: every page on the --jobs threads, then the rest of the site, into a
    // staging folder that replaces the site, and the new manifest beside it.
    render_and_write(inputs, options, collected.store, date, previous, manifest, report);
    report.seconds = seconds_since(start);
    return report;
}

} // namespace gpuguide::render
