// Reference documents against the GPU catalogue: datasheet limits, one document per GPU model.
#include "measure/reference_check.hpp"

#include "load/book_data.hpp"
#include "load/error.hpp"
#include "load/files.hpp"
#include "load/json_lines.hpp"
#include "measure/figure.hpp"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string_view>

namespace gpuguide::measure {
namespace {

using json = nlohmann::json;

/// One device's GPU: its name as CUDA reports it and its catalogue record, if any.
struct DeviceGpu {
    std::string name;
    std::optional<CatalogueRecord> record;
    const json* pcie = nullptr; ///< gpu.specs' {"gen_max", "width_max", ...}
};

/// A limit: figures at `pattern` (under a device of the probe's result; `*` is any member) may
/// not exceed `factor` times the catalogue's `column` ("" : the PCIe link's rate).
struct Limit {
    std::string probe, pattern, column;
    double factor = 1.0;
};

// GEMM precisions and the catalogue column of their peak. FP8 with fast accumulation has FP8's.
constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kGemmPeaks{{
    {"fp64", "fp64_tflops"},
    {"fp32", "fp32_tflops"},
    {"tf32", "tf32_tensor_tflops"},
    {"bf16", "bf16_tensor_tflops"},
    {"fp16", "fp16_tensor_tflops"},
    {"fp8", "fp8_tensor_tflops"},
    {"fp8_fast_accum", "fp8_tensor_tflops"},
    {"int8", "int8_tensor_tops"},
}};

const std::vector<Limit>& limits() {
    static const std::vector<Limit> all = [] {
        std::vector<Limit> out;
        for (const auto* kernel : {"/copy", "/scale", "/add", "/triad"}) {
            out.push_back({"gpu.stream", kernel, "bandwidth_gbs"});
        }
        for (const auto& [precision, column] : kGemmPeaks) {
            // The catalogue's FP64 is the CUDA cores' peak; DGEMM runs on tensor cores at twice.
            const double factor = precision == "fp64" ? 2.0 : 1.0;
            const std::string at = "/precisions/" + std::string(precision);
            out.push_back({"gpu.gemm", at + "/best", std::string(column), factor});
            out.push_back({"gpu.gemm", at + "/sweep/*/throughput", std::string(column), factor});
        }
        for (const auto* copy : {"h2d_pinned", "d2h_pinned", "h2d_pageable", "d2h_pageable"}) {
            out.push_back({"gpu.transfer", std::string("/peak/") + copy, ""});
        }
        for (const auto* both : {"bidir_pinned", "bidir_pageable"}) {
            out.push_back({"gpu.transfer", std::string("/peak/") + both, "", 2.0});
        }
        return out;
    }();
    return all;
}

// Bytes a PCIe link moves each way per second and lane, in GB/s, before protocol overhead
// (PCI-SIG: 2.5 and 5 GT/s with 8b/10b, 8 to 32 GT/s with 128b/130b, 64 GT/s with FLIT).
std::optional<double> pcie_lane_gbs(int generation) {
    constexpr std::array<double, 6> kLane{0.25,
                                          0.5,
                                          8 * 128.0 / 130 / 8,
                                          16 * 128.0 / 130 / 8,
                                          32 * 128.0 / 130 / 8,
                                          64 * 242.0 / 256 / 8};
    if (generation < 1 || generation > static_cast<int>(kLane.size())) {
        return std::nullopt;
    }
    return kLane[static_cast<std::size_t>(generation - 1)];
}

const json* probe_result(const json& document, const std::string& probe) {
    const auto probes = document.find("probes");
    if (probes == document.end() || !probes->is_object()) {
        return nullptr;
    }
    const auto entry = probes->find(probe);
    if (entry == probes->end() || !entry->is_object() || entry->value("status", "") != "ok") {
        return nullptr;
    }
    const auto result = entry->find("result");
    return result == entry->end() || !result->is_object() ? nullptr : &*result;
}

// `object`'s member `key` as an array (empty when it is not one), without copying it.
const json& array_at(const json& object, const char* key) {
    static const json kNone = json::array();
    if (!object.is_object()) {
        return kNone;
    }
    const auto found = object.find(key);
    return found != object.end() && found->is_array() ? *found : kNone;
}

// Device `index`'s GPU, from gpu.specs (name, PCIe link) or else the provenance's list.
DeviceGpu device_gpu(const Book& book, const json& document, const json& index) {
    DeviceGpu gpu;
    if (const auto* specs = probe_result(document, "gpu.specs")) {
        for (const auto& device : array_at(*specs, "devices")) {
            if (device.is_object() && device.value("index", json()) == index) {
                gpu.name = device.value("name", "");
                if (const auto pcie = device.find("pcie"); pcie != device.end()) {
                    gpu.pcie = &*pcie;
                }
            }
        }
    }
    if (gpu.name.empty() && document.contains("provenance")) {
        for (const auto& listed : array_at(document["provenance"], "gpus")) {
            if (listed.is_object() && listed.value("index", json()) == index) {
                gpu.name = listed.value("name", "");
            }
        }
    }
    gpu.record = find_gpu_record(book, gpu.name);
    return gpu;
}

// Calls `visit(node, pointer)` for each member of `node` at `pattern` ("/a/*/b").
void each_at(const json& node, std::string_view pattern, const std::string& pointer,
             const std::function<void(const json&, const std::string&)>& visit) {
    if (pattern.empty()) {
        visit(node, pointer);
        return;
    }
    const auto end = pattern.find('/', 1);
    const auto token = pattern.substr(1, end == std::string_view::npos ? end : end - 1);
    const auto rest = end == std::string_view::npos ? std::string_view() : pattern.substr(end);
    if (node.is_array() && token == "*") {
        for (std::size_t i = 0; i < node.size(); ++i) {
            each_at(node[i], rest, pointer + "/" + std::to_string(i), visit);
        }
    } else if (node.is_object() && token == "*") {
        for (const auto& [key, child] : node.items()) {
            each_at(child, rest, pointer + "/" + key, visit);
        }
    } else if (node.is_object()) {
        if (const auto child = node.find(std::string(token)); child != node.end()) {
            each_at(*child, rest, pointer + "/" + std::string(token), visit);
        }
    }
}

std::string record_name(const CatalogueRecord& record) {
    const json name = record.record->value("name", json(record.key));
    const auto& english = localized(name, "en");
    return english.is_string() ? english.get<std::string>() : record.key;
}

// The limit on one device's figures at `limit`, in `unit`, and where it comes from; nullopt when
// the catalogue (or the measured PCIe link) gives none.
struct Bound {
    double value = 0;
    std::string unit, source;
};

std::optional<Bound> bound_of(const Limit& limit, const DeviceGpu& gpu) {
    if (limit.column.empty()) {
        if (gpu.pcie == nullptr || !gpu.pcie->is_object()) {
            return std::nullopt;
        }
        const auto generation = gpu.pcie->value("gen_max", json());
        const auto width = gpu.pcie->value("width_max", json());
        if (!generation.is_number_integer() || !width.is_number_integer()) {
            return std::nullopt;
        }
        const auto lane = pcie_lane_gbs(generation.get<int>());
        if (!lane || width.get<int>() < 1) {
            return std::nullopt;
        }
        return Bound{*lane * width.get<int>() * limit.factor, "GB/s",
                     "what its PCIe Gen " + std::to_string(generation.get<int>()) + " x" +
                         std::to_string(width.get<int>()) + " link carries" +
                         (limit.factor == 2.0 ? " both ways" : " each way") +
                         " (gpu.specs' gen_max and width_max)"};
    }
    if (!gpu.record) {
        return std::nullopt;
    }
    const auto figure = gpu.record->record->find(limit.column);
    if (figure == gpu.record->record->end() || !figure->is_number()) {
        return std::nullopt;
    }
    return Bound{figure->get<double>() * limit.factor, column_unit(*gpu.record->data, limit.column),
                 (limit.factor == 2.0 ? "twice " : std::string()) + "the datasheet's " +
                     limit.column + " of " + record_name(*gpu.record) + " (" +
                     gpu.record->data->path.generic_string() + ", record " + gpu.record->key + ")"};
}

void check_limits(const Book& book, const HostDocument& document) {
    for (const auto& limit : limits()) {
        const auto* result = probe_result(document.json, limit.probe);
        if (result == nullptr) {
            continue;
        }
        const auto& devices = array_at(*result, "devices");
        for (std::size_t d = 0; d < devices.size(); ++d) {
            if (!devices[d].is_object()) {
                continue;
            }
            // A device without its "index" is the d-th GPU (documents written by hand).
            const auto gpu = device_gpu(book, document.json, devices[d].value("index", json(d)));
            const auto bound = bound_of(limit, gpu);
            if (!bound) {
                continue;
            }
            const std::string base =
                "/probes/" + limit.probe + "/result/devices/" + std::to_string(d);
            each_at(
                devices[d], limit.pattern, base, [&](const json& metric, const std::string& at) {
                    const auto figure = numeric(metric);
                    const auto unit = unit_of(metric);
                    const auto converted =
                        figure ? convert_unit(*figure, unit, bound->unit) : std::nullopt;
                    if (!converted || *converted <= bound->value) {
                        return;
                    }
                    const std::string pointer =
                        at + (metric.contains("median") ? "/median" : "/value");
                    fail_at(
                        document.file, json_pointer_line(read_file(document.file), pointer),
                        pointer + " = " + format_number(*figure) + " " + unit + " on GPU " +
                            std::to_string(d) + " (" + gpu.name + ") is above its limit, " +
                            format_number(bound->value) + " " + bound->unit + ", " + bound->source +
                            ". No measurement exceeds its datasheet: this means a wrong unit, a "
                            "GPU other than the one named, or a broken run; measure again "
                            "(content/measurements/README.md) rather than editing the figure");
                });
        }
    }
}

} // namespace

std::vector<std::string> check_reference_documents(const Book& book,
                                                   const std::vector<HostDocument>& documents) {
    std::vector<std::string> warnings;
    std::map<std::string, const HostDocument*> by_model;
    const bool has_catalogue = book.data.count(kGpuCatalogue) != 0;
    for (const auto& document : documents) {
        if (document.origin != Origin::Reference || document.placeholder()) {
            continue;
        }
        const std::string gpu = machine_name(document, HostPart::Gpu);
        if (gpu.empty()) {
            continue; // a CPU-only host: no GPU model to compare or look up
        }
        if (const auto [earlier, added] = by_model.emplace(gpu, &document); !added) {
            fail_at(document.file, 0,
                    "measures the same GPU model (" + gpu + ") as " +
                        earlier->second->file.generic_string() +
                        "; the guide keeps one reference document per GPU model: keep the newer "
                        "measurement and remove the other file (content/measurements/README.md)");
        }
        if (has_catalogue && !find_gpu_record(book, gpu)) {
            warnings.push_back(
                document.file.generic_string() + ": warning: its GPU, " + gpu +
                ", is not in the catalogue " + book.data.at(kGpuCatalogue).path.generic_string() +
                "; pages show it as unknown, without datasheet figures or limits (add the name "
                "to a record's cuda_names)");
        }
        check_limits(book, document);
    }
    return warnings;
}

} // namespace gpuguide::measure
