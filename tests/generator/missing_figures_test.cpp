// Pages that read well when a measured figure is missing: `when-measured:` prose, host columns
// without a figure collapsed into one line, datasheet figures for an unmeasured reference, charts
// without data. Built from the basic fixture book, whose own document skips gpu.multi ("one GPU").
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

using gg_test::error_for;

namespace {

using gg_test::kFence;

// The fixture's reference turned into a placeholder: every probe "not yet measured".
void make_reference_placeholder(const gg_test::BookCopy& book) {
    const auto file = book.content() / "measurements" / "reference" / "ref-host.json";
    auto document = nlohmann::json::parse(gg_test::read(file));
    document["placeholder"] = true;
    for (auto& [key, probe] : document["probes"].items()) {
        probe = {{"status", "skipped"},
                 {"reason", "not yet measured"},
                 {"duration_s", 0.0},
                 {"result", nullptr}};
    }
    gg_test::write(file, document.dump());
}

// This build's own document without GPU figures: every gpu.* probe a use_reference skip.
void make_this_gpu_less(const gg_test::BookCopy& book) {
    const auto file = book.root() / "this-host.json";
    auto document = nlohmann::json::parse(gg_test::read(file));
    for (auto& [key, probe] : document["probes"].items()) {
        if (key.starts_with("gpu.")) {
            probe = {{"status", "skipped"},
                     {"reason", "no usable GPU"},
                     {"use_reference", true},
                     {"duration_s", 0.0},
                     {"result", nullptr}};
        }
    }
    gg_test::write(file, document.dump());
}

std::string build(const gg_test::BookCopy& book, const std::string& markdown,
                  const std::string& lang = "en") {
    return book.build_notes_page(markdown, lang);
}

using gg_test::has;

// A one-row STREAM table (triad) over `hosts`, e.g. "[this, reference]".
std::string stream_table(const std::string& hosts) {
    return kFence + "gg-table\ntitle: STREAM\nprobe: gpu.stream\nhosts: " + hosts +
           "\nrows:\n  - {label: Triad, value: /devices/0/triad}\n" + kFence + "\n";
}

const std::string kConditional = "Intro. `when-measured:` Triad reached "
                                 "`value:gpu.stream/devices/0/triad`. `otherwise:` A GPU build "
                                 "quotes triad here. `end:` Outro.\n";

} // namespace

TEST_CASE("when-measured: the sentence shows when its figures exist, without the fallback",
          "[directives][missing]") {
    gg_test::BookCopy book;
    const auto html = build(book, kConditional);
    CHECK(has(html, "Triad reached <strong class=\"measured\""));
    CHECK(has(html, ">3.01\u00A0TB/s</strong>"));
    CHECK_FALSE(has(html, "A GPU build quotes triad here"));
    CHECK_FALSE(has(html, "when-measured"));
    CHECK_FALSE(has(html, "<code>end:</code>"));
    CHECK(has(html, "Intro."));
    CHECK(has(html, "Outro."));
}

TEST_CASE("when-measured: a missing figure shows the fallback, never 'not measured'",
          "[directives][missing]") {
    gg_test::BookCopy book;
    make_this_gpu_less(book);
    make_reference_placeholder(book);
    const auto html = build(book, kConditional);
    CHECK(has(html, "Intro. <span class=\"figures-fallback\" title=\"not yet measured\">A GPU "
                    "build quotes triad here. </span>Outro."));
    CHECK_FALSE(has(html, "Triad reached"));
    CHECK_FALSE(has(html, "not measured"));
    CHECK_FALSE(has(html, "otherwise:"));
    CHECK(has(html, "Intro."));
    CHECK(has(html, "Outro."));
}

