// `gpuguide fleet` reads documents with simdjson (fleet/simd_document.hpp) and falls back to
// nlohmann::json where that reading cannot vouch. The two must never disagree: a document the
// schema rejects is never let through, and a row read the quick way is the row row_of reads from
// the whole document. Checked on the reference documents, the two-GPU full-shape document, a
// synthetic fleet with planted faults, and every document one change away from a valid one.
#include "fleet/collection.hpp"
#include "fleet/json_text.hpp"
#include "fleet/rows.hpp"
#include "fleet/simd_document.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "schema/schema.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

using namespace gg_test;
using nlohmann::json;
namespace fleet = gpuguide::fleet;

namespace {

/// The row as the index holds it.
json index_of(const fleet::HostRow& row) {
    std::string text;
    fleet::JsonText writer(text);
    fleet::write_rows(writer, {row});
    return json::parse(text);
}

/// The row nlohmann's reading gives, or nullopt where the schema rejects the document.
std::optional<json> slow_row(const std::string& text) {
    const auto document = json::parse(text);
    if (!gpuguide::probes::schema::validate_document(document).empty()) {
        return std::nullopt;
    }
    return index_of(fleet::row_of(document, "node.json"));
}

std::optional<json> quick_row(const std::string& text) {
    const auto row = fleet::quick_row(text, "node.json");
    return row ? std::optional(index_of(*row)) : std::nullopt;
}

std::vector<fs::path> sample_documents() {
    const fs::path repo = fs::path(GPUGUIDE_TESTS_DIR).parent_path();
    std::vector<fs::path> files = {repo / "content/measurements/reference/h100-80gb-hbm3.json",
                                   repo / "content/measurements/reference/h200-141gb-hbm3e.json",
                                   GPUGUIDE_FULL_SHAPE_DOCUMENT};
    return files;
}

/// Every pointer to a value in `document` at most `depth` levels down, and every pointer inside
/// the first metric of each probe's result (where the rules on numbers apply).
void pointers(const json& value, const json::json_pointer& at, int depth,
              std::vector<json::json_pointer>& out) {
    out.push_back(at);
    if (depth == 0 || !value.is_structured()) {
        return;
    }
    if (value.is_object()) {
        for (const auto& [key, child] : value.items()) {
            pointers(child, at / key, depth - 1, out);
        }
    } else {
        for (std::size_t i = 0; i < value.size(); ++i) {
            pointers(value[i], at / i, depth - 1, out);
        }
    }
}

/// The first object below `value` that the rules read as a metric.
const json* first_metric(const json& value, json::json_pointer& at) {
    if (value.is_object() && value.contains("unit") &&
        (value.contains("value") || value.contains("median"))) {
        return &value;
    }
    if (!value.is_structured()) {
        return nullptr;
    }
    for (const auto& [key, child] : value.items()) {
        auto below = value.is_array() ? at / std::stoul(key) : at / key;
        if (const auto* found = first_metric(child, below)) {
            at = below;
            return found;
        }
    }
    return nullptr;
}

/// `value` with every array cut to its first element: a small document of the same shape.
json shrunk(json value) {
    if (value.is_array() && value.size() > 1) {
        value.erase(value.begin() + 1, value.end());
    }
    if (value.is_structured()) {
        for (auto& child : value) {
            child = shrunk(std::move(child));
        }
    }
    return value;
}

} // namespace

TEST_CASE("fleet: the quick reading gives the same row as the whole document, or none",
          "[fleet][simd]") {
    for (const auto& file : sample_documents()) {
        CAPTURE(file);
        const auto text = read(file);
        const auto slow = slow_row(text);
        REQUIRE(slow); // the samples are valid documents
        const auto quick = quick_row(text);
        REQUIRE(quick);
        CHECK(*quick == *slow);
    }
}

