// A shared library opened at run time with dlopen: the CUDA driver, NVML, NCCL, cuBLAS and
// cuBLASLt. The probe program then starts, lists, and runs its CPU probes on hosts without them,
// and the probes that need one report why it is missing instead of the loader refusing to start
// the program.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gpuguide::probes {

class DynamicLibrary {
  public:
    /// Opens `soname` (RTLD_NOW | RTLD_LOCAL) through the loader's own search (LD_LIBRARY_PATH,
    /// RPATH, ld.so.cache); where that fails, `folder/soname` for each of `fallback_folders` in
    /// order (core/library_search.hpp says which). Test hook, built only with the CMake option
    /// GPUGUIDE_TEST_HOOKS: GPUGUIDE_PROBE_HIDE_LIBS="NAME[,NAME…]" makes these sonames fail to
    /// load as if absent (probes/README.md).
    explicit DynamicLibrary(std::string soname,
                            std::vector<std::filesystem::path> fallback_folders = {});
    /// The library stays loaded: CUDA libraries register exit handlers.
    ~DynamicLibrary() = default;
    DynamicLibrary(const DynamicLibrary&) = delete;
    DynamicLibrary& operator=(const DynamicLibrary&) = delete;

    bool loaded() const { return handle_ != nullptr; }
    const std::string& soname() const { return soname_; }
    /// The file it was loaded from (the loader's answer), empty when not loaded.
    const std::string& path() const { return path_; }
    /// Why it did not load: dlerror's text and the folders also searched (or the test hook's
    /// reason); empty when loaded.
    const std::string& error() const { return error_; }

    /// The function `name` as type F, or nullptr when absent (or the library is not loaded).
    template <class F> F function(const char* name) const {
        return reinterpret_cast<F>(symbol(name));
    }
    void* symbol(const char* name) const;

  private:
    std::string soname_, path_, error_;
    void* handle_ = nullptr;
};

} // namespace gpuguide::probes
