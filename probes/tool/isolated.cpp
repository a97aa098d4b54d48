// gpuguide-probe --all / --gpu-only: each probe in a child process of this same program, through
// the isolation the build's runner uses (runner/isolate.hpp), so the reference document survives
// a probe that crashes, hangs or leaves the GPU in a sticky error state.
#include "core/devices.hpp"
#include "runner/isolate.hpp"
#include "tool/assemble.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <unistd.h>

namespace gpuguide::probes {
namespace fs = std::filesystem;

namespace {

/// A private scratch folder, removed with the object.
struct ScratchDir {
    fs::path path;
    ScratchDir() {
        std::string pattern = (fs::temp_directory_path() / "gpuguide-probe-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
            throw std::runtime_error("cannot create a scratch folder under " +
                                     fs::temp_directory_path().string());
        path = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

} // namespace

nlohmann::json run_probes_isolated(const std::vector<Probe*>& selected, const ProbeContext& context,
                                   const std::string& command,
                                   std::chrono::milliseconds base_timeout) {
    ScratchDir scratch;
    ChildProbeOptions child;
    std::error_code ec;
    child.exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec)
        throw std::runtime_error("cannot find this program (/proc/self/exe): " + ec.message());
    child.scratch = scratch.path;
    if (context.quick)
        child.args.push_back("--quick");
    if (!context.devices.empty())
        child.args.insert(child.args.end(), {"--devices", device_list_text(context.devices)});
    return assemble_document(selected, context, command, [&](Probe& probe, const GpuIdentity& gpu) {
        std::size_t devices = context.devices.empty() ? gpu.devices.size() : context.devices.size();
        child.timeout = probe_timeout(base_timeout, probe.needs_gpu(), devices);
        std::string key(probe.key());
        nlohmann::json entry = run_probe_in_child(key, child).entry;
        // The later probes' figures are checked against this device's peaks, as the runner does.
        if (key == "gpu.specs" && entry.value("status", "") == "ok")
            child.specs_result = entry["result"];
        return entry;
    });
}

} // namespace gpuguide::probes
