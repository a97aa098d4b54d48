#pragma once
/// Errors about the input. Every message names the file (and line where known) and says what to
/// do, so the CLI can print it as is and exit non-zero.
#include <exception>
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

/// A bug in gpuguide, not a problem of the input: the build says so, and exits kExitInternal.
class InternalError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Exit statuses: 1 bad input (a file:line message), 2 anything else gpuguide could not do (a file
/// it cannot write, an unknown option), 70 an internal error (EX_SOFTWARE in sysexits.h).
inline constexpr int kExitInput = 1;
inline constexpr int kExitOther = 2;
inline constexpr int kExitInternal = 70;

/// How gpuguide ends for an exception that stopped it: the exit status and the message to print.
struct Failure {
    int status = kExitOther;
    std::string message;
};
Failure failure_of(std::exception_ptr error);

/// "file:line: message" (or "file: message" when line is 0 or less).
std::string located(const std::filesystem::path& file, int line, std::string_view message);

/// Throws InputError with located(file, line, message).
[[noreturn]] void fail_at(const std::filesystem::path& file, int line, std::string_view message);

} // namespace gpuguide
