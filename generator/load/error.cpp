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

Failure failure_of(std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const InputError& input) {
        return {kExitInput, input.what()};
    } catch (const InternalError& internal) {
        return {kExitInternal,
                std::string("gpuguide: internal error: ") + internal.what() +
                    "\nThis is a bug in gpuguide, not a problem with your book or options; please "
                    "report it with the command you ran."};
    } catch (const std::exception& other) {
        return {kExitOther, std::string("gpuguide: ") + other.what()};
    } catch (...) {
        return {kExitInternal, "gpuguide: internal error: an unknown exception\nThis is a bug in "
                               "gpuguide; please report it with the command you ran."};
    }
}

void fail_at(const std::filesystem::path& file, int line, std::string_view message) {
    throw InputError(located(file, line, message));
}

} // namespace gpuguide
