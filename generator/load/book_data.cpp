// Lookups in a book's data files (content/data/*.json): localised fields, column metadata and the
// GPU catalogue's records.
#include "load/book_data.hpp"

namespace gpuguide {

const nlohmann::json& localized(const nlohmann::json& value, const std::string& lang) {
    // Column metadata ({"en", "zh", "unit"}) and record text ({"en", "zh"}) are both localized
    // objects; anything without the page's language or English falls through unchanged.
    if (value.is_object()) {
        if (const auto found = value.find(lang); found != value.end()) {
            return *found;
        }
        if (const auto english = value.find("en"); english != value.end()) {
            return *english;
        }
    }
    return value;
}

std::string column_header(const DataFile& data, const std::string& field, const std::string& lang) {
    const auto columns = data.json.find("columns");
    if (columns != data.json.end() && columns->contains(field)) {
        const auto& header = localized((*columns)[field], lang);
        if (header.is_string()) {
            return header.get<std::string>();
        }
    }
    return field;
}

std::string column_unit(const DataFile& data, const std::string& field) {
    const auto columns = data.json.find("columns");
    if (columns != data.json.end() && columns->contains(field)) {
        return (*columns)[field].value("unit", std::string());
    }
    return "";
}

std::optional<CatalogueRecord> find_gpu_record(const Book& book, const std::string& gpu) {
    const auto data = book.data.find(kGpuCatalogue);
    if (gpu.empty() || data == book.data.end()) {
        return std::nullopt;
    }
    for (const auto& [key, record] : data->second.records_by_key) {
        const auto names = record->find("cuda_names");
        if (names == record->end() || !names->is_array()) {
            continue;
        }
        for (const auto& name : *names) {
            if (name.is_string() && name.get<std::string>() == gpu) {
                return CatalogueRecord{&data->second, key, record};
            }
        }
    }
    return std::nullopt;
}

} // namespace gpuguide
