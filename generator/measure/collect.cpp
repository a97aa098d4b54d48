// The measure stage: runs (or skips) the probes the pages need through gpuguide_probe_runner.
#include "measure/collect.hpp"

#include "load/error.hpp"
#include "schema/schema.hpp"

#include <algorithm>
#include <iostream>

#if GPUGUIDE_HAVE_PROBE_RUNNER
#include "runner/runner.hpp"
#endif

namespace gpuguide::measure {
namespace {

// "3 measured by this build, 2 from the cache, 4 from the reference": for the build log only,
// since pages must not depend on it.
[[maybe_unused]] std::string origins(const nlohmann::json& document) {
    std::size_t measured = 0, cached = 0, reference = 0;
    for (const auto& entry : document.value("probes", nlohmann::json::object())) {
        if (entry.value("from_cache", false)) {
            ++cached;
        } else if (entry.value(std::string(probes::schema::kUseReference), false)) {
            ++reference;
        } else {
            ++measured;
        }
    }
    return std::to_string(measured) + " measured by this build, " + std::to_string(cached) +
           " from the cache, " + std::to_string(reference) + " from the reference";
}

#if GPUGUIDE_HAVE_PROBE_RUNNER
// The probe run for `needed`: every probe with --measure fresh, else only those the pages read.
probes::RunOptions run_options(const CollectOptions& options, const std::set<std::string>& needed) {
    probes::RunOptions run;
    run.mode = *probes::parse_mode(options.mode);
    run.probe_exe = options.probe_exe;
    run.cache_dir = options.cache_dir;
    run.report.assign(needed.begin(), needed.end());
    if (options.mode != "fresh") {
        run.only = run.report;
        // The peak check of every GPU probe needs gpu.specs' figures; it is one quick probe.
        if (std::any_of(needed.begin(), needed.end(),
                        [](const std::string& key) { return key.starts_with("gpu."); })) {
            run.only.push_back("gpu.specs");
        }
    }
    if (!options.quiet) {
        run.on_progress = [](const probes::Progress& progress) {
            if (!progress.key.empty()) {
                std::cerr << "probe " << progress.k + 1 << "/" << progress.n << ": " << progress.key
                          << (progress.from_cache ? " (cache)" : "") << "\n";
            }
        };
    }
    return run;
}

// This build's probe document as the store's document of this machine.
HostDocument this_document(nlohmann::json parsed) {
    HostDocument document;
    document.json = std::move(parsed);
    document.file = "(this build's probe run)";
    const auto host = document.json.find("provenance") != document.json.end()
                          ? document.json["provenance"].value("host", nlohmann::json())
                          : nlohmann::json();
    document.host = host.is_string() ? host.get<std::string>() : std::string("this");
    document.origin = Origin::Measured;
    return document;
}
#endif

} // namespace

void check_mode(const std::string& mode) {
    const std::vector<std::string> modes{"auto", "fresh", "cached", "reference"};
    if (std::find(modes.begin(), modes.end(), mode) == modes.end()) {
        throw InputError("--measure " + mode +
                         ": unknown mode; use auto, fresh, cached or reference");
    }
}

Collected collect(const CollectOptions& options, std::vector<HostDocument> references,
                  const std::set<std::string>& needed) {
    if (!options.this_document.empty()) {
        auto document = load_measurement_document(options.this_document, Origin::Measured);
        std::string source =
            "this build's document from " + options.this_document.filename().string();
        return {Store(std::move(document), std::move(references)), std::move(source), 0};
    }
    check_mode(options.mode);
    if (needed.empty() && options.mode != "fresh") {
        return {Store(std::nullopt, std::move(references)),
                "no page uses a probe of this machine: no probe run, no probe process started", 0};
    }
#if GPUGUIDE_HAVE_PROBE_RUNNER
    auto outcome = probes::collect_measurements(run_options(options, needed));
    if (!outcome.document && options.mode == "fresh") {
        // Asked to measure and nothing measured: figures from elsewhere would pass for new ones.
        auto why = outcome.note;
        if (const auto at = why.rfind("; all figures from the reference");
            at != std::string::npos) {
            why.erase(at);
        }
        throw InputError("--measure fresh: nothing measured: " + why +
                         "; name the probe program with --probe-exe, or build with --measure auto "
                         "to show the reference's figures instead");
    }
    std::optional<HostDocument> own;
    if (outcome.document) {
        own = this_document(std::move(*outcome.document));
    }
    std::string source = own ? origins(own->json) : "no document of this machine";
    if (!outcome.note.empty()) {
        source += " (" + outcome.note + ")";
    }
    return {Store(std::move(own), std::move(references)), std::move(source), outcome.processes};
#else
    return {Store(std::nullopt, std::move(references)),
            "reference only (the probe runner was not built)", 0};
#endif
}

} // namespace gpuguide::measure
