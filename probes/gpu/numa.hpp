// NUMA-local host memory for host<->device copies: on a dual-socket host, pinned buffers on the
// far socket cost 20 % or more of the copy bandwidth, so gpu.transfer runs on the GPU's own CPUs
// with its buffers on the GPU's own node, and records both nodes.
#pragma once

#include <sched.h>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::probes::gpu {

/// CPU numbers of a sysfs cpulist ("0-23,48-71"); empty for malformed text.
std::vector<int> parse_cpulist(std::string_view text);

/// While alive: the calling thread runs on the CPUs of the GPU's `local_cpulist` and prefers
/// the GPU's NUMA node for new pages (set_mempolicy MPOL_PREFERRED); both restored afterwards.
/// Where sysfs or the kernel does not say (containers, single-node hosts), nothing is changed.
class NumaLocal {
  public:
    explicit NumaLocal(const std::string& pci_bus_id);
    ~NumaLocal();
    NumaLocal(const NumaLocal&) = delete;
    NumaLocal& operator=(const NumaLocal&) = delete;

    int node() const { return node_; }                ///< the GPU's node, -1 when unknown
    const std::string& cpus() const { return cpus_; } ///< the cpulist pinned to, "" when none
    bool memory_bound() const { return memory_bound_; }
    /// One line for the result: what was pinned and bound, or why not.
    std::string description() const;

  private:
    int node_ = -1;
    std::string cpus_;
    bool pinned_ = false, memory_bound_ = false;
    cpu_set_t saved_{};
};

} // namespace gpuguide::probes::gpu
