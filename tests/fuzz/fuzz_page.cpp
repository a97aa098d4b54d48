// Fuzzes the whole page pipeline on one Markdown file: front matter, cmark-gfm parsing, heading
// anchors, directives, link rewriting, search text, the print copy and the layout template, as
// `gpuguide build` runs them for the base book's memory.md. Refusing with InputError is fine.
#include "fixture.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto& fx = gpuguide::fuzz::fixture();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    gpuguide::fuzz::refusing_bad_input([&] {
        gpuguide::Language language = fx.book.languages.front();
        const auto index = static_cast<std::size_t>(language.page_by_source.at("memory.md"));
        gpuguide::Page& page = language.pages[index];
        page.meta = nlohmann::json::object();
        gpuguide::parse_front_matter(page, text);
        const auto rendered = gpuguide::render::render_page(fx.site, language, index);
        (void)rendered.html.size();
    });
    return 0;
}
