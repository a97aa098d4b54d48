// cpu.info: model, sockets, cores, threads and cache sizes, from /proc and /sys (sysconf fallback).
#include "core/stats.hpp"
#include "cpu/cpu_probes.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

namespace gpuguide::probes {
namespace {

namespace fs = std::filesystem;

std::string read_line(const fs::path& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

/// "32K", "1024K", "8M" as written in /sys/.../cache/index*/size → KiB.
std::optional<double> parse_cache_size_kib(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    std::size_t used = 0;
    double number = std::stod(text, &used);
    char suffix = used < text.size() ? text[used] : 'B';
    if (suffix == 'K')
        return number;
    if (suffix == 'M')
        return number * 1024;
    if (suffix == 'G')
        return number * 1024 * 1024;
    return number / 1024;
}

/// Cache sizes of cpu0 by name ("l1d", "l2", "l3") in KiB.
std::map<std::string, double> sys_caches() {
    std::map<std::string, double> sizes;
    fs::path base = "/sys/devices/system/cpu/cpu0/cache";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(base, ec)) {
        if (entry.path().filename().string().rfind("index", 0) != 0)
            continue;
        std::string level = read_line(entry.path() / "level");
        std::string type = read_line(entry.path() / "type");
        auto kib = parse_cache_size_kib(read_line(entry.path() / "size"));
        if (!kib || type == "Instruction")
            continue;
        std::string name = level == "1" ? "l1d" : "l" + level;
        sizes[name] = *kib;
    }
    return sizes;
}

std::optional<double> sysconf_kib(int name) {
    long bytes = sysconf(name);
    if (bytes <= 0)
        return std::nullopt;
    return double(bytes) / 1024;
}

class CpuInfoProbe final : public Probe {
  public:
    std::string_view key() const override { return "cpu.info"; }
    std::string_view description() const override {
        return "CPU model, sockets, cores, threads and cache sizes";
    }
    bool needs_gpu() const override { return false; }
    Support supported() const override { return {}; }

    nlohmann::json run(const ProbeContext&) override {
        std::set<std::string> packages, cores;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator("/sys/devices/system/cpu", ec)) {
            std::string name = entry.path().filename().string();
            if (name.rfind("cpu", 0) != 0 || name.size() < 4 || !isdigit(name[3]))
                continue;
            std::string package = read_line(entry.path() / "topology/physical_package_id");
            std::string core = read_line(entry.path() / "topology/core_id");
            if (package.empty())
                continue;
            packages.insert(package);
            cores.insert(package + ":" + core);
        }
        long threads = sysconf(_SC_NPROCESSORS_ONLN);
        auto caches = sys_caches();
        auto cache_metric = [&](const std::string& name, int sysconf_name) {
            auto it = caches.find(name);
            return value_metric(it != caches.end() ? std::optional<double>(it->second)
                                                   : sysconf_kib(sysconf_name),
                                "KiB");
        };
        nlohmann::json result = {
            {"model", cpu_model_name()},
            {"sockets",
             packages.empty() ? nlohmann::json(nullptr) : nlohmann::json(packages.size())},
            {"cores", cores.empty() ? nlohmann::json(threads) : nlohmann::json(cores.size())},
            {"threads", threads},
            {"caches",
             {{"l1d", cache_metric("l1d", _SC_LEVEL1_DCACHE_SIZE)},
              {"l2", cache_metric("l2", _SC_LEVEL2_CACHE_SIZE)},
              {"l3", cache_metric("l3", _SC_LEVEL3_CACHE_SIZE)}}}};
        return result;
    }
};

} // namespace

std::string cpu_model_name() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        // x86 says "model name", many ARM kernels only "Hardware" or "CPU part".
        for (const char* field : {"model name", "Hardware", "Processor"}) {
            if (line.rfind(field, 0) == 0) {
                auto colon = line.find(':');
                if (colon != std::string::npos && colon + 2 <= line.size())
                    return line.substr(colon + 2);
            }
        }
    }
    return "unknown CPU";
}

std::optional<std::size_t> last_level_cache_bytes() {
    auto caches = sys_caches();
    if (!caches.empty())
        return std::size_t(caches.rbegin()->second * 1024);
    for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
        long bytes = sysconf(name);
        if (bytes > 0)
            return std::size_t(bytes);
    }
    return std::nullopt;
}

std::unique_ptr<Probe> make_cpu_info_probe() {
    return std::make_unique<CpuInfoProbe>();
}

} // namespace gpuguide::probes
