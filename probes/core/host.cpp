#include "core/host.hpp"

#include <unistd.h>

namespace gpuguide::probes {

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
        return "unknown";
    return name;
}

} // namespace gpuguide::probes
