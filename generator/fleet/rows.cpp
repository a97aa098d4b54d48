// Reading a fleet host's row out of its measurement document, and the index of rows.
#include "fleet/rows.hpp"

#include "fleet/json_text.hpp"
#include "measure/store.hpp"

#include <algorithm>
#include <set>
#include <sys/stat.h>

namespace gpuguide::fleet {
namespace {

using nlohmann::json;

using measure::text_at;

// The value at `pointer` below `node` (null for a null node).
const json* at(const json* node, const std::string& pointer) {
    return node == nullptr ? nullptr : measure::value_at(*node, pointer);
}

const json* ok_result(const json& document, const char* probe) {
    const auto* entry = at(&document, std::string("/probes/") + probe);
    if (entry == nullptr || !entry->is_object() || entry->value("status", "") != "ok") {
        return nullptr;
    }
    return at(entry, "/result");
}

// The headline's value on one GPU (or the CPU), in the headline's unit.
std::optional<double> value_in(const json* node, const Headline& headline) {
    if (node == nullptr || !measure::numeric(*node)) {
        return std::nullopt;
    }
    return measure::convert_unit(*measure::numeric(*node), measure::unit_of(*node), headline.unit);
}

std::optional<Figure> figure_of(const json& document, const Headline& headline) {
    const auto* result = ok_result(document, headline.probe);
    const std::string pointer = headline.pointer;
    const auto star = pointer.find("/*/");
    if (star == std::string::npos) {
        const auto value = value_in(at(result, pointer), headline);
        return value ? std::optional<Figure>(Figure{*value, -1, std::nullopt}) : std::nullopt;
    }
    const auto* devices = at(result, pointer.substr(0, star));
    if (devices == nullptr || !devices->is_array()) {
        return std::nullopt;
    }
    std::optional<Figure> worst;
    const auto* specs = at(ok_result(document, "gpu.specs"), "/devices");
    for (std::size_t i = 0; i < devices->size(); ++i) {
        const auto value = value_in(at(&(*devices)[i], pointer.substr(star + 2)), headline);
        if (!value) {
            continue;
        }
        const bool worse =
            !worst || (headline.lower_is_better ? *value > worst->value : *value < worst->value);
        if (!worse) {
            continue;
        }
        const auto* device = &(*devices)[i];
        const int gpu = device->contains("index") && (*device)["index"].is_number_integer()
                            ? (*device)["index"].get<int>()
                            : static_cast<int>(i);
        worst = Figure{*value, gpu, std::nullopt};
        if (*headline.peak != '\0' && specs != nullptr) {
            const auto peak =
                value_in(at(specs, "/" + std::to_string(i) + headline.peak), headline);
            if (peak && *peak > 0) {
                worst->share = *value / *peak;
            }
        }
    }
    return worst;
}

// What the GPUs' gpu.specs say about firmware and ECC: distinct VBIOS versions, ECC on/off/mixed.
void gpu_settings(const json& document, HostRow& row) {
    const auto* devices = at(ok_result(document, "gpu.specs"), "/devices");
    if (devices == nullptr || !devices->is_array()) {
        return;
    }
    std::set<std::string> vbios, ecc;
    for (const auto& device : *devices) {
        if (device.contains("vbios") && device["vbios"].is_string()) {
            vbios.insert(device["vbios"].get<std::string>());
        }
        if (device.contains("ecc") && device["ecc"].is_boolean()) {
            ecc.insert(device["ecc"].get<bool>() ? "on" : "off");
        }
    }
    for (const auto& version : vbios) {
        row.vbios += (row.vbios.empty() ? "" : ", ") + version;
    }
    row.ecc = ecc.size() > 1 ? "mixed" : ecc.empty() ? "" : *ecc.begin();
}

} // namespace

const std::vector<Headline>& headlines() {
    static const std::vector<Headline> kHeadlines = {
        {"gpu_bandwidth", "gpu.stream", "/devices/*/triad", "/peak/memory_bandwidth", "GB/s",
         false},
        {"h2d_pinned", "gpu.transfer", "/devices/*/peak/h2d_pinned", "/peak/pcie_bandwidth", "GB/s",
         false},
        {"gemm_bf16", "gpu.gemm", "/devices/*/precisions/bf16/best", "/peak/bf16_tensor", "TFLOP/s",
         false},
        {"gemm_fp8", "gpu.gemm", "/devices/*/precisions/fp8/best", "/peak/fp8_tensor", "TFLOP/s",
         false},
        {"gemm_fp32", "gpu.gemm", "/devices/*/precisions/fp32/best", "/peak/fp32", "TFLOP/s",
         false},
        {"launch_latency", "gpu.latency", "/devices/*/launch", "", "µs", true},
        {"energy_efficiency", "gpu.power", "/devices/*/efficiency", "", "GFLOP/s/W", false},
        {"cpu_bandwidth", "cpu.stream", "/triad", "", "GB/s", false},
        {"cpu_gemm_fp64", "cpu.gemm", "/fp64", "", "GFLOP/s", false},
    };
    return kHeadlines;
}

HostRow row_of(const json& document, const std::string& file) {
    HostRow row;
    row.file = file;
    row.host = text_at(document, "/provenance/host");
    if (row.host.empty()) {
        row.host = std::filesystem::path(file).stem().string(); // as the store names it
    }
    if (const auto* found = at(&document, "/provenance/gpus"); found && found->is_array()) {
        const auto& gpus = *found;
        row.gpus = static_cast<int>(gpus.size());
        if (!gpus.empty() && gpus.front().is_object()) {
            row.gpu_model = gpus.front().value("name", std::string("?"));
        }
    }
    row.cpu = text_at(document, "/provenance/cpu");
    row.driver = text_at(document, "/provenance/driver");
    row.cuda = text_at(document, "/provenance/cuda_runtime");
    row.cuda = row.cuda.empty() ? text_at(document, "/provenance/cuda_driver") : row.cuda;
    row.date = text_at(document, "/provenance/date");
    row.probe_version = text_at(document, "/provenance/probe_version");
    gpu_settings(document, row);
    if (const auto* probes = at(&document, "/probes"); probes && probes->is_object()) {
        for (const auto& [key, entry] : probes->items()) {
            if (entry.is_object() && entry.value("status", "") == "failed") {
                row.failed.push_back(key);
            }
        }
    }
    for (const auto& headline : headlines()) {
        row.figures.push_back(figure_of(document, headline));
    }
    return row;
}

const std::vector<std::string>& row_paths() {
    static const std::vector<std::string> kPaths = [] {
        const std::string specs = "/probes/gpu.specs/result/devices/*";
        std::vector<std::string> paths = {"/provenance", "/probes/*/status", specs + "/vbios",
                                          specs + "/ecc"};
        for (const auto& headline : headlines()) {
            const std::string result = std::string("/probes/") + headline.probe + "/result";
            const std::string pointer = headline.pointer;
            paths.push_back(result + pointer);
            if (const auto star = pointer.find("/*/"); star != std::string::npos) {
                paths.push_back(result + pointer.substr(0, star) + "/*/index");
            }
            if (*headline.peak != '\0') {
                paths.push_back(specs + headline.peak);
            }
        }
        return paths;
    }();
    return kPaths;
}

void write_rows(JsonText& writer, const std::vector<HostRow>& rows) {
    auto& out = writer.out();
    out += '{';
    writer.member("format", kRowsFormat, true);
    writer.member("version", kRowsVersion);
    std::vector<std::string> keys;
    for (const auto& headline : headlines()) {
        keys.emplace_back(headline.key);
    }
    writer.member("figures", keys);
    writer.key("rows");
    out += '[';
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        out += r == 0 ? "\n{" : ",\n{"; // a row a line: the file stays readable and diffable
        writer.member("host", row.host, true);
        writer.member("file", row.file);
        writer.member("gpu_model", row.gpu_model);
        writer.member("gpus", row.gpus);
        writer.member("cpu", row.cpu);
        writer.member("driver", row.driver);
        writer.member("cuda", row.cuda);
        writer.member("vbios", row.vbios);
        writer.member("ecc", row.ecc);
        writer.member("date", row.date);
        writer.member("probe_version", row.probe_version);
        writer.member("failed", row.failed);
        writer.key("figures");
        out += '[';
        for (std::size_t f = 0; f < row.figures.size(); ++f) {
            out += f == 0 ? "" : ",";
            const auto& figure = row.figures[f];
            if (!figure) {
                writer.null();
                continue;
            }
            out += '[';
            writer.value(figure->value);
            out += ',';
            writer.value(figure->gpu);
            out += ',';
            figure->share ? writer.value(*figure->share) : writer.null();
            out += ']';
        }
        out += ']';
        writer.member("size", static_cast<std::uint64_t>(row.size));
        writer.member("mtime_ns", row.mtime_ns);
        out += '}';
    }
    out += "]}";
}

