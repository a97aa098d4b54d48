// A shared library opened at run time with dlopen: NVML, NCCL, cuBLAS and cuBLASLt. The probe
// program then starts, lists, and runs its CPU probes on hosts without them, and the probes that
// need one report why it is missing instead of the loader refusing to start the program.
#pragma once

#include <string>

namespace gpuguide::probes::gpu {

class DynamicLibrary {
  public:
    /// Opens `soname` (RTLD_NOW | RTLD_LOCAL). Test hook: GPUGUIDE_PROBE_HIDE_LIBS="NAME[,NAME…]"
    /// makes these sonames fail to load as if absent (probes/README.md).
    explicit DynamicLibrary(std::string soname);
    /// The library stays loaded: CUDA libraries register exit handlers.
    ~DynamicLibrary() = default;
    DynamicLibrary(const DynamicLibrary&) = delete;
    DynamicLibrary& operator=(const DynamicLibrary&) = delete;

    bool loaded() const { return handle_ != nullptr; }
    const std::string& soname() const { return soname_; }
    /// Why it did not load (dlerror's text, or the test hook's), empty when loaded.
    const std::string& error() const { return error_; }

    /// The function `name` as type F, or nullptr when absent (or the library is not loaded).
    template <class F> F function(const char* name) const {
        return reinterpret_cast<F>(symbol(name));
    }
    void* symbol(const char* name) const;

  private:
    std::string soname_, error_;
    void* handle_ = nullptr;
};

} // namespace gpuguide::probes::gpu
