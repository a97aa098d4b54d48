// A collection's record as JSON and back (record.hpp).
#include "fleet/record.hpp"

#include "fleet/json_text.hpp"
#include "fleet/simd_value.hpp"
#include "load/files.hpp"

#include <climits>

namespace gpuguide::fleet {
namespace {

using nlohmann::json;

constexpr const char* kRecordFormat = "gpuguide-fleet-collection";
constexpr int kRecordVersion = 1;

/// The quick reading gives up (record_from_json then decides) on anything record_text would not
/// have written.
struct NotAsWritten {};

std::string text_of(const std::optional<SimdValue>& value) {
    if (!value || !value->is_string()) {
        throw NotAsWritten{};
    }
    return std::string(value->text());
}

std::int64_t integer_of(const std::optional<SimdValue>& value) {
    if (!value || !value->is_integer() ||
        (value->is_unsigned() && value->unsigned_integer() > INT64_MAX)) {
        throw NotAsWritten{};
    }
    return value->is_unsigned() ? static_cast<std::int64_t>(value->unsigned_integer())
                                : value->integer();
}

std::uint64_t count_of(const std::optional<SimdValue>& value) {
    if (!value || !value->is_unsigned()) {
        throw NotAsWritten{};
    }
    return value->unsigned_integer();
}

double number_of(const SimdValue& value) {
    if (!value.is_number()) {
        throw NotAsWritten{};
    }
    return value.number();
}

std::vector<std::string> texts_of(const std::optional<SimdValue>& value) {
    if (!value || !value->is_array()) {
        throw NotAsWritten{};
    }
    std::vector<std::string> texts;
    value->each_element(
        [&](std::size_t, const SimdValue& item) { texts.push_back(text_of(item)); });
    return texts;
}

HostRow row_quickly(const SimdValue& item) {
    if (!item.is_object()) {
        throw NotAsWritten{};
    }
    HostRow row;
    row.host = text_of(item.find("host"));
    row.file = text_of(item.find("file"));
    row.gpu_model = text_of(item.find("gpu_model"));
    row.gpus = static_cast<int>(integer_of(item.find("gpus")));
    row.cpu = text_of(item.find("cpu"));
    row.driver = text_of(item.find("driver"));
    row.cuda = text_of(item.find("cuda"));
    row.vbios = text_of(item.find("vbios"));
    row.ecc = text_of(item.find("ecc"));
    row.date = text_of(item.find("date"));
    row.probe_version = text_of(item.find("probe_version"));
    row.failed = texts_of(item.find("failed"));
    row.size = static_cast<std::uintmax_t>(count_of(item.find("size")));
    row.mtime_ns = integer_of(item.find("mtime_ns"));
    const auto figures = item.find("figures");
    if (!figures || !figures->is_array()) {
        throw NotAsWritten{};
    }
    figures->each_element([&](std::size_t, const SimdValue& figure) {
        if (figure.is_null()) {
            row.figures.emplace_back();
            return;
        }
        std::vector<SimdValue> parts;
        if (figure.is_array()) {
            figure.each_element([&](std::size_t, const SimdValue& part) { parts.push_back(part); });
        }
        if (parts.size() != 3) {
            throw NotAsWritten{};
        }
        row.figures.push_back(
            Figure{number_of(parts[0]), static_cast<int>(integer_of(parts[1])),
                   parts[2].is_null() ? std::nullopt : std::optional(number_of(parts[2]))});
    });
    if (row.figures.size() != headlines().size()) {
        throw NotAsWritten{};
    }
    return row;
}

std::vector<HostRow> rows_quickly(const std::optional<SimdValue>& index) {
    if (!index || !index->is_object() || text_of(index->find("format")) != kRowsFormat ||
        integer_of(index->find("version")) != kRowsVersion ||
        texts_of(index->find("figures")).size() != headlines().size()) {
        throw NotAsWritten{};
    }
    std::size_t k = 0;
    for (const auto& key : texts_of(index->find("figures"))) {
        if (key != headlines()[k++].key) {
            throw NotAsWritten{};
        }
    }
    const auto items = index->find("rows");
    if (!items || !items->is_array()) {
        throw NotAsWritten{};
    }
    std::vector<HostRow> rows;
    items->each_element(
        [&](std::size_t, const SimdValue& item) { rows.push_back(row_quickly(item)); });
    return rows;
}

} // namespace

std::string record_text(const CollectionRecord& record) {
    std::string out;
    out.reserve(512 + record.asked.size() * 64 + record.rows.size() * 768);
    JsonText writer(out);
    out += '{';
    writer.member("format", kRecordFormat, true);
    writer.member("version", kRecordVersion);
    writer.member("job", record.job);
    writer.member("date", record.date);
    writer.key("asked");
    out += '[';
    for (std::size_t i = 0; i < record.asked.size(); ++i) {
        const auto& node = record.asked[i];
        out += i == 0 ? "\n{" : ",\n{";
        writer.member("node", node.node, true);
        writer.member("task", node.task);
        writer.member("fault", node.fault);
        out += '}';
    }
    out += ']';
    writer.member("cluster", record.cluster);
    writer.key("index");
    write_rows(writer, record.rows);
    out += "}\n";
    return out;
}

std::optional<CollectionRecord> record_from_json(const json& record) {
    try {
        if (record.value("format", "") != kRecordFormat ||
            record.value("version", 0) != kRecordVersion) {
            return std::nullopt;
        }
        CollectionRecord result;
        result.job = record.at("job").get<std::string>();
        result.date = record.at("date").get<std::string>();
        for (const auto& node : record.at("asked")) {
            result.asked.push_back({node.at("node").get<std::string>(),
                                    node.at("task").get<std::string>(),
                                    node.at("fault").get<std::string>()});
        }
        result.cluster = record.value("cluster", std::vector<std::string>{});
        if (auto rows = rows_from_json(record.at("index"))) {
            result.rows = std::move(*rows);
        }
        return result;
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

std::optional<CollectionRecord> record_quickly(std::string_view text) {
    element root;
    if (thread_parser().parse(text.data(), text.size()).get(root) != simdjson::SUCCESS) {
        return std::nullopt;
    }
    const SimdValue record(root);
    try {
        if (!record.is_object() || text_of(record.find("format")) != kRecordFormat ||
            integer_of(record.find("version")) != kRecordVersion) {
            throw NotAsWritten{};
        }
        CollectionRecord result;
        result.job = text_of(record.find("job"));
        result.date = text_of(record.find("date"));
        const auto asked = record.find("asked");
        if (!asked || !asked->is_array()) {
            throw NotAsWritten{};
        }
        asked->each_element([&](std::size_t, const SimdValue& node) {
            if (!node.is_object()) {
                throw NotAsWritten{};
            }
            result.asked.push_back({text_of(node.find("node")), text_of(node.find("task")),
                                    text_of(node.find("fault"))});
        });
        result.cluster = texts_of(record.find("cluster"));
        result.rows = rows_quickly(record.find("index"));
        return result;
    } catch (const NotAsWritten&) {
        return std::nullopt;
    }
}

std::optional<CollectionRecord> read_record(const std::filesystem::path& file) {
    std::string text;
    try {
        text = read_file(file);
    } catch (const std::exception&) {
        return std::nullopt; // missing or unreadable
    }
    if (auto record = record_quickly(text)) {
        return record;
    }
    try {
        return record_from_json(json::parse(text));
    } catch (const json::exception&) {
        return std::nullopt;
    }
}

} // namespace gpuguide::fleet
