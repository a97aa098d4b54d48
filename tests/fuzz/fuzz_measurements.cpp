// Fuzzes measurement documents from other machines: the probes' schema validator on any JSON,
// then the generator's loading paths (a committed reference document, and this build's document
// given with --measurements) and every lookup, format and provenance note a page could ask for.
// Refusing with InputError/LookupError is fine; anything else is a finding.
#include "fixture.hpp"
#include "load/files.hpp"
#include "measure/collect.hpp"
#include "schema/schema.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace {

using nlohmann::json;

// A private folder per fuzzing process: workers run in parallel.
const std::filesystem::path& scratch() {
    static const auto dir = [] {
        auto made = std::filesystem::temp_directory_path() /
                    ("gpuguide-fuzz-measurements-" + std::to_string(::getpid()));
        std::filesystem::create_directories(made / "reference");
        return made;
    }();
    return dir;
}

// RFC 6901 escaping of one reference token.
std::string token(const std::string& key) {
    std::string out;
    for (char c : key) {
        out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
    }
    return out;
}

// Every JSON pointer below `value` (bounded, so huge documents stay fast).
void pointers(const json& value, const std::string& at, std::vector<std::string>& out) {
    if (out.size() > 200) {
        return;
    }
    out.push_back(at);
    if (value.is_object()) {
        for (const auto& item : value.items()) {
            pointers(item.value(), at + "/" + token(item.key()), out);
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            pointers(value[i], at + "/" + std::to_string(i), out);
        }
    }
}

// Everything a page can ask the store about `host`'s probes.
void exercise(const gpuguide::measure::Store& store, const std::string& host) {
    const auto* document = host == "this" ? &*store.this_build() : &store.references().front();
    const auto probes = document->json.find("probes");
    if (probes == document->json.end() || !probes->is_object()) {
        return;
    }
    for (const auto& item : probes->items()) {
        const auto result = store.probe(host, item.key());
        (void)gpuguide::measure::provenance_text(result, gpuguide::ui::Strings::built_in("en"));
        (void)gpuguide::measure::provenance_text(result, gpuguide::ui::Strings::built_in("zh"));
        const auto found = result.entry->find("result");
        if (!result.ok() || found == result.entry->end()) {
            continue;
        }
        std::vector<std::string> all;
        pointers(*found, "", all);
        for (const auto& pointer : all) {
            gpuguide::fuzz::refusing_bad_input([&] {
                if (const auto* value = store.value(result, pointer)) {
                    (void)gpuguide::measure::format_value(*value,
                                                          gpuguide::ui::Strings::built_in("en"));
                }
            });
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto parsed = json::parse(text, nullptr, false);
    if (!parsed.is_discarded()) {
        (void)gpuguide::probes::schema::validate_document(parsed);
    }

    const auto reference = scratch() / "reference" / "host.json";
    gpuguide::write_file(reference, text);
    gpuguide::fuzz::refusing_bad_input([&] {
        const gpuguide::measure::Store store(
            std::nullopt, gpuguide::measure::load_reference_documents(scratch() / "reference"));
        exercise(store, store.references().front().host);
    });
    gpuguide::fuzz::refusing_bad_input([&] {
        gpuguide::measure::CollectOptions options;
        options.this_document = reference;
        const auto collected = gpuguide::measure::collect(options, {}, {});
        exercise(collected.store, "this");
    });
    return 0;
}
