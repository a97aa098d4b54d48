// Where the probes look for the NVIDIA libraries they load at run time (the driver, NVML, cuBLAS,
// cuBLASLt, NCCL) once the dynamic loader's own search (LD_LIBRARY_PATH, the program's RPATH,
// /etc/ld.so.cache) has come up empty. The probe bundle runs on hosts where cuBLAS sits in a
// toolkit that nobody put on LD_LIBRARY_PATH, or only in the NVIDIA wheels PyTorch installed,
// and on container hosts whose driver libraries live in /usr/local/nvidia.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpuguide::probes {

/// Reads one environment variable (nullopt when unset); tests pass their own.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
/// This process's environment.
EnvLookup process_environment();

/// The CUDA toolkit's library folders that exist, in search order: $CUDA_HOME, $CUDA_PATH,
/// /usr/local/cuda, /usr/local/cuda-<cuda_major>.* (newest first), /opt/cuda; each one's lib64,
/// lib and targets/x86_64-linux/lib.
std::vector<std::filesystem::path> toolkit_library_folders(int cuda_major, const EnvLookup& env);

/// The site-packages folders of every python3 on $PATH (as each interpreter's sys.path lists
/// them), in PATH order, without repeats. An interpreter that does not answer within 10 s, or
/// fails, adds nothing. An unset PATH is read as the default /usr/local/bin:/usr/bin:/bin.
std::vector<std::filesystem::path> python_site_folders(const EnvLookup& env);

/// The library folders NVIDIA's pip wheels install under these site folders, those that exist:
/// nvidia/<package>/lib, e.g. nvidia/cu13/lib (CUDA 13 wheels), nvidia/cublas/lib (CUDA 12's),
/// nvidia/nccl/lib. Sorted within a site folder; site folders in the order given.
std::vector<std::filesystem::path>
wheel_library_folders(const std::vector<std::filesystem::path>& site_folders);

/// Where CUDA's libraries may be after the loader's path: the toolkit's folders, then the NVIDIA
/// wheels of any python3 on PATH (the order the probes README documents).
std::vector<std::filesystem::path> cuda_library_folders(int cuda_major, const EnvLookup& env);

/// Folders that hold the NVIDIA driver's libraries (libcuda, libnvidia-ml) outside the loader's
/// path on some hosts, those that exist: containers' /usr/local/nvidia/lib64, Debian's
/// nvidia/current, WSL's /usr/lib/wsl/lib.
std::vector<std::filesystem::path> driver_library_folders();

} // namespace gpuguide::probes
