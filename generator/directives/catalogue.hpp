#pragma once
/// Datasheet figures of a measured GPU: the record of the book's GPU catalogue (the data file
/// `gpus`, content/data/gpus.json in the guide) whose `cuda_names` lists the GPU's name as CUDA
/// reports it ("NVIDIA H200"). Tables, estimates and the roofline set these beside measured
/// figures as figures of kind datasheet (docs/src/design/measurements.md "What a figure is").
#include "directives/internal.hpp"

#include <optional>
#include <string>

namespace gpuguide::directives {

struct CatalogueGpu {
    const DataFile* data = nullptr;
    std::string key; ///< the record's key ("h200")
    const nlohmann::json* record = nullptr;
    std::string name; ///< its name in the page's language ("H200 SXM 141GB")
};

/// The catalogue record of the GPU `document` measured (its provenance's first GPU); nullopt when
/// the document names no GPU, the book has no catalogue, or no record lists the name.
std::optional<CatalogueGpu> catalogue_gpu(const Context& context,
                                          const measure::HostDocument* document);

/// Why `document`'s GPU has no datasheet figures: "the catalogue content/data/gpus.json has no
/// record for NVIDIA X (add its name to a record's cuda_names)", or that no GPU was measured.
std::string no_catalogue_reason(const Context& context, const measure::HostDocument* document);

/// The record's `field` as a metric ({"value", "unit"}) in the column's unit; nullopt when the
/// record has no number there. InputError through `body`-less callers is theirs: the field must
/// be a column of the catalogue (check_column).
std::optional<nlohmann::json> datasheet_metric(const CatalogueGpu& gpu, const std::string& field);

/// A datasheet figure's title: "H200 SXM 141GB datasheet, from the catalogue (GPU catalogue, as
/// of 2026-11-26), not a measurement".
std::string datasheet_title(const CatalogueGpu& gpu, const Context& context);

} // namespace gpuguide::directives
