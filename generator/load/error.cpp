#include "load/error.hpp"

namespace gpuguide {

std::string located(const std::filesystem::path& file, int line, std::string_view message) {
    std::string out = file.generic_string();
    if (line > 0) {
        out += ':' + std::to_string(line);
    }
    out += ": ";
    out += message;
    return out;
}

void fail_at(const std::filesystem::path& file, int line, std::string_view message) {
    throw InputError(located(file, line, message));
}

} // namespace gpuguide
