// Runs (or skips) the probes through gpuguide_probe_runner and assembles the store.
#include "measure/collect.hpp"

#include "load/error.hpp"
#include "load/files.hpp"

#include <algorithm>
#include <iostream>

#if GPUGUIDE_HAVE_PROBE_RUNNER
#include "runner/runner.hpp"
#endif

namespace gpuguide::measure {
Collected collect(const CollectOptions& options) {
    auto references = load_reference_documents(options.reference_dir);
    if (!options.this_document.empty()) {
        auto document = load_measurement_document(options.this_document, Origin::Measured);
        std::string source =
            "this build's document from " + options.this_document.filename().string();
        return {Store(std::move(document), std::move(references)), std::move(source)};
    }
    const std::vector<std::string> modes{"auto", "fresh", "cached", "reference"};
    if (std::find(modes.begin(), modes.end(), options.mode) == modes.end()) {
        throw InputError("--measure " + options.mode +
                         ": unknown mode; use auto, fresh, cached or reference");
    }
#if GPUGUIDE_HAVE_PROBE_RUNNER
    probes::RunOptions run;
    run.mode = *probes::parse_mode(options.mode);
    run.probe_exe = options.probe_exe;
    run.cache_dir = options.cache_dir;
    if (!options.quiet) {
        run.on_progress = [](const probes::Progress& progress) {
            if (!progress.key.empty()) {
                std::cerr << "probe " << progress.k + 1 << "/" << progress.n << ": " << progress.key
                          << (progress.from_cache ? " (cache)" : "") << "\n";
            }
        };
    }
    auto outcome = probes::collect_measurements(run);
    std::optional<HostDocument> own;
    if (outcome.document) {
        HostDocument document;
        document.json = std::move(*outcome.document);
        document.file = "(this build's probe run)";
        const auto host = document.json.find("provenance") != document.json.end()
                              ? document.json["provenance"].value("host", nlohmann::json())
                              : nlohmann::json();
        document.host = host.is_string() ? host.get<std::string>() : std::string("this");
        document.origin =
            outcome.source == probes::Source::Cache ? Origin::Cache : Origin::Measured;
        own = std::move(document);
    }
    std::string source;
    switch (outcome.source) {
    case probes::Source::Measured:
        source = "measured by this build";
        break;
    case probes::Source::Cache:
        source = "from this build's cache";
        break;
    case probes::Source::None:
        source = "GPU figures from the reference";
        break;
    }
    if (!outcome.note.empty()) {
        source += " (" + outcome.note + ")";
    }
    return {Store(std::move(own), std::move(references)), std::move(source)};
#else
    return {Store(std::nullopt, std::move(references)),
            "reference only (the probe runner was not built)"};
#endif
}

} // namespace gpuguide::measure
