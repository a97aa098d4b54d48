// Datasheet figures of a measured GPU, from the book's GPU catalogue.
#include "directives/catalogue.hpp"

#include "measure/figure.hpp"

namespace gpuguide::directives {
namespace {

std::string catalogue_title(const DataFile& data, const Context& context) {
    const nlohmann::json title_field = data.json.value("title", nlohmann::json(""));
    const auto& title = localized(title_field, context.lang);
    return title.is_string() ? title.get<std::string>() : "";
}

} // namespace

std::optional<CatalogueGpu> catalogue_gpu(const Context& context,
                                          const measure::HostDocument* document) {
    if (document == nullptr) {
        return std::nullopt;
    }
    const auto found =
        find_gpu_record(context.book, measure::machine_name(*document, measure::HostPart::Gpu));
    if (!found) {
        return std::nullopt;
    }
    const nlohmann::json name_field = found->record->value("name", nlohmann::json(found->key));
    const auto& shown = localized(name_field, context.lang);
    return CatalogueGpu{found->data, found->key, found->record,
                        shown.is_string() ? shown.get<std::string>() : found->key};
}

std::string no_catalogue_reason(const Context& context, const measure::HostDocument* document) {
    const std::string gpu =
        document ? measure::machine_name(*document, measure::HostPart::Gpu) : "";
    if (gpu.empty()) {
        return context.ui.text("datasheet_no_gpu");
    }
    const auto data = context.book.data.find(kGpuCatalogue);
    const std::string file = data == context.book.data.end()
                                 ? std::string("content/data/") + kGpuCatalogue + ".json"
                                 : data->second.path.generic_string();
    return context.ui.fill("datasheet_unknown_gpu", {gpu, file});
}

std::optional<nlohmann::json> datasheet_metric(const CatalogueGpu& gpu, const std::string& field) {
    const auto found = gpu.record->find(field);
    if (found == gpu.record->end() || !found->is_number()) {
        return std::nullopt;
    }
    return nlohmann::json{{"value", *found}, {"unit", column_unit(*gpu.data, field)}};
}

std::string datasheet_title(const CatalogueGpu& gpu, const Context& context) {
    return context.ui.fill("datasheet_cell_title",
                           {gpu.name, catalogue_title(*gpu.data, context),
                            gpu.data->json.value("as_of", std::string("—"))});
}

} // namespace gpuguide::directives
