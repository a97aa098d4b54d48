// Several reference documents: which one is "the reference" (book.toml), the host word
// `references`, the checks a contributed document passes before pages use it (datasheet limits with
// file:line, one document per GPU model, an unknown GPU), and gg-table's share of the datasheet.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/book.hpp"
#include "load/json_lines.hpp"
#include "measure/reference_check.hpp"
#include "measure/store.hpp"

namespace {

using gg_test::has;
using gg_test::TempDir;
using nlohmann::json;
namespace measure = gpuguide::measure;

json metric(double median, const std::string& unit) {
    return {{"median", median}, {"min", median}, {"max", median},
            {"cv", 0.0},        {"n", 5},        {"unit", unit}};
}

// A catalogue of one GPU, "Test GPU 80GB": 2000 GB/s, FP64 10 TFLOP/s (CUDA cores), BF16 400.
json catalogue() {
    return {{"title", "GPU catalogue"},
            {"as_of", "2026-11"},
            {"key", "id"},
            {"columns",
             {{"name", {{"en", "GPU"}}},
              {"cuda_names", {{"en", "CUDA names"}}},
              {"bandwidth_gbs", {{"en", "Bandwidth"}, {"unit", "GB/s"}}},
              {"fp64_tflops", {{"en", "FP64"}, {"unit", "TFLOP/s"}}},
              {"bf16_tensor_tflops", {{"en", "BF16"}, {"unit", "TFLOP/s"}}}}},
            {"records",
             {{{"id", "test-gpu"},
               {"name", "Test GPU"},
               {"cuda_names", {"Test GPU 80GB"}},
               {"bandwidth_gbs", 2000},
               {"fp64_tflops", 10},
               {"bf16_tensor_tflops", 400},
               {"source", "https://example.com/test-gpu"}}}}};
}

gpuguide::Book book_with_catalogue(const TempDir& dir) {
    gg_test::write(dir.path() / "gpus.json", catalogue().dump(2));
    gpuguide::Book book;
    book.data.emplace("gpus", gpuguide::load_data_file(dir.path() / "gpus.json"));
    return book;
}

// A reference document of `gpu` with a triad, an FP64 GEMM and pinned copies on a PCIe link.
measure::HostDocument document(const TempDir& dir, const std::string& file, const std::string& gpu,
                               double triad, double fp64, double h2d, int pcie_gen = 4) {
    json device = {{"index", 0}, {"name", gpu}};
    device["pcie"] = {{"gen_max", pcie_gen}, {"width_max", 16}};
    const auto ok = [](json result) {
        return json{{"status", "ok"}, {"reason", nullptr}, {"duration_s", 1.0}, {"result", result}};
    };
    json doc = {
        {"placeholder", false},
        {"provenance", {{"host", file}, {"gpus", {{{"index", 0}, {"name", gpu}}}}}},
        {"probes",
         {{"gpu.specs", ok({{"devices", {device}}})},
          {"gpu.stream", ok({{"devices", {{{"index", 0}, {"triad", metric(triad, "GB/s")}}}}})},
          {"gpu.gemm", ok({{"devices",
                            {{{"index", 0},
                              {"precisions", {{"fp64", {{"best", metric(fp64, "TFLOP/s")}}}}}}}}})},
          {"gpu.transfer",
           ok({{"devices", {{{"index", 0}, {"peak", {{"h2d_pinned", metric(h2d, "GB/s")}}}}}}})}}}};
    measure::HostDocument out;
    out.host = file;
    out.json = doc;
    out.file = dir.path() / (file + ".json");
    gg_test::write(out.file, doc.dump(2));
    return out;
}

std::string check_error(const gpuguide::Book& book, const std::vector<measure::HostDocument>& docs,
                        const TempDir& dir) {
    try {
        gpuguide::measure::check_reference_documents(book, docs);
    } catch (const gpuguide::InputError& error) {
        std::string message = error.what();
        const std::string prefix = dir.path().generic_string() + "/";
        for (auto at = message.find(prefix); at != std::string::npos; at = message.find(prefix)) {
            message.erase(at, prefix.size());
        }
        return message;
    }
    return "";
}

} // namespace

