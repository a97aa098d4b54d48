#pragma once
/// Lookups in a book's data files (content/data/*.json), shared by the directives and the checks
/// of the reference measurements: localised fields, column metadata, the GPU catalogue.
#include "load/book.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace gpuguide {

/// A field of a record in the page's language: {"en": ..., "zh": ...} objects pick `lang`.
const nlohmann::json& localized(const nlohmann::json& value, const std::string& lang);

/// Header of a data-file column in `lang` (falls back to English, then the field name), and unit.
std::string column_header(const DataFile& data, const std::string& field, const std::string& lang);
std::string column_unit(const DataFile& data, const std::string& field);

/// The data file that holds the GPU catalogue.
inline constexpr const char* kGpuCatalogue = "gpus";

/// A record of the GPU catalogue, in no particular language.
struct CatalogueRecord {
    const DataFile* data = nullptr;
    std::string key; ///< "h200"
    const nlohmann::json* record = nullptr;
};

/// The record of `book`'s GPU catalogue whose `cuda_names` lists `gpu` (the name CUDA reports);
/// nullopt when the book has no catalogue or no record lists the name.
std::optional<CatalogueRecord> find_gpu_record(const Book& book, const std::string& gpu);

} // namespace gpuguide