TEST_CASE("fleet: a synthetic fleet with planted faults reads the same both ways",
          "[fleet][simd]") {
    TempDir dir;
    const auto script = fs::path(GPUGUIDE_TESTS_DIR).parent_path() / "bench/fleet/make_fleet.py";
    const auto command = "python3 '" + script.string() + "' 24 '" + dir.path().string() +
                         "' --faults '" + (dir.path() / "faults.json").string() + "'";
    REQUIRE(std::system(command.c_str()) == 0);
    int read_quickly = 0;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        if (!entry.path().filename().string().starts_with("node")) {
            continue;
        }
        CAPTURE(entry.path());
        const auto text = read(entry.path());
        const auto quick = quick_row(text);
        const auto slow = slow_row(text);
        REQUIRE(quick.has_value() == slow.has_value());
        if (quick) {
            CHECK(*quick == *slow);
            ++read_quickly;
        }
    }
    CHECK(read_quickly >= 20);
}

TEST_CASE("fleet: a document one change away from a valid one gets the same verdict both ways",
          "[fleet][simd]") {
    // The two-GPU document with its sweeps cut short (each variant is read twice).
    const auto original = shrunk(json::parse(read(GPUGUIDE_FULL_SHAPE_DOCUMENT)));
    REQUIRE(slow_row(original.dump()));
    std::vector<json::json_pointer> targets;
    pointers(original, json::json_pointer(), 3, targets);
    int metrics = 0; // the first metric of three probes: the rules on numbers
    for (const auto& [key, probe] : original["probes"].items()) {
        json::json_pointer at("/probes/" + key + "/result");
        if (metrics < 3 && probe.contains("result") && first_metric(probe["result"], at)) {
            pointers(original[at], at, 2, targets);
            ++metrics;
        }
    }
    const std::vector<json> replacements = {
        nullptr, "x", -1, 1.5, json::object(), std::uint64_t{18446744073709551615u}};
    int rejected = 0, accepted = 0;
    for (const auto& at : targets) {
        std::vector<json> variants;
        for (const auto& replacement : replacements) {
            auto changed = original;
            changed[at] = replacement;
            variants.push_back(std::move(changed));
        }
        if (!at.empty()) {
            auto removed = original;
            auto& parent = removed[at.parent_pointer()];
            if (parent.is_array()) {
                parent.erase(std::stoul(at.back()));
            } else {
                parent.erase(at.back());
            }
            variants.push_back(std::move(removed));
        }
        for (const auto& variant : variants) {
            const auto text = variant.dump(1);
            const auto slow = slow_row(text);
            const auto quick = quick_row(text);
            CAPTURE(at.to_string(), text.substr(0, 200));
            if (slow) {
                // Valid: read quickly, and the same row; a null host is left to nlohmann.
                const bool host_is_text = variant["provenance"]["host"].is_string();
                REQUIRE(quick.has_value() == host_is_text);
                if (quick) {
                    REQUIRE(*quick == *slow);
                }
                ++accepted;
            } else {
                REQUIRE_FALSE(quick); // never lets through what the schema rejects
                ++rejected;
            }
        }
    }
    CHECK(rejected > 100);
    CHECK(accepted > 100);
}

TEST_CASE("fleet: of two members with one name the quick reading keeps the last, as nlohmann does",
          "[fleet][simd]") {
    const auto text = json::parse(read(GPUGUIDE_FULL_SHAPE_DOCUMENT)).dump(1);
    const auto stream = text.find("\"gpu.stream\": {");
    REQUIRE(stream != std::string::npos);
    const auto open = text.find('{', stream);
    std::size_t close = std::string::npos; // the end of gpu.stream's object
    for (std::size_t i = open, depth = 0; i < text.size(); ++i) {
        depth += text[i] == '{' ? 1 : 0;
        depth -= text[i] == '}' ? 1 : 0;
        if (depth == 0) {
            close = i;
            break;
        }
    }
    REQUIRE(close != std::string::npos);
    const std::string failed = "\"status\": \"failed\", \"reason\": \"crashed\"";
    // First "failed", then the document's own "ok": nlohmann keeps ok.
    auto ok_last = text;
    ok_last.insert(open + 1, failed + ", ");
    // The document's "ok" first, then "failed": nlohmann keeps failed.
    auto failed_last = text;
    failed_last.insert(close, ", " + failed);
    // Two gpu.stream entries, the second failed: nlohmann keeps the second.
    auto entry_twice = text;
    entry_twice.insert(close + 1, ", \"gpu.stream\": {" + failed + ", \"result\": null}");
    for (const auto& [document, failed_probes] :
         {std::pair{ok_last, json::array()}, std::pair{failed_last, json::array({"gpu.stream"})},
          std::pair{entry_twice, json::array({"gpu.stream"})}}) {
        const auto slow = slow_row(document);
        const auto quick = quick_row(document);
        REQUIRE(slow);
        CHECK((*slow)["rows"][0]["failed"] == failed_probes);
        REQUIRE(quick);
        CHECK(*quick == *slow);
    }
}

