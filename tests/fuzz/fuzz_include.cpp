// Fuzzes mdBook's link preprocessor (generator/preprocess/links.cpp): the input is a page of the
// book in tests/books/mdbook-features/, as if it were src/guide/fuzz.md, so that `{{#include}}`,
// `{{#rustdoc_include}}`, `{{#playground}}` and `{{#title}}` with their line ranges and anchors
// read the real files next to it (listing.rs, README.md, ../SUMMARY.md, ...). Nothing is
// written; includes stay inside the book's folder (include-outside-book is false, so the fuzzer
// cannot make the process read the rest of the machine). Refusing with InputError is the
// expected outcome; any other exception, a crash or a sanitizer report is a finding.
#include "load/error.hpp"
#include "preprocess/links.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace {
const std::filesystem::path kBook =
    std::filesystem::path(GPUGUIDE_SOURCE_DIR) / "tests/books/mdbook-features";
const std::filesystem::path kPage = kBook / "src/guide/fuzz.md";
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const gpuguide::preprocess::LinkOptions options{.book_root = kBook, .allow_outside = false};
    std::string title;
    try {
        const auto expanded = gpuguide::preprocess::expand_links(text, kPage, 1, options, title);
        if (text.find("{{") == std::string_view::npos && expanded != text) {
            __builtin_trap(); // a page without expressions comes out as it went in
        }
    } catch (const gpuguide::InputError& error) {
        if (!std::string_view(error.what()).starts_with(kBook.generic_string())) {
            __builtin_trap(); // every refusal names the file (the page or an included one)
        }
    }
    return 0;
}