TEST_CASE("json_pointer_line: the line of a member, an array element, an escaped key",
          "[references]") {
    const std::string text = "{\n  \"a\": {\n    \"b/c\": 1,\n    \"list\": [\n      10,\n"
                             "      {\"x\": 2}\n    ]\n  }\n}\n";
    CHECK(gpuguide::json_pointer_line(text, "/a") == 2);
    CHECK(gpuguide::json_pointer_line(text, "/a/b~1c") == 3);
    CHECK(gpuguide::json_pointer_line(text, "/a/list/0") == 5);
    CHECK(gpuguide::json_pointer_line(text, "/a/list/1/x") == 6);
    CHECK(gpuguide::json_pointer_line(text, "/a/missing") == 0);
    CHECK(gpuguide::json_pointer_line(text, "/a/list/7") == 0);
    CHECK(gpuguide::json_pointer_line("{\"a\": [1, 2", "/a/0") == 0); // not JSON: no line
}

TEST_CASE("reference documents: figures within the datasheet limits pass", "[references]") {
    TempDir dir;
    const auto book = book_with_catalogue(dir);
    // FP64 at 1.9 times the CUDA cores' figure: DGEMM on tensor cores. PCIe 4 x16 carries 31.5.
    const auto docs = std::vector{document(dir, "a", "Test GPU 80GB", 1900, 19, 31)};
    CHECK(check_error(book, docs, dir).empty());
    CHECK(gpuguide::measure::check_reference_documents(book, docs).empty());
}

TEST_CASE("reference documents: a figure above its limit is refused at its file and line",
          "[references]") {
    TempDir dir;
    const auto book = book_with_catalogue(dir);
    const auto triad = document(dir, "a", "Test GPU 80GB", 2100, 19, 31);
    const int triad_line = gpuguide::json_pointer_line(
        gg_test::read(triad.file), "/probes/gpu.stream/result/devices/0/triad/median");
    REQUIRE(triad_line > 1);
    CHECK(check_error(book, {triad}, dir) ==
          "a.json:" + std::to_string(triad_line) +
              ": /probes/gpu.stream/result/devices/0/triad/median = 2100 GB/s on GPU 0 (Test GPU "
              "80GB) is above its limit, 2000 GB/s, the datasheet's bandwidth_gbs of Test GPU "
              "(gpus.json, record test-gpu). No measurement exceeds its datasheet: this means a "
              "wrong unit, a GPU other than the one named, or a broken run; measure again "
              "(content/measurements/README.md) rather than editing the figure");
    // FP64 above twice the catalogue's figure.
    CHECK(has(check_error(book, {document(dir, "b", "Test GPU 80GB", 1900, 21, 31)}, dir),
              "/probes/gpu.gemm/result/devices/0/precisions/fp64/best/median = 21 TFLOP/s on GPU 0 "
              "(Test GPU 80GB) is above its limit, 20 TFLOP/s, twice the datasheet's fp64_tflops"));
    // A copy faster than its PCIe 4 x16 link; the same copy on PCIe 5 passes.
    CHECK(has(check_error(book, {document(dir, "c", "Test GPU 80GB", 1900, 19, 33)}, dir),
              "/probes/gpu.transfer/result/devices/0/peak/h2d_pinned/median = 33 GB/s on GPU 0 "
              "(Test GPU 80GB) is above its limit, 31.5 GB/s, what its PCIe Gen 4 x16 link "
              "carries each way"));
    CHECK(check_error(book, {document(dir, "d", "Test GPU 80GB", 1900, 19, 33, 5)}, dir).empty());
}

TEST_CASE("reference documents: one per GPU model, and an unknown GPU is a warning",
          "[references]") {
    TempDir dir;
    const auto book = book_with_catalogue(dir);
    CHECK(check_error(book,
                      {document(dir, "a", "Test GPU 80GB", 1900, 19, 31),
                       document(dir, "b", "Test GPU 80GB", 1800, 19, 31)},
                      dir) == "b.json: measures the same GPU model (Test GPU 80GB) as a.json; the "
                              "guide keeps one reference document per GPU model: keep the newer "
                              "measurement and remove the other file "
                              "(content/measurements/README.md)");
    // A fleet node's document of the same model is not a reference: no conflict, no check.
    auto fleet = document(dir, "node", "Test GPU 80GB", 9999, 19, 31);
    fleet.origin = measure::Origin::Fleet;
    CHECK(
        check_error(book, {document(dir, "a", "Test GPU 80GB", 1900, 19, 31), fleet}, dir).empty());
    // A GPU the catalogue does not list: no limits to check, a warning that names it.
    const auto warnings = gpuguide::measure::check_reference_documents(
        book, {document(dir, "x", "Mystery GPU", 99999, 999, 31)});
    REQUIRE(warnings.size() == 1);
    CHECK(has(warnings[0], "x.json: warning: its GPU, Mystery GPU, is not in the catalogue"));
}