TEST_CASE("when-measured: without a fallback the sentence goes, and an emptied paragraph too",
          "[directives][missing]") {
    gg_test::BookCopy book;
    // gpu.multi is skipped ("one GPU") on the fixture's own machine.
    const auto html =
        build(book, "Before.\n\n`when-measured:` P2P: `value:gpu.multi/p2p`. "
                    "`end:`\n\nAfter `when-measured:` *all-reduce "
                    "`value:gpu.multi/nccl_allreduce`* `end:`.\n\n"
                    "* `when-measured:` NCCL `value:gpu.multi/nccl_allreduce` `end:`\n");
    CHECK_FALSE(has(html, "P2P"));
    CHECK_FALSE(has(html, "all-reduce"));
    CHECK_FALSE(has(html, "<p></p>"));
    CHECK(has(html, "<p>Before.</p>"));
    CHECK(has(html, "<p>After .</p>"));
    CHECK_FALSE(has(html, "NCCL"));
    CHECK_FALSE(has(html, "<li></li>")); // the emptied item and its list go too
    CHECK_FALSE(has(html, "<ul>\n</ul>"));
}

TEST_CASE("when-measured: a value in the fallback resolves too, whichever branch shows",
          "[directives][missing]") {
    CHECK(error_for("`when-measured:` `value:gpu.stream/devices/0/triad` `otherwise:` "
                    "`value:gpu.stream/devices/0/tirad` `end:`\n") ==
          "content/en/03-notes.md:4: value: no value at \"/devices/0/tirad\" (known at "
          "\"/devices/0\": copy, triad)");
}

TEST_CASE("when-measured: marker errors are file:line: when-measured: problem",
          "[directives][missing][errors]") {
    CHECK(error_for("Text\n`when-measured:` `value:gpu.stream/devices/0/triad`\n") ==
          "content/en/03-notes.md:5: when-measured: not closed: end it with `end:` in the same "
          "paragraph (outside emphasis and links)");
    CHECK(error_for("One\n\ntwo `end:`\n") ==
          "content/en/03-notes.md:6: when-measured: end: without a `when-measured:` before it in "
          "the same paragraph (markers pair only within one paragraph)");
    CHECK(error_for("`when-measured:` a `when-measured:` `value:gpu.stream/devices/0/triad` "
                    "`end:` `end:`\n") ==
          "content/en/03-notes.md:4: when-measured: a `when-measured:` cannot sit inside another "
          "one");
    CHECK(error_for("`when-measured:` no figure `otherwise:` x `end:`\n") ==
          "content/en/03-notes.md:4: when-measured: no `value:` or `estimate:` before its "
          "`otherwise:`, so "
          "nothing decides whether it shows");
    CHECK(error_for("`when-measured:` `value:gpu.stream/devices/0/triad` `otherwise:` a "
                    "`otherwise:` b `end:`\n") ==
          "content/en/03-notes.md:4: when-measured: a second `otherwise:` (one fallback per "
          "`when-measured:`)");
}

TEST_CASE("gg-table: a host column without a figure becomes one line: what, why, how",
          "[directives][missing]") {
    gg_test::BookCopy book;
    make_reference_placeholder(book);
    const auto html = build(book, stream_table("[this, reference]"));
    CHECK(has(html, ">This machine</th>"));
    CHECK_FALSE(has(html, "ref-host</th>"));
    CHECK(has(html, ">3.01\u00A0TB/s</td>"));
    CHECK_FALSE(has(html, "not measured"));
    CHECK(has(html,
              "<p class=\"figures-missing\">STREAM for the reference machine ref-host: no measured "
              "figures yet (the reference host has not been measured yet). A build on a "
              "host with an NVIDIA GPU fills them in.</p>"));
    CHECK_FALSE(has(html, "provenance-placeholder")); // the line replaces the column's note
}

TEST_CASE(
    "gg-table: only a placeholder document reads as 'not measured yet', never a reason's text",
    "[directives][missing]") {
    gg_test::BookCopy book;
    // A real (not placeholder) reference whose STREAM probe skipped with a reason that happens to
    // read like the placeholder's: the line gives the probe's reason, not "not been measured yet".
    const auto file = book.content() / "measurements" / "reference" / "ref-host.json";
    auto document = nlohmann::json::parse(gg_test::read(file));
    document["probes"]["gpu.stream"] = {{"status", "skipped"},
                                        {"reason", "not yet measured"},
                                        {"duration_s", 0.0},
                                        {"result", nullptr}};
    gg_test::write(file, document.dump());
    const auto html = build(book, stream_table("[reference]"));
    CHECK(has(html,
              "<p class=\"figures-missing\">STREAM for the reference machine ref-host: no measured "
              "figures (not yet measured).</p>"));
    CHECK_FALSE(has(html, "has not been measured yet"));
}

