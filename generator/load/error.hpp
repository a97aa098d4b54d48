#pragma once
/// Errors about the input. Every message names the file (and line where known) and says what to
/// do, so the CLI can print it as is and exit non-zero.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gpuguide {

/// A problem in the user's input (content, templates, measurements, options).
class InputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// "file:line: message" (or "file: message" when line is 0 or less).
std::string located(const std::filesystem::path& file, int line, std::string_view message);

/// Throws InputError with located(file, line, message).
[[noreturn]] void fail_at(const std::filesystem::path& file, int line, std::string_view message);

} // namespace gpuguide
