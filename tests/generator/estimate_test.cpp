// Live estimates on pages: inline `estimate:` spans and `gg-estimate` tables computed from a
// synthetic measurement document and checked against values worked out by hand; a missing input
// gives a missing estimate; bad formulas, unknown keys and unit mismatches are file:line errors.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

using gg_test::error_for;

namespace {

using gg_test::kFence;

// A metric with the median `median` (and min/max around it, as the schema asks).
nlohmann::json metric(double median, const std::string& unit) {
    return {{"median", median}, {"min", median * 0.99}, {"max", median * 1.01}, {"cv", 0.002},
            {"n", 20},          {"unit", unit}};
}

// The fixture's documents with round figures: this machine 2000 GB/s triad, 80 GiB, 500 TFLOP/s
// BF16 GEMM; the reference 1000 GB/s triad, 40 GiB.
void set_figures(const gg_test::BookCopy& book) {
    const auto this_file = book.root() / "this-host.json";
    auto document = nlohmann::json::parse(gg_test::read(this_file));
    document["probes"]["gpu.stream"]["result"]["devices"][0]["triad"] = metric(2000, "GB/s");
    document["probes"]["gpu.specs"]["result"]["devices"][0]["memory_total"] = {{"value", 80},
                                                                               {"unit", "GiB"}};
    document["probes"]["gpu.gemm"]["result"]["devices"][0]["precisions"]["bf16"]["best"] =
        metric(500, "TFLOP/s");
    gg_test::write(this_file, document.dump());
    const auto reference = book.content() / "measurements" / "reference" / "ref-host.json";
    document = nlohmann::json::parse(gg_test::read(reference));
    document["probes"]["gpu.stream"]["result"]["devices"][0]["triad"] = metric(1000, "GB/s");
    document["probes"]["gpu.specs"]["result"]["devices"][0]["memory_total"] = {{"value", 40},
                                                                               {"unit", "GiB"}};
    gg_test::write(reference, document.dump());
}

// No figures anywhere: this build without a GPU, the reference a placeholder.
void remove_figures(const gg_test::BookCopy& book) {
    for (const auto& file : {book.root() / "this-host.json",
                             book.content() / "measurements" / "reference" / "ref-host.json"}) {
        auto document = nlohmann::json::parse(gg_test::read(file));
        for (auto& [key, probe] : document["probes"].items()) {
            if (key.starts_with("gpu.")) {
                probe = {{"status", "skipped"},
                         {"reason", "not yet measured"},
                         {"use_reference", true},
                         {"duration_s", 0.0},
                         {"result", nullptr}};
            }
        }
        if (file.filename() == "ref-host.json") {
            document["placeholder"] = true;
        }
        gg_test::write(file, document.dump());
    }
}

std::string build(const gg_test::BookCopy& book, const std::string& markdown,
                  const std::string& lang = "en") {
    return book.build_notes_page(markdown, lang);
}

using gg_test::has;

const std::string kDecode =
    "`estimate:{gpu.stream/devices/0/triad} [GB/s] / 16 [GB/token] => tokens/s`";
const std::string kTrain = "`estimate:6 * 1e9 * 2e10 [FLOP] / "
                           "({gpu.gemm/devices/0/precisions/bf16/best} [TFLOP/s] * 40 [%]) => h`";
const std::string kFits =
    "`estimate:{gpu.specs/devices/0/memory_total} [GiB] - 16.1 [GB] - 3 [GB] => GB`";

const std::string kTable = kFence + R"(gg-estimate
title: Decode ceiling
hosts: [this, reference]
constants:
  bandwidth: "{gpu.stream/devices/0/triad} [GB/s]"
  memory: "{gpu.specs/devices/0/memory_total} [GiB]"
estimates:
  - {label: Weights, formula: params * bytes, unit: GB}
  - {label: Tokens/s, formula: bandwidth / (params * bytes), unit: tokens/s}
  - {label: Room, formula: memory - params * bytes, unit: GB, negative: does not fit}
rows:
  - {label: 8B BF16, with: {params: 8e9, bytes: "2 [B]"}}
  - {label: 8B 4-bit, with: {params: 8e9, bytes: "0.5 [B]"}}
  - {label: 70B BF16, with: {params: 70e9, bytes: "2 [B]"}}
)" + kFence + "\n";

} // namespace