TEST_CASE("gg-table: with no column left, the line alone stands for the table, in Chinese too",
          "[directives][missing]") {
    gg_test::BookCopy book;
    make_this_gpu_less(book);
    make_reference_placeholder(book);
    const auto table = stream_table("[this, reference]");
    const auto html = build(book, table);
    CHECK_FALSE(has(html, "<table"));
    CHECK(has(
        html,
        "<p class=\"figures-missing\">STREAM for this machine and the reference machine ref-host: "
        "no measured figures yet (this build has no GPU measurements; the reference "
        "host has not been measured yet)."));
    // The fixture's strings.json has no such strings: the built-in theme's Chinese answers.
    const auto zh = build(book, table, "zh");
    CHECK(has(zh,
              "<p class=\"figures-missing\">STREAM（本机和参考机 ref-host）：暂无实测数据（本次构建"
              "没有 GPU 测量结果；参考机尚未测量）。"));
}

TEST_CASE("gg-table: without a GPU here, 'This machine' beside the measured reference collapses "
          "into the line instead of repeating the reference's figures",
          "[directives][missing]") {
    gg_test::BookCopy book;
    make_this_gpu_less(book);
    const auto both = build(book, stream_table("[this, reference]"));
    CHECK(has(both, "<p class=\"figures-missing\">STREAM for this machine: no measured figures "
                    "yet (this build has no GPU measurements). A build on a host with an NVIDIA "
                    "GPU fills them in."));
    CHECK_FALSE(has(both, ">This machine</th>"));
    CHECK(has(both, "Reference ref-host</th>"));
    CHECK(has(both, "<td class=\"kind-reference num\""));
    CHECK_FALSE(has(both, "kind-datasheet")); // the reference is measured: no stand-in for it
    // Alone, the column shows the reference's figures under the reference's name: a header
    // "This machine" over another host's figures would claim more than they are.
    const auto alone = build(book, stream_table("[this]"));
    CHECK_FALSE(has(alone, "figures-missing"));
    CHECK_FALSE(has(alone, ">This machine</th>"));
    CHECK(has(alone, ">Reference ref-host</th>"));
    CHECK(has(alone, "<td class=\"kind-reference num\""));
}

TEST_CASE("gg-table: the reference's datasheet figure stands in for it, labelled as datasheet",
          "[directives][missing]") {
    gg_test::BookCopy book;
    make_this_gpu_less(book);
    make_reference_placeholder(book);
    const auto html = build(
        book, kFence +
                  "gg-table\ntitle: STREAM\nprobe: gpu.stream\nhosts: [this, reference]\n"
                  "datasheet: chips/new-card\nrows:\n"
                  "  - {label: Copy, value: /devices/0/copy}\n"
                  "  - {label: Triad, value: /devices/0/triad}\n"
                  "  - {label: Peak, probe: gpu.specs, value: /devices/0/peak/memory_bandwidth, "
                  "datasheet: bandwidth_gbs}\n" +
                  kFence + "\n");
    CHECK(has(html, "<th scope=\"col\" class=\"kind-datasheet\">Test GPU 80GB datasheet</th>"));
    CHECK(has(html, "<td class=\"kind-datasheet num\" title=\"datasheet figure from the catalogue, "
                    "not a measurement\">3.35\u00A0TB/s</td>"));
    CHECK_FALSE(has(html, ">Copy<")); // a row with nothing but dashes says nothing
    CHECK(has(html, "<p class=\"provenance provenance-datasheet\">Test GPU 80GB: datasheet figures "
                    "from the catalogue (Chips, as of 2026-11), not measurements.</p>"));
    CHECK(has(
        html,
        "<p class=\"figures-missing\">STREAM for this machine and the reference machine ref-host"));
}

