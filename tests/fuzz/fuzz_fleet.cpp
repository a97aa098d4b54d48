// Fuzzes fleet documents (content/measurements/fleet/*.json): the input is one or two documents
// (split at the first NUL byte), each loaded as a fleet host the way the build loads the folder
// (JSON, the probes' schema, the host name), next to the base book's reference and a real fleet
// host (tests/books/basic/this-host.json as `node-real`). Then what fleet hosts reach: the fleet
// page's parts in both languages (rows, peers, the section templates, CSV and JSON), and `hosts:
// all` tables and a fleet host's inline value on a page, with the build's stores (before and after
// measuring). Refusing with InputError or LookupError is the expected outcome; any other exception,
// a crash or a sanitizer report is a finding.
#include "directives/directives.hpp"
#include "fixture.hpp"
#include "fleet/table.hpp"
#include "load/files.hpp"
#include "markdown/markdown.hpp"
#include "render/fleet.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using gpuguide::measure::HostDocument;
using gpuguide::measure::Origin;

const std::filesystem::path kSource(GPUGUIDE_SOURCE_DIR);

/// The fleet folder as the build sees it without the fuzzed hosts: the reference, then node-real.
const std::vector<HostDocument>& known_hosts() {
    static const std::vector<HostDocument> hosts = [] {
        std::vector<HostDocument> out = gpuguide::fuzz::fixture().store.references();
        auto real = gpuguide::measure::parse_measurement_document(
            gpuguide::read_file(kSource / "tests/books/basic/this-host.json"),
            "content/measurements/fleet/node-real.json", Origin::Fleet);
        real.json["provenance"]["host"] = real.host = "node-real";
        out.push_back(std::move(real));
        return out;
    }();
    return hosts;
}

// A page with what fleet hosts reach in directives (docs/src/design/directives.md "Hosts");
// gpu.stream only, the one GPU probe the base book's reference has.
const std::string kPage = "# Fleet\n\n"
                          "```gg-table\ntitle: Triad\nprobe: gpu.stream\nhosts: all\nrows:\n"
                          "  - {label: Triad, value: /devices/0/triad}\n"
                          "  - {label: Copy, value: /devices/0/copy}\n```\n\n"
                          "```gg-provenance\nprobe: gpu.stream\nhost: node-real\n```\n\n"
                          "On node-real: `value:node-real:gpu.stream/devices/0/triad`.\n";

void expand_page(const gpuguide::measure::Store& store, const char* lang) {
    const auto& fx = gpuguide::fuzz::fixture();
    gpuguide::fuzz::refusing_bad_input([&] {
        gpuguide::markdown::Document document(kPage);
        const gpuguide::directives::Context context{
            .book = fx.book,
            .store = store,
            .lang = lang,
            .file = "content/en/fleet-fuzz.md",
            .line_offset = 0,
            .id_prefix = "",
            .render_table =
                [&fx](const std::string& name, const nlohmann::json& view) {
                    return fx.templates.render("tables/" + name, view);
                },
            .ui = gpuguide::ui::Strings::built_in(lang),
            .markup = fx.templates};
        gpuguide::directives::expand(document, context);
        (void)document.render_html();
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto split = input.find('\0');
    std::vector<std::string_view> texts{input.substr(0, split)};
    if (split != std::string_view::npos) {
        texts.push_back(input.substr(split + 1));
    }
    auto hosts = known_hosts();
    try {
        for (std::size_t i = 0; i < texts.size(); ++i) {
            hosts.push_back(gpuguide::measure::parse_measurement_document(
                texts[i], "content/measurements/fleet/fuzz-" + std::to_string(i + 1) + ".json",
                Origin::Fleet));
        }
    } catch (const gpuguide::InputError&) {
        return 0; // the build stops here, naming the document
    }
    const auto validation = gpuguide::measure::Store::for_validation(hosts);
    expand_page(validation, "en");
    const gpuguide::measure::Store store(std::nullopt, std::move(hosts));
    expand_page(store, "zh");
    // The fleet page's parts, as the build makes them from the fleet hosts' rows.
    gpuguide::render::FleetData fleet;
    for (const auto& host : store.references()) {
        if (host.origin == Origin::Fleet) {
            fleet.folder.rows.push_back(
                gpuguide::fleet::row_of(host.json, host.file.filename().string()));
        }
    }
    fleet.analysis = gpuguide::fleet::analyse(fleet.folder);
    const auto& templates = gpuguide::fuzz::fixture().templates;
    for (const char* lang : {"en", "zh"}) {
        gpuguide::fuzz::refusing_bad_input([&] {
            const gpuguide::render::FleetText text(gpuguide::ui::Strings::built_in(lang));
            for (const auto& [name, view] :
                 {std::pair{"fleet/types", gpuguide::render::types_view(fleet, text)},
                  std::pair{"fleet/outliers", gpuguide::render::outliers_view(fleet, text)},
                  std::pair{"fleet/drift", gpuguide::render::drift_view(fleet, text)}}) {
                auto with_ui = view;
                with_ui["ui"] = text.ui();
                (void)templates.render(name, with_ui);
            }
            const gpuguide::render::SharedView ui(nlohmann::json{{"ui", text.ui()}});
            (void)gpuguide::render::host_table_html(fleet, text, templates, {0}, ui);
            (void)gpuguide::fleet::table_csv(fleet.folder, fleet.analysis);
            (void)gpuguide::fleet::table_json(fleet.folder, fleet.analysis);
        });
    }
    return 0;
}
