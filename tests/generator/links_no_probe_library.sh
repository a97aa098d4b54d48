#!/usr/bin/env bash
# The generator runs every probe in a child process (gpuguide-probe), so it must not link the
# probes' own libraries. It did once, through a helper it borrowed from the probes: OpenBLAS,
# loaded into every build, started a thread pool whose idle threads took about a tenth of a
# 2,000-page build's CPU samples. Usage: links_no_probe_library.sh path/to/gpuguide
set -euo pipefail
exe=${1:?usage: links_no_probe_library.sh path/to/gpuguide}
needed=$(readelf --dynamic "$exe" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
if [ -z "$needed" ]; then
    echo "readelf listed no shared library for $exe: cannot check it" >&2
    exit 1
fi
if probe_libraries=$(grep -E '^lib(openblas|blas|cblas|lapack|gfortran|cudart|cublas|cublasLt|nvidia-ml)\.' <<<"$needed"); then
    echo "$exe links libraries only the probes need:" >&2
    echo "$probe_libraries" >&2
    echo "link them to gpuguide_probe_core or the probe program, not to a generator component" >&2
    exit 1
fi
echo "gpuguide links $(wc -l <<<"$needed") libraries, none of the probes' own"
