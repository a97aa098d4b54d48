#include "tool/assemble.hpp"

#include "core/bundle.hpp"
#include "core/host.hpp"
#include "core/identity.hpp"
#include "core/stats.hpp"
#include "cpu/cpu_probes.hpp"
#include "gpu/gpu_identity.hpp"
#include "schema/io.hpp"
#include "schema/schema.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace gpuguide::probes {
namespace {

using Clock = std::chrono::steady_clock;

/// Applies a fault that acts before the probe runs (crash, hang); the others alter the result.
void apply_early_fault(const std::string& fault) {
    if (fault == "crash") {
        std::signal(SIGSEGV, SIG_DFL); // past any sanitizer's handler: a plain crash
        std::raise(SIGSEGV);
    }
    if (fault == "hang") {
        // Hang until killed, or until the parent (a test's runner) is gone, so a test that kills
        // its runner leaves no stray process behind.
        pid_t parent = getppid();
        while (getppid() == parent)
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::_Exit(3);
    }
}

void apply_result_fault(const std::string& fault, nlohmann::json& result) {
    if (fault == "nan")
        result["injected_fault"] = stats_metric(std::vector<double>{std::nan("")}, "GB/s");
    if (fault == "absurd") // far above any memory system: the validator must reject it
        result["injected_fault"] = stats_metric(std::vector<double>{1e12}, "GB/s");
}

} // namespace

nlohmann::json run_in_process(Probe& probe, const ProbeContext& context, const GpuIdentity& gpu) {
    auto start = Clock::now();
    nlohmann::json entry = {
        {"status", schema::kStatusOk}, {"reason", nullptr}, {"result", nullptr}};
    std::string fault = injected_fault(probe.key());
    Support support;
    try {
        if (fault == "unsupportable")
            throw std::runtime_error("injected fault: supported() threw");
        support = probe.needs_gpu() && !gpu.usable ? Support{false, gpu.reason} : probe.supported();
    } catch (const std::exception& error) {
        // A CUDA or NVML call failing inside supported() is this probe failing, not a crash.
        entry["status"] = schema::kStatusFailed;
        entry["reason"] = std::string("checking whether the probe can run: ") + error.what();
        entry["duration_s"] = std::chrono::duration<double>(Clock::now() - start).count();
        return entry;
    }
    if (!support.ok) {
        entry["status"] = schema::kStatusSkipped;
        entry["reason"] = support.reason;
        if (probe.needs_gpu() && !gpu.usable)
            entry[schema::kUseReference] = true; // this host has no GPU figures to give
    } else {
        try {
            apply_early_fault(fault);
            nlohmann::json result = probe.run(context);
            apply_result_fault(fault, result);
            // NaN/inf cannot be written as JSON numbers: null them and say where they were.
            auto bad = replace_non_finite(result);
            if (result.is_object() && result.contains("failure")) {
                // The probe measured, but a check failed (e.g. a wrong GEMM result): keep both.
                entry["status"] = schema::kStatusFailed;
                entry["reason"] = result["failure"];
            } else if (!bad.empty()) {
                entry["status"] = schema::kStatusFailed;
                entry["reason"] =
                    "non-finite value at " + bad.front() +
                    (bad.size() > 1 ? " (and " + std::to_string(bad.size() - 1) + " more)" : "");
            }
            entry["result"] = std::move(result);
        } catch (const std::exception& error) {
            entry["status"] = schema::kStatusFailed;
            entry["reason"] = error.what();
        }
    }
    entry["duration_s"] = std::chrono::duration<double>(Clock::now() - start).count();
    return entry;
}

std::string injected_fault([[maybe_unused]] std::string_view key) {
#ifdef GPUGUIDE_TEST_HOOKS
    const char* spec = std::getenv("GPUGUIDE_PROBE_FAULT");
    if (!spec)
        return "";
    std::stringstream items(spec);
    std::string item;
    while (std::getline(items, item, ',')) {
        auto colon = item.rfind(':');
        if (colon != std::string::npos && item.substr(0, colon) == key)
            return item.substr(colon + 1);
    }
#endif
    return "";
}

nlohmann::json assemble_document(const std::vector<Probe*>& selected, const ProbeContext& context,
                                 const std::string& command, const EntryMaker& make_entry) {
    auto start = Clock::now();
    GpuIdentity gpu = gpu_identity();
    nlohmann::json provenance = to_json(gpu);
    provenance["host"] = host_name();
    provenance["date"] = schema::utc_now();
    provenance["probe_version"] = probe_version();
    provenance["source_hash"] = probe_source_hash();
    provenance["compiler"] = compiler_description();
    provenance["command"] = command;
    provenance["cpu"] = cpu_model_name();
    provenance["quick"] = context.quick;
    if (nlohmann::json choice = bundle::provenance_entry(); !choice.is_null())
        provenance["bundle"] = std::move(choice); // which of the bundle's builds ran, and why
    nlohmann::json probes = nlohmann::json::object();
    for (Probe* probe : selected)
        probes[std::string(probe->key())] = make_entry(*probe, gpu);
    provenance["duration_s"] = std::chrono::duration<double>(Clock::now() - start).count();
    return {{"schema", schema::kSchemaName},
            {"schema_version", schema::kSchemaVersion},
            {"placeholder", false},
            {"provenance", provenance},
            {"probes", probes}};
}

nlohmann::json run_probes(const std::vector<Probe*>& selected, const ProbeContext& context,
                          const std::string& command) {
    return assemble_document(selected, context, command, [&](Probe& probe, const GpuIdentity& gpu) {
        return run_in_process(probe, context, gpu);
    });
}

} // namespace gpuguide::probes
