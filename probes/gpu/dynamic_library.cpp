#include "gpu/dynamic_library.hpp"

#include <cstdlib>
#include <dlfcn.h>
#include <sstream>

namespace gpuguide::probes::gpu {
namespace {

bool hidden_by_test_hook(const std::string& soname) {
    const char* list = std::getenv("GPUGUIDE_PROBE_HIDE_LIBS");
    if (!list)
        return false;
    std::stringstream items(list);
    std::string item;
    while (std::getline(items, item, ','))
        if (item == soname)
            return true;
    return false;
}

} // namespace

DynamicLibrary::DynamicLibrary(std::string soname) : soname_(std::move(soname)) {
    if (hidden_by_test_hook(soname_)) {
        error_ = soname_ + ": hidden by GPUGUIDE_PROBE_HIDE_LIBS (test hook)";
        return;
    }
    handle_ = dlopen(soname_.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
        const char* why = dlerror();
        error_ = why ? why : soname_ + ": cannot be loaded";
    }
}

void* DynamicLibrary::symbol(const char* name) const {
    return handle_ ? dlsym(handle_, name) : nullptr;
}

} // namespace gpuguide::probes::gpu
