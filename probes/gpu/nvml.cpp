#include "gpu/nvml.hpp"

namespace gpuguide::probes::gpu {
namespace {

using Return = int; // nvmlReturn_t; 0 is NVML_SUCCESS
using Device = Nvml::Device;
using InitFn = Return (*)();
using TextFn = Return (*)(char*, unsigned);
using HandleByBusFn = Return (*)(const char*, Device*);
using DeviceTextFn = Return (*)(Device, char*, unsigned);
using ClockFn = Return (*)(Device, int, unsigned*);
using UintFn = Return (*)(Device, unsigned*);
using UllFn = Return (*)(Device, unsigned long long*);
using EccFn = Return (*)(Device, int*, int*);

constexpr unsigned kTextLength = 96; // NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE is 80, UUID 80

} // namespace

Nvml& Nvml::instance() {
    static Nvml nvml;
    return nvml;
}

Nvml::Nvml() {
    if (!library_.loaded()) {
        error_ = "NVML (libnvidia-ml.so.1) not found: no NVIDIA driver on this machine";
        return;
    }
    auto init = reinterpret_cast<InitFn>(symbol("nvmlInit_v2"));
    if (!init) {
        error_ = "libnvidia-ml.so.1 has no nvmlInit_v2 (driver too old)";
        return;
    }
    if (Return rc = init(); rc != 0) {
        error_ = "nvmlInit_v2 failed with NVML error " + std::to_string(rc);
        return;
    }
    available_ = true;
}

void* Nvml::symbol(const char* name) const {
    return library_.symbol(name);
}

std::optional<std::string> Nvml::driver_version() const {
    auto fn = reinterpret_cast<TextFn>(symbol("nvmlSystemGetDriverVersion"));
    char text[kTextLength] = {};
    if (!available_ || !fn || fn(text, kTextLength) != 0)
        return std::nullopt;
    return std::string(text);
}

std::optional<Device> Nvml::device(const std::string& pci_bus_id) const {
    auto fn = reinterpret_cast<HandleByBusFn>(symbol("nvmlDeviceGetHandleByPciBusId_v2"));
    Device device = nullptr;
    if (!available_ || !fn || fn(pci_bus_id.c_str(), &device) != 0)
        return std::nullopt;
    return device;
}

std::optional<std::string> Nvml::device_text(Device device, const char* function) const {
    auto fn = reinterpret_cast<DeviceTextFn>(symbol(function));
    char text[kTextLength] = {};
    if (!available_ || !fn || fn(device, text, kTextLength) != 0)
        return std::nullopt;
    return std::string(text);
}

std::optional<std::string> Nvml::uuid(Device device) const {
    return device_text(device, "nvmlDeviceGetUUID");
}

std::optional<std::string> Nvml::vbios_version(Device device) const {
    return device_text(device, "nvmlDeviceGetVbiosVersion");
}

static std::optional<unsigned long long> clock_query(const Nvml& nvml, void* fn_pointer,
                                                     Device device, Nvml::Clock which) {
    auto fn = reinterpret_cast<ClockFn>(fn_pointer);
    unsigned value = 0;
    if (!nvml.available() || !fn || fn(device, int(which), &value) != 0)
        return std::nullopt;
    return value;
}

std::optional<unsigned long long> Nvml::clock(Device device, Clock which) const {
    return clock_query(*this, symbol("nvmlDeviceGetClockInfo"), device, which);
}

static std::optional<unsigned long long> uint_query(const Nvml& nvml, void* fn_pointer,
                                                    Device device) {
    auto fn = reinterpret_cast<UintFn>(fn_pointer);
    unsigned value = 0;
    if (!nvml.available() || !fn || fn(device, &value) != 0)
        return std::nullopt;
    return value;
}

std::optional<unsigned long long> Nvml::power_limit_mw(Device device) const {
    return uint_query(*this, symbol("nvmlDeviceGetPowerManagementLimit"), device);
}

std::optional<unsigned long long> Nvml::total_energy_mj(Device device) const {
    auto fn = reinterpret_cast<UllFn>(symbol("nvmlDeviceGetTotalEnergyConsumption"));
    unsigned long long value = 0;
    if (!available_ || !fn || fn(device, &value) != 0)
        return std::nullopt;
    return value;
}

std::optional<unsigned long long> Nvml::clocks_event_reasons(Device device) const {
    // Drivers before R535 only have the older name of the same function.
    void* fn_pointer = symbol("nvmlDeviceGetCurrentClocksEventReasons");
    if (!fn_pointer)
        fn_pointer = symbol("nvmlDeviceGetCurrentClocksThrottleReasons");
    auto fn = reinterpret_cast<UllFn>(fn_pointer);
    unsigned long long value = 0;
    if (!available_ || !fn || fn(device, &value) != 0)
        return std::nullopt;
    return value;
}

std::optional<unsigned long long> Nvml::pcie_generation(Device device, bool maximum) const {
    return uint_query(*this,
                      symbol(maximum ? "nvmlDeviceGetMaxPcieLinkGeneration"
                                     : "nvmlDeviceGetCurrPcieLinkGeneration"),
                      device);
}

std::optional<unsigned long long> Nvml::pcie_width(Device device, bool maximum) const {
    return uint_query(
        *this, symbol(maximum ? "nvmlDeviceGetMaxPcieLinkWidth" : "nvmlDeviceGetCurrPcieLinkWidth"),
        device);
}

std::optional<bool> Nvml::ecc_enabled(Device device) const {
    auto fn = reinterpret_cast<EccFn>(symbol("nvmlDeviceGetEccMode"));
    int current = 0, pending = 0; // nvmlEnableState_t: 0 disabled, 1 enabled
    if (!available_ || !fn || fn(device, &current, &pending) != 0)
        return std::nullopt;
    return current == 1;
}

std::vector<std::string> Nvml::describe_clocks_event_reasons(unsigned long long mask) {
    // Bit values of nvmlClocksEventReason* in nvml.h.
    static const std::pair<unsigned long long, const char*> names[] = {
        {0x1, "gpu_idle"},
        {0x2, "applications_clocks_setting"},
        {0x4, "sw_power_cap"},
        {0x8, "hw_slowdown"},
        {0x10, "sync_boost"},
        {0x20, "sw_thermal_slowdown"},
        {0x40, "hw_thermal_slowdown"},
        {0x80, "hw_power_brake_slowdown"},
        {0x100, "display_clock_setting"}};
    std::vector<std::string> set;
    for (const auto& [bit, name] : names)
        if (mask & bit)
            set.emplace_back(name);
    return set;
}

} // namespace gpuguide::probes::gpu
