#include "fixture.hpp"

namespace gpuguide::fuzz {
namespace {
const std::filesystem::path kContent =
    std::filesystem::path(GPUGUIDE_SOURCE_DIR) / "tests/bad-input/base/content";
} // namespace

Fixture::Fixture()
    : book(load_book(kContent)),
      store(std::nullopt, measure::load_reference_documents(kContent / "measurements/reference")),
      templates(std::filesystem::path(GPUGUIDE_SOURCE_DIR) / "templates"),
      strings{{"en", ui::Strings::built_in("en")}, {"zh", ui::Strings::built_in("zh")}},
      site{book,    store, templates, options, "2026-11-21", strings, nullptr, {}, {},
           render::shared_views(strings)} {}

const Fixture& fixture() {
    static const Fixture instance; // lives as long as the fuzzing process
    return instance;
}

} // namespace gpuguide::fuzz
