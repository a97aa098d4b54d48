#include "core/probe.hpp"

namespace gpuguide::probes {

ProbeList make_registry() {
    ProbeList list;
    append_cpu_probes(list);
    append_gpu_probes(list);
    return list;
}

} // namespace gpuguide::probes