TEST_CASE("gg-table: no datasheet column while the reference has figures",
          "[directives][missing]") {
    gg_test::BookCopy book;
    make_this_gpu_less(book); // `this` falls back to the measured reference
    const auto html = build(book, kFence +
                                      "gg-table\nprobe: gpu.stream\ndatasheet: chips/new-card\n"
                                      "rows:\n  - {label: Triad, value: /devices/0/triad, "
                                      "datasheet: bandwidth_gbs}\n" +
                                      kFence + "\n");
    CHECK_FALSE(has(html, "kind-datasheet"));
    CHECK_FALSE(has(html, "figures-missing"));
    CHECK(has(html, ">3.31\u00A0TB/s</td>"));
}

TEST_CASE("gg-table: a partly measured column keeps a dash per missing cell, reason as title",
          "[directives][missing]") {
    gg_test::BookCopy book;
    const auto html = build(book, kFence +
                                      "gg-table\ntitle: Mixed\nrows:\n"
                                      "  - {label: Triad, probe: gpu.stream, value: "
                                      "/devices/0/triad}\n"
                                      "  - {label: P2P, probe: gpu.multi, value: /p2p}\n" +
                                      kFence + "\n");
    CHECK(has(html, ">3.01\u00A0TB/s</td>"));
    CHECK(has(html, "<tr><th scope=\"row\">P2P</th><td class=\"kind-measured\" title=\"one "
                    "GPU\">—</td></tr>"));
    CHECK_FALSE(has(html, "figures-missing"));
    CHECK_FALSE(has(html, "not measured</td>"));
}

TEST_CASE("gg-table: datasheet errors are file:line: gg-table: problem",
          "[directives][missing][errors]") {
    CHECK(error_for(kFence +
                    "gg-table\nprobe: gpu.stream\nrows:\n  - {label: T, value: "
                    "/devices/0/triad, datasheet: bandwidth_gbs}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:7: gg-table: a row's `datasheet:` beside a `value:` needs the "
          "table's `datasheet:` record (e.g. datasheet: gpus/h100-sxm)");
    CHECK(error_for(kFence +
                    "gg-table\nprobe: gpu.stream\ndatasheet: chips/no-card\nrows:\n"
                    "  - {label: T, value: /devices/0/triad}\n" +
                    kFence + "\n") ==
          "content/en/03-notes.md:6: gg-table: no record \"no-card\" in content/data/chips.json "
          "(write `datasheet: FILE/KEY`, e.g. datasheet: gpus/h100-sxm)");
    const auto unknown_field =
        error_for(kFence +
                  "gg-table\nprobe: gpu.stream\ndatasheet: chips/new-card\nrows:\n"
                  "  - {label: T, value: /devices/0/triad, datasheet: bandwith_gbs}\n" +
                  kFence + "\n");
    CHECK(unknown_field.starts_with("content/en/03-notes.md:8: gg-table: no column "
                                    "\"bandwith_gbs\" in "));
}

TEST_CASE("gg-chart: a chart without data is the same one line", "[directives][missing]") {
    gg_test::BookCopy book;
    make_this_gpu_less(book);
    make_reference_placeholder(book);
    const auto html = build(book, kFence +
                                      "gg-chart\ntype: roofline\ntitle: Roofline\n"
                                      "precisions: [fp32]\n" +
                                      kFence + "\n");
    CHECK(has(html, "<figure class=\"chart chart-unmeasured\" id=\"page-03-notes-chart-1\">"
                    "<p class=\"figures-missing\">Roofline: no measured figures yet (this build "
                    "has no GPU measurements; the reference host has not been measured yet). A "
                    "build on a host with an NVIDIA GPU fills them in.</p>"));
    CHECK_FALSE(has(html, "<svg"));
    CHECK_FALSE(has(html, "provenance-placeholder"));
}