std::optional<std::vector<HostRow>> rows_from_json(const json& index) {
    json keys = json::array();
    for (const auto& headline : headlines()) {
        keys.push_back(headline.key);
    }
    // Another format, version or set of figures: the rows are read again from the documents.
    if (!index.is_object() || index.value("format", "") != kRowsFormat ||
        index.value("version", 0) != kRowsVersion || index.value("figures", json()) != keys ||
        !index.contains("rows") || !index["rows"].is_array()) {
        return std::nullopt;
    }
    std::vector<HostRow> rows;
    rows.reserve(index["rows"].size());
    try {
        for (const auto& item : index["rows"]) {
            HostRow row;
            row.host = item.at("host").get<std::string>();
            row.file = item.at("file").get<std::string>();
            row.gpu_model = item.at("gpu_model").get<std::string>();
            row.gpus = item.at("gpus").get<int>();
            row.cpu = item.at("cpu").get<std::string>();
            row.driver = item.at("driver").get<std::string>();
            row.cuda = item.at("cuda").get<std::string>();
            row.vbios = item.at("vbios").get<std::string>();
            row.ecc = item.at("ecc").get<std::string>();
            row.date = item.at("date").get<std::string>();
            row.probe_version = item.at("probe_version").get<std::string>();
            row.failed = item.at("failed").get<std::vector<std::string>>();
            row.size = item.at("size").get<std::uintmax_t>();
            row.mtime_ns = item.at("mtime_ns").get<std::int64_t>();
            for (const auto& figure : item.at("figures")) {
                if (figure.is_null()) {
                    row.figures.emplace_back();
                    continue;
                }
                row.figures.push_back(Figure{
                    figure.at(0).get<double>(), figure.at(1).get<int>(),
                    figure.at(2).is_null() ? std::nullopt
                                           : std::optional<double>(figure.at(2).get<double>())});
            }
            if (row.figures.size() != headlines().size()) {
                return std::nullopt;
            }
            rows.push_back(std::move(row));
        }
    } catch (const json::exception&) {
        return std::nullopt; // a damaged index is only a slower build
    }
    return rows;
}

void stamp(HostRow& row, const std::filesystem::path& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) == 0) {
        row.size = static_cast<std::uintmax_t>(info.st_size);
        row.mtime_ns = modification_ns(info);
    }
}

std::int64_t modification_ns(const struct ::stat& status) {
    return static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 +
           status.st_mtim.tv_nsec;
}

} // namespace gpuguide::fleet
