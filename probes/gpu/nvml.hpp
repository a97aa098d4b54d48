// NVML loaded at run time with dlopen("libnvidia-ml.so.1"): there is no nvml.h in the CUDA
// toolkit used here, and machines without the driver must still run the probes. Only the few
// functions the probes use are declared, with the signatures of NVIDIA's nvml.h.
#pragma once

#include "core/dynamic_library.hpp"
#include "core/library_search.hpp"

#include <optional>
#include <string>
#include <vector>

namespace gpuguide::probes::gpu {

class Nvml {
  public:
    using Device = struct nvmlDevice_st*; ///< nvml.h's nvmlDevice_t
    enum class Clock : int { Graphics = 0, Sm = 1, Memory = 2 };

    /// The process-wide NVML, loaded and initialised on first use.
    static Nvml& instance();

    bool available() const { return available_; }
    /// Why NVML is unavailable ("libnvidia-ml.so.1 not found", "nvmlInit_v2 failed: 9").
    const std::string& error() const { return error_; }

    std::optional<std::string> driver_version() const;
    /// The NVML handle of the device at this PCI bus id (as CUDA reports it).
    std::optional<Device> device(const std::string& pci_bus_id) const;
    std::optional<std::string> uuid(Device device) const;
    /// The board's VBIOS version ("96.00.89.00.01"), which fleets compare within a node type.
    std::optional<std::string> vbios_version(Device device) const;
    std::optional<unsigned long long> clock(Device device, Clock which) const; ///< MHz now
    std::optional<unsigned long long> power_limit_mw(Device device) const;
    /// Energy since the driver loaded, in millijoules (Volta and newer).
    std::optional<unsigned long long> total_energy_mj(Device device) const;
    std::optional<unsigned long long> clocks_event_reasons(Device device) const;
    std::optional<unsigned long long> pcie_generation(Device device, bool maximum) const;
    std::optional<unsigned long long> pcie_width(Device device, bool maximum) const;
    /// ECC currently enabled; nullopt where the GPU has no ECC or NVML cannot say.
    std::optional<bool> ecc_enabled(Device device) const;

    /// Names of the set bits of a clocks-event-reasons mask ("sw_power_cap", "hw_slowdown", ...).
    static std::vector<std::string> describe_clocks_event_reasons(unsigned long long mask);

  private:
    Nvml();
    void* symbol(const char* name) const;
    /// A text query of one device (nvmlDeviceGetUUID and the like); nullopt on any failure.
    std::optional<std::string> device_text(Device device, const char* function) const;
    DynamicLibrary library_{"libnvidia-ml.so.1", driver_library_folders()};
    bool available_ = false;
    std::string error_;
};

} // namespace gpuguide::probes::gpu