TEST_CASE("estimate: inline spans computed from the measured figures", "[estimate]") {
    gg_test::BookCopy book;
    set_figures(book);
    const auto html =
        build(book, "Decode " + kDecode + ", training " + kTrain + ", room " + kFits + ".\n");
    // Estimates keep two significant figures (kEstimateDigits), rounded half away from zero.
    // 2000 GB/s / 16 GB per token = 125 tokens/s -> 130.
    CHECK(has(html, ">130\u00A0tokens/s<small class=\"estimate-mark\"> (estimate)</small></span>"));
    // 6 * 1e9 * 2e10 = 1.2e20 FLOP / (500e12 FLOP/s * 0.4) = 600,000 s = 166.7 h -> 170 h.
    CHECK(has(html, ">170\u00A0h<small"));
    // 80 GiB = 85.899 GB, minus 19.1 GB = 66.8 GB -> 67 GB.
    CHECK(has(html, ">67\u00A0GB<small"));
    // Marked as an estimate, with its formula and the figure it came from, in words, with its
    // value and its kind, as tooltip: no internal path.
    CHECK(has(html, "<span class=\"estimate\" title=\"Estimate, not a measurement: "
                    "STREAM triad bandwidth [GB/s] ÷ 16 GB/token. From: "
                    "STREAM triad bandwidth: 2\u00A0TB/s (measured on this machine)\">"));
    // Memory in GiB is said in GB too, where a formula sets it beside model sizes in GB.
    CHECK(has(html, "GPU memory: 80\u00A0GiB = 85.9\u00A0GB (measured on this machine)"));
}

TEST_CASE("estimate: a figure is read in the unit the formula names", "[estimate]") {
    gg_test::BookCopy book;
    set_figures(book);
    // The same triad read in TB/s, the result asked in tokens per hour: 2 TB/s / 16 GB * 3600.
    const auto html =
        build(book, "`estimate:{gpu.stream/devices/0/triad} [TB/s] / 16 [GB] => 1/h`\n");
    CHECK(has(html, ">450,000\u00A01/h<small"));
}

TEST_CASE("estimate: a gg-estimate table, per host, with hand-computed cells", "[estimate]") {
    gg_test::BookCopy book;
    set_figures(book);
    const auto html = build(book, kTable);
    // Weights read no measured figure: one column; the others one column per host.
    CHECK(has(html, "<th scope=\"col\" class=\"kind-record\">Weights</th>"));
    CHECK(has(html, "<th scope=\"col\" class=\"kind-estimate\">Tokens/s — This machine</th>"));
    CHECK(has(html, "<th scope=\"col\" class=\"kind-estimate\">Room — Reference ref-host</th>"));
    // 8B BF16: 16 GB; 2000/16 = 125 and 1000/16 = 62.5 tokens/s; 85.9 - 16 = 69.9 GB here,
    // 42.9 - 16 = 26.9 GB on the reference (40 GiB = 42.95 GB). Estimate cells keep two
    // significant figures; the weights (a record: no measured figure) keep three.
    CHECK(has(html, ">16\u00A0GB</td>"));
    CHECK(has(html, ">130\u00A0tokens/s</td>"));
    CHECK(has(html, ">63\u00A0tokens/s</td>"));
    CHECK(has(html, ">70\u00A0GB</td>"));
    CHECK(has(html, ">27\u00A0GB</td>"));
    // 8B 4-bit: 4 GB; 500 and 250 tokens/s.
    CHECK(has(html, ">500\u00A0tokens/s</td>"));
    CHECK(has(html, ">250\u00A0tokens/s</td>"));
    // 70B BF16: 140 GB does not fit in 80 GiB; 14.3 tokens/s -> 14.
    CHECK(has(html, ">does not fit</td>"));
    CHECK(has(html, ">14\u00A0tokens/s</td>"));
    CHECK(has(html, ">140\u00A0GB</td>"));
    // The formulas under the table, and a provenance note per source document.
    CHECK(has(html, "<p class=\"provenance provenance-estimate\">Estimates, not measurements, "
                    "computed at build time by these formulas: Weights = params × bytes "
                    "[GB]; Tokens/s = bandwidth ÷ (params × bytes) [tokens/s]"));
    // Constants that read a figure name it in words; the inputs say value and kind per host.
    CHECK(has(html, "bandwidth = STREAM triad bandwidth [GB/s]"));
    CHECK(has(html, "Inputs: STREAM triad bandwidth: 2\u00A0TB/s (measured on this machine); "));
    CHECK(has(html, "STREAM triad bandwidth: 1\u00A0TB/s (reference measurement, ref-host)"));
    CHECK(has(html, "GPU memory: 40\u00A0GiB = 42.9\u00A0GB (reference measurement, ref-host)"));
    CHECK_FALSE(has(html, "{gpu.")); // no internal path in any note or title
    CHECK(has(html, "provenance-measured"));
    CHECK(has(html, "provenance-reference"));
}