TEST_CASE("fleet: a document with an escaped character (backslash u) or a null host is left to "
          "nlohmann's reading",
          "[fleet][simd]") {
    auto document = json::parse(read(GPUGUIDE_FULL_SHAPE_DOCUMENT));
    document["provenance"]["host"] = std::string("node\x01");
    const auto text = document.dump(1); // the control character is written \u0001
    REQUIRE(text.find("\\u0001") != std::string::npos);
    REQUIRE(slow_row(text));
    CHECK_FALSE(quick_row(text));
    document["provenance"]["host"] = nullptr; // valid, but a build refuses it
    REQUIRE(slow_row(document.dump(1)));
    CHECK_FALSE(quick_row(document.dump(1)));
}

TEST_CASE("fleet: a document is staged as a hard link to the file it was read from or else as the "
          "bytes read",
          "[fleet][simd]") {
    TempDir dir;
    const auto source = dir.path() / "task.json", out = dir.path() / "out";
    write(source, "{\"measured\": 1}\n");
    fs::permissions(source, fs::perms(0644));
    fleet::DocumentFile taken;
    REQUIRE(fleet::read_document(source, taken));
    CHECK(taken.text == "{\"measured\": 1}\n");
    CHECK(taken.text.capacity() >= taken.text.size() + 32); // simdjson reads in place

    SECTION("the same file: linked") {
        const auto staged = fleet::stage_document(out, "node1", source, taken);
        CHECK(fs::equivalent(staged, source));
        CHECK(read(staged) == "{\"measured\": 1}\n");
    }
    SECTION("rewritten since it was read: the bytes read are written") {
        write(source, "{\"measured\": 22}\n");
        const auto staged = fleet::stage_document(out, "node1", source, taken);
        CHECK_FALSE(fs::equivalent(staged, source));
        CHECK(read(staged) == "{\"measured\": 1}\n");
    }
    SECTION("not readable by all: a copy readable by all") {
        fs::permissions(source, fs::perms(0600));
        REQUIRE(fleet::read_document(source, taken));
        const auto staged = fleet::stage_document(out, "node1", source, taken);
        CHECK_FALSE(fs::equivalent(staged, source));
        CHECK(read(staged) == "{\"measured\": 1}\n");
        CHECK((fs::status(staged).permissions() & fs::perms(0644)) == fs::perms(0644));
        CHECK((fs::status(source).permissions() & fs::perms(0777)) == fs::perms(0600));
    }
}

TEST_CASE("fleet: a document collected twice from the same task file leaves no staged name behind",
          "[fleet][simd]") {
    TempDir dir;
    const auto task = dir.path() / "work" / "4242_0.json", out = dir.path() / "fleet";
    fs::create_directories(task.parent_path());
    write(task, read(GPUGUIDE_FULL_SHAPE_DOCUMENT));
    fs::permissions(task, fs::perms(0644));
    for (int collection = 0; collection < 2; ++collection) {
        fleet::DocumentFile taken;
        REQUIRE(fleet::read_document(task, taken));
        auto row = fleet::quick_row(taken, "node0.json");
        REQUIRE(row);
        std::vector<fleet::NewDocument> documents;
        documents.push_back({"node0", "", *row, fleet::stage_document(out, "node0", task, taken)});
        fleet::store_collection(
            out, {"4242", "2026-11-28T20:00:00Z", {{"node0", "4242_0", ""}}, {}, {}},
            std::move(documents), [](const fs::path&) { return nlohmann::json(); });
    }
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(out)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"history", "node0.json"});
    CHECK(read(out / "node0.json") == read(GPUGUIDE_FULL_SHAPE_DOCUMENT));
}
