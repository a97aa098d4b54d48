#include "core/devices.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace gpuguide::probes {

std::vector<int> parse_device_list(std::string_view text) {
    std::vector<int> devices;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = std::min(text.find(',', start), text.size());
        std::string_view item = text.substr(start, comma - start);
        int index = -1;
        auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), index);
        if (item.empty() || error != std::errc() || end != item.data() + item.size() || index < 0)
            throw std::invalid_argument("--devices " + std::string(text) + ": '" +
                                        std::string(item) +
                                        "' is not a device index (expected e.g. 0,3)");
        if (std::count(devices.begin(), devices.end(), index))
            throw std::invalid_argument("--devices " + std::string(text) + ": device " +
                                        std::to_string(index) + " is listed twice");
        devices.push_back(index);
        start = comma + 1;
    }
    return devices;
}

std::string device_list_text(const std::vector<int>& devices) {
    std::string text;
    for (int device : devices) {
        if (!text.empty())
            text += ',';
        text += std::to_string(device);
    }
    return text;
}

std::vector<int> devices_to_measure(const std::vector<int>& requested, int visible) {
    if (requested.empty()) {
        std::vector<int> all(std::max(visible, 0));
        for (int i = 0; i < visible; ++i)
            all[i] = i;
        return all;
    }
    for (int device : requested)
        if (device >= visible)
            throw std::invalid_argument(
                "--devices: device " + std::to_string(device) + " is not visible (this machine " +
                (visible > 0 ? "has devices 0 to " + std::to_string(visible - 1)
                             : std::string("has no CUDA device")) +
                ")");
    return requested;
}

} // namespace gpuguide::probes
