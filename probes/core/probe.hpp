// One probe = one small class with a stable key; the registry lists them all.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::probes {

/// Settings shared by every probe in one gpuguide-probe run.
struct ProbeContext {
    bool quick = false;       ///< smaller problems (tests, smoke runs); figures less accurate
    std::vector<int> devices; ///< CUDA devices to measure (`--devices 0,3`); empty: all visible
};

/// Whether a probe can run on this machine, and if not, why (shown to readers as the skip reason).
struct Support {
    bool ok = true;
    std::string reason;
};

/// A probe measures one thing and returns its result as JSON (shape: probes/README.md).
class Probe {
  public:
    virtual ~Probe() = default;
    /// Stable key, e.g. "gpu.stream"; pages refer to results by it.
    virtual std::string_view key() const = 0;
    /// One line for `gpuguide-probe --list`.
    virtual std::string_view description() const = 0;
    /// GPU probes are skipped (reference used) where no usable GPU is present.
    virtual bool needs_gpu() const = 0;
    /// Cheap check, run before run(): a GPU present, a library loadable, two GPUs for gpu.multi...
    virtual Support supported() const = 0;
    /// Measures. Throws std::exception with a clear message on failure.
    virtual nlohmann::json run(const ProbeContext& context) = 0;
};

using ProbeList = std::vector<std::unique_ptr<Probe>>;

/// Every probe in a fixed order: CPU probes first, then GPU probes (gpu.specs before the others).
ProbeList make_registry();

/// The CPU probes (always built).
void append_cpu_probes(ProbeList& list);

/// The GPU probes; without CUDA they exist but report skipped "built without CUDA".
void append_gpu_probes(ProbeList& list);

} // namespace gpuguide::probes
