#include "runner/runner.hpp"

#include "core/devices.hpp"
#include "runner/cache.hpp"
#include "runner/isolate.hpp"
#include "runner/peak_check.hpp"
#include "runner/spawn.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"

#include <algorithm>
#include <unistd.h>

namespace gpuguide::probes {
namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::optional<Mode> parse_mode(std::string_view text) {
    if (text == "auto")
        return Mode::Auto;
    if (text == "fresh")
        return Mode::Fresh;
    if (text == "cached")
        return Mode::Cached;
    if (text == "reference")
        return Mode::Reference;
    return std::nullopt;
}

std::string_view mode_name(Mode mode) {
    switch (mode) {
    case Mode::Auto:
        return "auto";
    case Mode::Fresh:
        return "fresh";
    case Mode::Cached:
        return "cached";
    case Mode::Reference:
        return "reference";
    }
    return "auto";
}

namespace {

// Installed, the probe program sits beside us (bin/). In a build tree it is BUILD/probes/, one
// folder up from generator/ and two from tests/NAME/: looked for relative to this program, so that
// no build folder's path is compiled in and two builds in different folders give the same bytes.
fs::path resolve_probe_exe(const fs::path& requested) {
    if (!requested.empty())
        return requested;
    std::error_code ec;
    const fs::path self_dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
    const fs::path next_to_us = self_dir / "gpuguide-probe";
    if (ec || fs::exists(next_to_us, ec))
        return next_to_us;
    fs::path dir = self_dir;
    for (int up = 0; up < 2 && dir.has_relative_path(); ++up) {
        dir = dir.parent_path();
        if (auto in_build_tree = dir / "probes" / "gpuguide-probe"; fs::exists(in_build_tree, ec))
            return in_build_tree;
    }
    return next_to_us; // not found: the message names where an installed one would be
}

json entry(std::string_view status, const std::string& reason) {
    return {{"status", status}, {"reason", reason}, {"duration_s", 0.0}, {"result", nullptr}};
}

/// A GPU probe this build has no figures for at all: pages show the reference in its place.
json use_reference(const std::string& reason) {
    json skipped = entry(schema::kStatusSkipped, reason);
    skipped[schema::kUseReference] = true;
    return skipped;
}

/// The state one collect_measurements call carries from probe to probe.
struct Run {
    const RunOptions& options;
    fs::path exe;
    json identity;
    ProbeCache cache;
    json specs_result; // gpu.specs' result once known, for the peak check
    std::size_t measured_gpu = 0, cached_gpu = 0;
    std::size_t processes = 1; // the identity child
};

/// The devices a GPU probe measures: those chosen with RunOptions::devices, else all visible.
std::size_t device_count(const Run& run) {
    if (!run.options.devices.empty())
        return run.options.devices.size();
    return run.identity.value("gpus", json::array()).size();
}

/// Runs one probe in its own process and returns its entry (never throws).
json measure(Run& run, const std::string& key, bool gpu) {
    ChildProbeOptions child;
    child.exe = run.exe;
    child.scratch = run.cache.scratch_dir();
    if (run.options.quick)
        child.args.push_back("--quick");
    if (!run.options.devices.empty())
        child.args.insert(child.args.end(), {"--devices", device_list_text(run.options.devices)});
    child.extra_env = run.options.extra_env;
    child.timeout =
        probe_timeout(std::chrono::duration_cast<std::chrono::milliseconds>(run.options.timeout),
                      gpu, device_count(run));
    child.specs_result = run.specs_result;
    ChildProbeResult outcome = run_probe_in_child(key, child);
    ++run.processes;
    if (outcome.rejected) {
        if (!outcome.document.is_null()) {
            try {
                // Only the file name: the reason is published on pages, and an absolute path
                // would leak the builder's directories and differ between machines.
                outcome.entry["reason"] =
                    outcome.entry["reason"].get<std::string>() +
                    " (output kept in the probe cache as rejected/" +
                    run.cache.keep_rejected(key, schema::dump_document(outcome.document))
                        .filename()
                        .string() +
                    ")";
            } catch (const std::exception&) {
            }
        }
        return outcome.entry;
    }
    json result = outcome.entry;
    if (outcome.document.is_null())
        return result; // the child failed before writing anything
    result["measured_at"] = outcome.document["provenance"].value("date", json());
    if (result["status"] != schema::kStatusFailed) {
        try {
            run.cache.store(key, outcome.document);
        } catch (const std::exception& error) {
            result["cache_error"] = error.what(); // the result stands; only caching failed
        }
    }
    return result;
}

/// True when obtain() would take this probe's result from the cache.
bool will_use_cache(const Run& run, const std::string& key, bool gpu) {
    if (run.options.mode == Mode::Fresh)
        return false;
    if (gpu && (run.options.mode == Mode::Reference || !run.identity.value("gpu_usable", false)))
        return false;
    return run.cache.load(key).has_value();
}

/// Decides, for one probe, between the cache, a fresh run and a skip.
json obtain(Run& run, const std::string& key, bool gpu, bool& from_cache) {
    Mode mode = run.options.mode;
    from_cache = false;
    if (gpu && mode == Mode::Reference)
        return use_reference("measure mode reference: the committed reference measurement is used");
    if (gpu && !run.identity.value("gpu_usable", false))
        return use_reference(run.identity.value("gpu_reason", std::string("no usable GPU")) +
                             "; the reference measurement is used");
    if (mode != Mode::Fresh) {
        if (auto cached = run.cache.load(key)) {
            from_cache = true;
            json result = (*cached)["probes"][key];
            result["from_cache"] = true;
            result["measured_at"] = (*cached)["provenance"].value("date", json());
            return result;
        }
        if (gpu && mode == Mode::Cached)
            return use_reference(
                "no cached result for this build (run gpuguide build --measure fresh)");
    }
    return measure(run, key, gpu);
}

/// The document of `probes`. Nothing in it depends on whether a probe ran now or came from the
/// cache (that is what from_cache on an entry and the outcome's note say), so that equal figures
/// give equal documents: the date is the latest measurement's, the duration the probes' own.
json assemble(const Run& run, json probes) {
    std::string latest_date;
    double duration = 0;
    for (const auto& [key, result] : probes.items()) {
        if (result.value("measured_at", json()).is_string())
            latest_date = std::max(latest_date, result["measured_at"].get<std::string>());
        // Cached probes count with the time they took when measured: the collection's wall time
        // (mostly reading the cache) would differ on every build, and pages print this figure.
        if (result.value("duration_s", json()).is_number())
            duration += result["duration_s"].get<double>();
    }
    json provenance = {{"host", run.identity.value("host", json())},
                       {"date", latest_date.empty() ? json() : json(latest_date)},
                       {"duration_s", duration},
                       {"probe_version", run.identity.value("probe_version", json())},
                       {"source_hash", run.identity.value("source_hash", json())},
                       {"compiler", run.identity.value("compiler", json())},
                       {"command", run.exe.string() + " --only KEY --json-out FILE" +
                                       (run.options.quick ? " --quick" : "") +
                                       " (one process per probe)"},
                       {"cache_key", run.cache.folder().filename().string()},
                       {"quick", run.options.quick}};
    for (const char* field : {"driver", "cuda_driver", "cuda_runtime", "cublas", "gpus", "cpu"})
        provenance[field] = run.identity.value(field, json());
    return {{"schema", schema::kSchemaName},
            {"schema_version", schema::kSchemaVersion},
            {"placeholder", false},
            {"provenance", provenance},
            {"probes", std::move(probes)}};
}

std::string outcome_note(const Run& run, Source source) {
    if (source == Source::Measured)
        return "GPU measured by this build (" + std::to_string(run.measured_gpu) + " probes run, " +
               std::to_string(run.cached_gpu) + " from cache)";
    if (source == Source::Cache)
        return "GPU figures from this build's cache";
    if (run.options.mode == Mode::Reference)
        return "measure mode reference: GPU figures from the reference";
    if (!run.identity.value("gpu_usable", false))
        return run.identity.value("gpu_reason", std::string("no usable GPU")) +
               ": GPU figures from the reference";
    return "no GPU figures measured or cached: GPU figures from the reference";
}

// The probes this run measures, in the identity's order: (key, whether it needs the GPU), only
// those --only names when it names any.
std::vector<std::pair<std::string, bool>> selected_probes(const json& identity,
                                                          const RunOptions& options) {
    std::vector<std::pair<std::string, bool>> selected;
    for (const auto& probe : identity.value("probes", json::array())) {
        std::string key = probe.value("key", "");
        if (options.only.empty() || std::count(options.only.begin(), options.only.end(), key))
            selected.emplace_back(key, probe.value("gpu", false));
    }
    return selected;
}

} // namespace

RunOutcome collect_measurements(const RunOptions& options) {
    auto start = Clock::now();
    fs::path exe = resolve_probe_exe(options.probe_exe);
    std::error_code ec;
    if (!fs::exists(exe, ec))
        return {std::nullopt, Source::None,
                "gpuguide-probe not found at " + exe.string() +
                    " (build the gpuguide-probe target); all figures from the reference"};
    fs::path scratch = options.cache_dir / "probes" / "scratch";
    fs::create_directories(scratch, ec);
    fs::path identity_file = scratch / ("identity-" + std::to_string(::getpid()) + ".stderr");
    // --identity prints to stdout, which run_child discards; ask for it through a file instead.
    json identity;
    {
        fs::path out = scratch / ("identity-" + std::to_string(::getpid()) + ".json");
        ChildResult child = run_child(exe, {"--identity", "--json-out", out.string()},
                                      options.extra_env, std::chrono::seconds(60), identity_file);
        std::string failure = describe_failure(child, std::chrono::seconds(60));
        try {
            if (failure.empty())
                identity = schema::read_json_file(out);
        } catch (const std::exception& error) {
            failure = error.what();
        }
        fs::remove(out, ec);
        fs::remove(identity_file, ec);
        if (!failure.empty())
            return {std::nullopt, Source::None,
                    "gpuguide-probe --identity failed: " + failure +
                        "; all figures from the reference",
                    1};
    }
    Run run{options, exe, identity,
            ProbeCache(options.cache_dir, cache_key(identity, options.quick)), json()};
    const auto selected = selected_probes(identity, options);
    json probes = json::object();
    for (std::size_t k = 0; k < selected.size(); ++k) {
        const auto& [key, gpu] = selected[k];
        bool from_cache = will_use_cache(run, key, gpu);
        if (options.on_progress)
            options.on_progress({key, k, selected.size(), Clock::now() - start, from_cache});
        json result = obtain(run, key, gpu, from_cache);
        if (gpu && result["status"] == schema::kStatusOk)
            ++(from_cache ? run.cached_gpu : run.measured_gpu);
        if (key == "gpu.specs" && result["status"] == schema::kStatusOk)
            run.specs_result = result["result"];
        if (options.report.empty() || std::count(options.report.begin(), options.report.end(), key))
            probes[key] = std::move(result);
    }
    if (options.on_progress)
        options.on_progress({"", selected.size(), selected.size(), Clock::now() - start, false});
    Source source = run.measured_gpu > 0 ? Source::Measured
                    : run.cached_gpu > 0 ? Source::Cache
                                         : Source::None;
    return {assemble(run, std::move(probes)), source, outcome_note(run, source), run.processes};
}

} // namespace gpuguide::probes
