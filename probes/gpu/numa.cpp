#include "gpu/numa.hpp"

#include <charconv>
#include <fstream>
#include <sys/syscall.h>
#include <unistd.h>

namespace gpuguide::probes::gpu {
namespace {

constexpr int kMpolDefault = 0, kMpolPreferred = 1; // numaif.h
constexpr int kMaxNodes = 1024;

std::string read_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

} // namespace

std::vector<int> parse_cpulist(std::string_view text) {
    std::vector<int> cpus;
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.remove_suffix(1);
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t comma = std::min(text.find(',', start), text.size());
        std::string_view item = text.substr(start, comma - start);
        std::size_t dash = item.find('-');
        int first = -1, last = -1;
        auto parse = [](std::string_view digits, int& value) {
            auto [end, error] =
                std::from_chars(digits.data(), digits.data() + digits.size(), value);
            return error == std::errc() && end == digits.data() + digits.size() && value >= 0;
        };
        bool ok = dash == std::string_view::npos
                      ? parse(item, first) && parse(item, last)
                      : parse(item.substr(0, dash), first) && parse(item.substr(dash + 1), last);
        if (!ok || last < first || last >= CPU_SETSIZE)
            return {};
        for (int cpu = first; cpu <= last; ++cpu)
            cpus.push_back(cpu);
        start = comma + 1;
    }
    return cpus;
}

NumaLocal::NumaLocal(const std::string& pci_bus_id) {
    std::string device = "/sys/bus/pci/devices/" + pci_bus_id;
    std::string node_text = read_line(device + "/numa_node");
    std::from_chars(node_text.data(), node_text.data() + node_text.size(), node_);
    std::string cpulist = read_line(device + "/local_cpulist");
    std::vector<int> cpus = parse_cpulist(cpulist);
    if (!cpus.empty() && sched_getaffinity(0, sizeof saved_, &saved_) == 0) {
        cpu_set_t local;
        CPU_ZERO(&local);
        for (int cpu : cpus)
            CPU_SET(cpu, &local);
        // Only CPUs this process may use (a cgroup or taskset may allow fewer).
        CPU_AND(&local, &local, &saved_);
        if (CPU_COUNT(&local) > 0 && sched_setaffinity(0, sizeof local, &local) == 0) {
            pinned_ = true;
            cpus_ = cpulist;
        }
    }
    if (node_ >= 0 && node_ < kMaxNodes) {
        unsigned long mask[kMaxNodes / (8 * sizeof(unsigned long))] = {};
        mask[node_ / (8 * sizeof(unsigned long))] |= 1ul << (node_ % (8 * sizeof(unsigned long)));
        memory_bound_ = syscall(SYS_set_mempolicy, kMpolPreferred, mask, kMaxNodes) == 0;
    }
}

NumaLocal::~NumaLocal() {
    if (memory_bound_)
        syscall(SYS_set_mempolicy, kMpolDefault, nullptr, 0);
    if (pinned_)
        sched_setaffinity(0, sizeof saved_, &saved_);
}

std::string NumaLocal::description() const {
    if (node_ < 0)
        return "not NUMA-placed: sysfs gives no NUMA node for this GPU (single-node host or "
               "container)";
    std::string text = pinned_ ? "thread pinned to the GPU's local CPUs " + cpus_
                               : std::string("thread not pinned (no usable local_cpulist)");
    text += memory_bound_ ? "; host buffers allocated preferring node " + std::to_string(node_)
                          : "; set_mempolicy refused, host buffers where the kernel put them";
    return text;
}

} // namespace gpuguide::probes::gpu
