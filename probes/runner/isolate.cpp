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

namespace {

json failed_entry(const std::string& reason, double seconds) {
    return {{"status", schema::kStatusFailed},
            {"reason", reason},
            {"duration_s", seconds},
            {"result", nullptr}};
}

/// Why a document the child wrote is refused, or "" when it stands.
std::string rejection(const std::string& key, const json& document, const json& specs_result) {
    auto errors = schema::validate_document(document);
    if (!errors.empty())
        return "the probe's result was rejected: " + errors.front().pointer + ": " +
               errors.front().message;
    if (!document["probes"].contains(key))
        return "the probe's document has no entry for " + key;
    const json& entry = document["probes"][key];
    if (entry["status"] == schema::kStatusOk && !specs_result.is_null()) {
        auto problems = exceeds_peaks(key, entry["result"], specs_result);
        if (!problems.empty())
            return problems.front();
    }
    return "";
}

} // namespace

ChildProbeResult run_probe_in_child(const std::string& key, const ChildProbeOptions& options) {
    std::error_code ec;
    fs::create_directories(options.scratch, ec);
    std::string stem = std::to_string(::getpid()) + "-" + key;
    fs::path out = options.scratch / (stem + ".json"), err = options.scratch / (stem + ".stderr");
    fs::remove(out, ec);
    std::vector<std::string> args{"--only", key, "--json-out", out.string()};
    args.insert(args.end(), options.args.begin(), options.args.end());
    ChildResult child = run_child(options.exe, args, options.extra_env, options.timeout, err);
    fs::remove(err, ec);
    double seconds = child.elapsed.count();
    ChildProbeResult result;
    if (std::string failure = describe_failure(child, options.timeout); !failure.empty()) {
        fs::remove(out, ec);
        result.entry = failed_entry(failure, seconds);
        return result;
    }
    std::string reject;
    try {
        result.document = schema::read_json_file(out);
        reject = rejection(key, result.document, options.specs_result);
    } catch (const std::exception& error) {
        reject = std::string("the probe wrote invalid output: ") + error.what();
    }
    fs::remove(out, ec);
    if (!reject.empty()) {
        result.rejected = true;
        result.entry = failed_entry(reject, seconds);
        return result;
    }
    result.entry = result.document["probes"][key];
    return result;
}

std::chrono::milliseconds probe_timeout(std::chrono::milliseconds base, bool gpu,
                                        std::size_t devices) {
    return gpu ? base * std::max<long>(long(devices), 1) : base;
}

} // namespace gpuguide::probes
