#include "schema/schema.hpp"

namespace gpuguide::probes::schema {

std::vector<ValidationError> validate_document(const nlohmann::json& document) {
    std::vector<ValidationError> errors;
    if (!document.is_object()) errors.push_back({"", "a measurement document is a JSON object"});
    return errors;
}

}  // namespace gpuguide::probes::schema