TEST_CASE("estimate: missing inputs give missing estimates", "[estimate][missing]") {
    gg_test::BookCopy book;
    remove_figures(book);
    SECTION("a table becomes the one line, with its formulas") {
        const auto html = build(book, kTable);
        CHECK_FALSE(has(html, "<table"));
        // This build has no GPU: its columns would repeat the reference's, so they join the line.
        CHECK(has(html, "<p class=\"figures-missing\">Decode ceiling for Tokens/s — This machine, "
                        "Room — This machine, Tokens/s — Reference ref-host and Room — Reference "
                        "ref-host: no measured figures yet (this build has no GPU measurements; "
                        "the reference host has not been measured yet)"));
        CHECK(has(html, "provenance-estimate"));
        CHECK_FALSE(has(html, "tokens/s</td>"));
    }
    SECTION("an inline estimate in when-measured prose shows the fallback") {
        const auto html = build(book, "A `when-measured:` ceiling of " + kDecode +
                                          " `otherwise:` ceiling set by bandwidth `end:` here.\n");
        CHECK(has(html, "A <span class=\"figures-fallback\" title=\"not yet measured\">ceiling "
                        "set by bandwidth </span>here."));
        CHECK_FALSE(has(html, "tokens/s"));
    }
    SECTION("an inline estimate alone says so") {
        const auto html = build(book, "Ceiling " + kDecode + ".\n");
        CHECK(has(html, "<span class=\"not-measured\" title=\"not yet measured\">no "
                        "estimate</span>"));
    }
}

TEST_CASE("estimate: the Chinese page gets its own strings", "[estimate]") {
    gg_test::BookCopy book;
    set_figures(book);
    book.page("03-notes.md", "上限约 " + kDecode + "。\n", "zh");
    auto options = book.options(); // the repository's templates: their strings.json has zh
    options.templates_dir = gg_test::fs::path(GPUGUIDE_TESTS_DIR).parent_path() / "templates";
    gpuguide::render::build_site(options);
    const auto html = gg_test::read(book.out() / "zh" / "03-notes.html");
    CHECK(has(html, ">130\u00A0tokens/s<small class=\"estimate-mark\">（估算）</small>"));
    CHECK(has(html, "title=\"估算值，并非实测："));
}

TEST_CASE("estimate: significant figures and digit groups", "[estimate][format]") {
    gg_test::BookCopy book;
    set_figures(book);
    SECTION("digits=N asks for N significant figures inline") {
        const auto html =
            build(book, "`estimate:{gpu.stream/devices/0/triad} [GB/s] / 16 [GB/token] => tokens/s "
                        "digits=3` and `estimate:{gpu.stream/devices/0/triad} [GB/s] / 3 [GB] => "
                        "1/s digits=1`\n");
        CHECK(has(html, ">125\u00A0tokens/s<small"));
        CHECK(has(html, ">700\u00A01/s<small")); // 666.7 to one figure
    }
    SECTION("`digits:` sets a gg-estimate column's figures, records included") {
        std::string table = kTable;
        const std::string column = "unit: tokens/s}";
        table.replace(table.find(column), column.size(), "unit: tokens/s, digits: 3}");
        const std::string weights = "unit: GB}";
        table.replace(table.find(weights), weights.size(), "unit: GB, digits: 1}");
        const auto html = build(book, table);
        CHECK(has(html, ">62.5\u00A0tokens/s</td>"));
        CHECK(has(html, ">14.3\u00A0tokens/s</td>"));
        CHECK(has(html, ">100\u00A0GB</td>")); // 140 GB of weights to one figure
        CHECK(has(html, ">70\u00A0GB</td>"));  // the Room column keeps two
    }
    SECTION("long whole parts are grouped, in English and in Chinese") {
        // 2000 GB/s / 1000 B = 2e9 per second, 80 GiB / 80 kB = 1,073,741.8 tokens -> 1,100,000.
        const std::string spans =
            "`estimate:{gpu.specs/devices/0/memory_total} [GiB] / 80000 [B/token] => tokens` "
            "`estimate:{gpu.stream/devices/0/triad} [GB/s] / 1000 [B] => 1/s`\n";
        book.page("03-notes.md", "Ceilings " + spans, "en");
        book.page("03-notes.md", "上限 " + spans, "zh");
        auto options = book.options();
        options.templates_dir = gg_test::fs::path(GPUGUIDE_TESTS_DIR).parent_path() / "templates";
        gpuguide::render::build_site(options);
        for (const auto* lang : {"en", "zh"}) {
            CAPTURE(lang);
            const auto html = gg_test::read(book.out() / lang / "03-notes.html");
            CHECK(has(html, ">1,100,000\u00A0tokens<small"));
            CHECK(has(html, ">2,000,000,000\u00A01/s<small"));
        }
    }
}

