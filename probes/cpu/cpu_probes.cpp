#include "cpu/cpu_probes.hpp"

namespace gpuguide::probes {

void append_cpu_probes(ProbeList& list) {
    list.push_back(make_cpu_info_probe());
    list.push_back(make_cpu_stream_probe());
    list.push_back(make_cpu_latency_probe());
    list.push_back(make_cpu_gemm_probe());
    list.push_back(make_cpu_llm_probe());
}

} // namespace gpuguide::probes