TEST_CASE("reference documents: book.toml's `reference` picks the reference", "[references]") {
    TempDir dir;
    std::vector<measure::HostDocument> docs{document(dir, "a", "GPU A", 1, 1, 1),
                                            document(dir, "b", "GPU B", 1, 1, 1)};
    measure::put_reference_first(docs, "", dir.path() / "book.toml", 3);
    CHECK(docs.front().host == "a");
    measure::put_reference_first(docs, "b", dir.path() / "book.toml", 3);
    CHECK(docs.front().host == "b");
    CHECK(docs.back().host == "a");
    try {
        measure::put_reference_first(docs, "c", "book.toml", 3);
        FAIL("an unknown host must be refused");
    } catch (const gpuguide::InputError& error) {
        CHECK(std::string(error.what()) ==
              "book.toml:3: `reference = \"c\"`: no reference measurement document has that host "
              "(there are: b (b.json), a (a.json)); name one of them, or remove the key to use "
              "the first by file name");
    }
    const measure::Store store(std::nullopt, docs);
    CHECK(store.expand_hosts("references") == std::vector<std::string>{"b", "a"});
    CHECK(store.expand_hosts("all") == std::vector<std::string>{"this", "b", "a"});
}

TEST_CASE("gg-table: share_of sets a figure against its GPU's datasheet", "[references]") {
    gg_test::BookCopy book;
    auto data = catalogue();
    data["records"][0]["cuda_names"] = {"Test GPU 80GB"};
    data["records"][0]["bandwidth_gbs"] = 6020.4; // this host's triad is 3010.2 GB/s: 50 %
    gg_test::write(book.content() / "data" / "gpus.json", data.dump(2));
    const std::string fence = "```";
    const auto html = book.build_notes_page(fence + R"(gg-table
probe: gpu.stream
hosts: [this, references]
rows:
  - {label: Triad share, value: /devices/0/triad, share_of: bandwidth_gbs}
)" + fence + "\n");
    CHECK(has(html, ">50 %</td>"));
    CHECK(has(html, "title=\"3.01\u00a0TB/s measured ÷ 6.02\u00a0TB/s, the Test GPU datasheet · "
                    "measured on this machine"));
    // The reference's GPU is not in the catalogue: its cell says why there is no share.
    CHECK(has(html, "has no record for Reference GPU"));

    CHECK(gg_test::error_for(fence +
                             "gg-table\nprobe: gpu.stream\nhosts: [this]\nrows:\n"
                             "  - {label: x, share_of: bandwidth_gbs, datasheet: x}\n" +
                             fence + "\n") ==
          "content/en/03-notes.md:8: gg-table: `share_of:` sets a row's `value:` against "
          "the datasheet; give the row a `value:` (e.g. value: "
          "/devices/0/precisions/bf16/best)");
}

TEST_CASE("a document measured before a probe existed reads it as not measured, saying why",
          "[references]") {
    // Documents name the probes of their gpuguide-probe; one that predates cpu.llm has no entry.
    // That is "not measured" with the reason (for `this` too, through the reference), while a
    // probe gpuguide-probe never had is still an error.
    TempDir dir;
    const measure::Store store(std::nullopt, {document(dir, "old", "GPU A", 1, 1, 1)});
    for (const std::string host : {"old", "this", "reference"}) {
        INFO(host);
        const auto result = store.probe(host, "cpu.llm");
        CHECK_FALSE(result.ok());
        CHECK(has(result.reason(), "measured before gpuguide-probe had cpu.llm"));
        CHECK(store.value(result, "/decode") == nullptr);
    }
    CHECK_THROWS_WITH(store.probe("old", "cpu.lm"),
                      Catch::Matchers::ContainsSubstring("no probe \"cpu.lm\""));
}
