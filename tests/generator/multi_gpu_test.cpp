// A measured gpu.multi result rendered: the directives of the guide's multi-GPU page (the table
// and the inline value of content/*/19-multi-gpu.md, copied here so that this test does not follow
// edits to the guide's prose) built against the synthetic two-GPU document
// (tests/books/full_shape_document.py), with peer-to-peer copies and an NCCL all-reduce.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

#include <nlohmann/json.hpp>

namespace {

using gg_test::kFence;

const std::string kMultiGpuPage =
    kFence +
    "gg-table\n"
    "title: Peer-to-peer and NCCL all-reduce bandwidth\n"
    "probe: gpu.multi\n"
    "hosts: [this, reference]\n"
    "rows:\n"
    "  - {label: \"P2P copy GPU 0 → GPU 1 (GB/s)\", value: /p2p/bandwidth/0/1}\n"
    "  - {label: \"P2P copy GPU 1 → GPU 0 (GB/s)\", value: /p2p/bandwidth/1/0}\n"
    "  - {label: NCCL all-reduce bus bandwidth, value: /nccl_allreduce/bus_bandwidth}\n"
    "  - {label: NCCL all-reduce message size (bytes), value: /nccl_allreduce/bytes}\n" +
    kFence +
    "\n\n`when-measured:` On the machine this guide was built on, the NCCL all-reduce bus "
    "bandwidth is `value:gpu.multi/nccl_allreduce/bus_bandwidth`. `otherwise:` A build on a host "
    "with two or more GPUs quotes its NCCL all-reduce bus bandwidth here. `end:`\n";

/// The table row whose first cell is `label`, from <tr to </tr>; "" when there is none.
std::string row(const std::string& html, const std::string& label) {
    const auto at = html.find(">" + label + "<");
    if (at == std::string::npos)
        return "";
    const auto start = html.rfind("<tr", at);
    return html.substr(start, html.find("</tr>", at) - start);
}

} // namespace

TEST_CASE("gpu.multi measured on two GPUs: P2P and NCCL figures in the table and the sentence",
          "[directives]") {
    const auto document =
        nlohmann::json::parse(gg_test::read(GPUGUIDE_FULL_SHAPE_DOCUMENT))["probes"]["gpu.multi"];
    REQUIRE(document["status"] == "ok");
    REQUIRE(document["result"]["devices"] == 2);
    gg_test::BookCopy book;
    book.page("03-notes.md", kMultiGpuPage);
    auto options = book.options();
    options.measure.this_document = GPUGUIDE_FULL_SHAPE_DOCUMENT;
    gpuguide::render::build_site(options);
    const std::string html = gg_test::read(book.out() / "en" / "03-notes.html");
    INFO(html.substr(html.find("<main"), 6000));
    // The document's P2P matrix: 370.0 GB/s from GPU 0 to 1, 367.5 back (three significant
    // figures, as every figure); each direction in its own row, measured on this machine.
    const std::string to_1 = row(html, "P2P copy GPU 0 → GPU 1 (GB/s)");
    const std::string to_0 = row(html, "P2P copy GPU 1 → GPU 0 (GB/s)");
    CHECK(gg_test::has(to_1, "class=\"kind-measured num\""));
    CHECK(gg_test::has(to_1, ">370</td>"));
    CHECK(gg_test::has(to_0, ">368</td>"));
    // The all-reduce: a measured metric with its unit, and the message size in bytes.
    CHECK(gg_test::has(row(html, "NCCL all-reduce bus bandwidth"), ">352\u00A0GB/s</td>"));
    CHECK(gg_test::has(row(html, "NCCL all-reduce message size (bytes)"), ">268,435,456</td>"));
    // The reference host has one GPU: its column collapses into one line that says so.
    CHECK(gg_test::has(html,
                       "for the reference machine ref-host: no measured figures (one GPU).</p>"));
    // The sentence quotes this machine's figure, and its fallback is gone.
    CHECK(gg_test::has(html, "the NCCL all-reduce bus bandwidth is <strong class=\"measured\""));
    CHECK(gg_test::has(html, ">352\u00A0GB/s</strong>."));
    CHECK_FALSE(gg_test::has(html, "A build on a host with two or more GPUs"));
    CHECK_FALSE(gg_test::has(html, "figures-fallback"));
}
