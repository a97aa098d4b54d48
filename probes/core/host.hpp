// The machine's name, as provenance records it. Kept out of core/identity so that a program that
// needs only the name (the generator's fleet) does not link the probes and their libraries: the
// generator loading OpenBLAS started its idle thread pool in every build.
#pragma once

#include <string>

namespace gpuguide::probes {

/// The host name (gethostname), "unknown" if it cannot be read.
std::string host_name();

} // namespace gpuguide::probes
