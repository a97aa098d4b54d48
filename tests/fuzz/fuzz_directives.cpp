// Fuzzes directive parsing and expansion: the input becomes the body of a `gg-*` block (the first
// byte picks which) or the text of an inline `value:`/`data:` span, on a page of the base book
// with its data file and reference measurement. Refusing with InputError is fine; any other
// exception, a crash or a sanitizer report is a finding.
#include "directives/directives.hpp"
#include "fixture.hpp"
#include "markdown/markdown.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace {
constexpr std::array<const char*, 4> kBlocks{"gg-table", "gg-data", "gg-chart", "gg-provenance"};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    const auto& fx = gpuguide::fuzz::fixture();
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const unsigned pick = data[0] % (kBlocks.size() + 1);
    std::string page = "# Fuzz\n\n";
    if (pick < kBlocks.size()) {
        // A body line "```" would end the block early; that is Markdown, not the directive.
        page += std::string("```") + kBlocks[pick] + "\n" + text + "\n```\n";
    } else {
        page += "Inline: `" + text + "`\n";
    }
    gpuguide::fuzz::refusing_bad_input([&] {
        const gpuguide::markdown::Syntax syntax{.markup = &fx.templates};
        gpuguide::markdown::Document document(page, syntax);
        const gpuguide::directives::Context context{
            .book = fx.book,
            .store = fx.store,
            .lang = data[0] & 0x80 ? "zh" : "en",
            .file = "content/en/fuzz.md",
            .line_offset = 4,
            .id_prefix = "",
            .render_table =
                [&fx](const std::string& name, const nlohmann::json& view) {
                    return fx.templates.render("tables/" + name, view);
                },
            .ui = gpuguide::ui::Strings::built_in(data[0] & 0x80 ? "zh" : "en"),
            .markup = fx.templates};
        gpuguide::directives::expand(document, context);
        (void)document.render_html();
    });
    return 0;
}