TEST_CASE("estimate errors: file:line: estimate: problem", "[estimate][errors]") {
    // Front matter takes lines 1-3: the Markdown's line 1 is the file's line 4.
    CHECK(error_for("\n`estimate:{gpu.strem/devices/0/triad} [GB/s] / 2 [GB] => 1/s`\n")
              .starts_with("content/en/03-notes.md:5: estimate: no probe \"gpu.strem\" (known: "));
    CHECK(error_for("`estimate:{gpu.stream/devices/0/triad} [GB/s] / / 2 => 1/s`\n") ==
          "content/en/03-notes.md:4: estimate: bad formula `{gpu.stream/devices/0/triad} [GB/s] "
          "/ / 2`: expected a number, a name, a {probe/pointer} key or '(', found '/' (column "
          "39)");
    CHECK(error_for("`estimate:{gpu.stream/devices/0/triad} [GB/s] / 2 [GB] => GB`\n") ==
          "content/en/03-notes.md:4: estimate: the formula `{gpu.stream/devices/0/triad} [GB/s] "
          "/ 2 [GB]` gives 1/s, but its unit is GB (B): unit mismatch");
    CHECK(error_for("`estimate:{gpu.stream/devices/0/triad} [TFLOP/s] * 1 [s] => TFLOP`\n") ==
          "content/en/03-notes.md:4: estimate: {gpu.stream/devices/0/triad} is measured in GB/s, "
          "not in [TFLOP/s] (unit mismatch: B/s against FLOP/s)");
    CHECK(error_for("`estimate:{gpu.stream/devices/0/triad} [GB/s] * 2`\n")
              .starts_with("content/en/03-notes.md:4: estimate: write `estimate:FORMULA => UNIT`"));
    CHECK(error_for("`estimate:16 [GB] / 2 [GB] => 1`\n") ==
          "content/en/03-notes.md:4: estimate: the formula reads no measured or datasheet figure "
          "({PROBE/POINTER} [UNIT], {datasheet:FIELD} [UNIT]); write the result as plain text");
    CHECK(error_for(kFence +
                    "gg-estimate\nestimates:\n  - {label: X, formula: bw / 2, unit: "
                    "1/s}\nrows:\n  - {label: a}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:8: gg-estimate: `X`: bad formula `bw / 2`: unknown name \"bw\" "
          "(column 1); no constants are defined here");
    CHECK(error_for(kFence +
                    "gg-estimate\nconstants: {a: b, b: a}\nestimates:\n  - {label: X, "
                    "formula: a, unit: 1}\nrows:\n  - {label: r}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:9: gg-estimate: `X`: constant `a`: constant `b`: constant `a` "
          "is defined through itself");
    CHECK(error_for(kFence +
                    "gg-estimate\nestimates:\n  - {label: X, formula: 1 +, unit: 1}\n"
                    "rows:\n  - {label: a}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:6: gg-estimate: bad formula `1 +`: the formula ends where a "
          "number, a name or a key belongs (column 4)");
    CHECK(error_for("`estimate:{gpu.stream/devices/0/triad} [GB/s] / 2 [GB] => 1/s digits=0`\n") ==
          "content/en/03-notes.md:4: estimate: `digits` (significant figures) must be a whole "
          "number from 1 to 6, not 0");
    CHECK(error_for("`estimate:{gpu.stream/devices/0/triad} [GB/s] / 2 [GB] => 1/s digits=`\n") ==
          "content/en/03-notes.md:4: estimate: `digits` (significant figures) must be a whole "
          "number from 1 to 6, not \"\"");
    CHECK(error_for(kFence +
                    "gg-estimate\nestimates:\n  - {label: X, formula: 1, unit: 1, digits: 2.5}\n"
                    "rows:\n  - {label: a}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:6: gg-estimate: `digits` must be a whole number from 1 to 6, "
          "not 2.5");
}
