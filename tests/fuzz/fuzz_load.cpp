// Fuzzes the loaders of the book's own text files: SUMMARY.md and a page's front matter.
// The first byte picks the parser, the rest is the file. Rejecting input with an InputError is
// the expected outcome; any other exception, a crash or a sanitizer report is a finding.
#include "load/book.hpp"
#include "load/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {
// SUMMARY.md links are checked against real files: use the bad-input base book, so that links
// to index.md, memory.md and catalogue.md resolve and the duplicate and numbering paths run.
const std::filesystem::path kSummary =
    std::filesystem::path(GPUGUIDE_SOURCE_DIR) / "tests/bad-input/base/content/en/SUMMARY.md";
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        if (data[0] % 2 == 0) {
            for (const auto& entry : gpuguide::parse_summary(kSummary, text)) {
                (void)entry.draft();
            }
        } else {
            gpuguide::Page page;
            page.source_path = "content/en/fuzz.md";
            gpuguide::parse_front_matter(page, text);
            (void)page.meta.size();
        }
    } catch (const gpuguide::InputError&) {
    }
    return 0;
}
