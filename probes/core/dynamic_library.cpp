#include "core/dynamic_library.hpp"

#include <cstdlib>
#include <dlfcn.h>
#include <link.h>
#include <sstream>

namespace gpuguide::probes {
namespace {

#ifdef GPUGUIDE_TEST_HOOKS
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
#endif

std::string last_dl_error(const std::string& fallback) {
    const char* why = dlerror();
    return why ? why : fallback;
}

} // namespace

DynamicLibrary::DynamicLibrary(std::string soname,
                               std::vector<std::filesystem::path> fallback_folders)
    : soname_(std::move(soname)) {
#ifdef GPUGUIDE_TEST_HOOKS
    if (hidden_by_test_hook(soname_)) {
        error_ = soname_ + ": hidden by GPUGUIDE_PROBE_HIDE_LIBS (test hook)";
        return;
    }
#endif
    handle_ = dlopen(soname_.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_)
        error_ = last_dl_error(soname_ + ": cannot be loaded");
    std::string searched;
    for (const std::filesystem::path& folder : fallback_folders) {
        if (handle_)
            break;
        const std::filesystem::path candidate = folder / soname_;
        searched += (searched.empty() ? "" : ", ") + folder.string();
        std::error_code ec;
        if (!std::filesystem::exists(candidate, ec))
            continue;
        handle_ = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle_) // the file is there but does not load: that reason matters most
            error_ = last_dl_error(candidate.string() + ": cannot be loaded");
    }
    if (handle_) {
        error_.clear();
        link_map* map = nullptr;
        if (dlinfo(handle_, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name)
            path_ = map->l_name;
        return;
    }
    if (!searched.empty())
        error_ += "; not in " + searched + " either";
}

void* DynamicLibrary::symbol(const char* name) const {
    return handle_ ? dlsym(handle_, name) : nullptr;
}

} // namespace gpuguide::probes
