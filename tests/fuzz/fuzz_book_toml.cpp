// Fuzzes book.toml (generator/load/book_toml.cpp): toml++'s parser, then the keys gpuguide reads
// from [book], [build] and [output.html] and the warning for every other key. The input is the
// whole file, read as if it were tests/books/mdbook-features/book.toml. Refusing with InputError
// is the expected outcome; any other exception, a crash or a sanitizer report is a finding.
#include "load/book_toml.hpp"
#include "load/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto config =
            gpuguide::parse_book_toml(text, "tests/books/mdbook-features/book.toml");
        if (config.src.empty() || config.src.is_absolute() || config.build_dir.empty() ||
            config.build_dir.is_absolute()) {
            __builtin_trap(); // accepted, yet src or build-dir is not a relative folder
        }
        for (const auto& warning : config.warnings) {
            if (!warning.starts_with("tests/books/mdbook-features/book.toml:")) {
                __builtin_trap(); // every warning names the file and a line
            }
        }
    } catch (const gpuguide::InputError&) {
    }
    return 0;
}
