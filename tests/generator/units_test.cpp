// Unit conversion: SI prefixes convert, different quantities refuse, and charts use it so that a
// CPU's GB/s and a GPU's TB/s (or GFLOP/s and TFLOP/s) share one axis honestly.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "measure/store.hpp"

using gpuguide::measure::convert_unit;

TEST_CASE("convert_unit: SI prefixes of one quantity convert, others do not", "[units]") {
    CHECK(convert_unit(2500, "GFLOP/s", "TFLOP/s").value() == Approx(2.5));
    CHECK(convert_unit(3, "TB/s", "GB/s").value() == Approx(3000));
    CHECK(convert_unit(1.5, "µs", "ns").value() == Approx(1500));
    CHECK(convert_unit(800, "MB/s", "GB/s").value() == Approx(0.8));
    CHECK(convert_unit(42, "GB/s", "").value() == 42);
    CHECK(convert_unit(42, "", "GB/s").value() == 42);
    CHECK(convert_unit(7, "W", "W").value() == 7);
    CHECK_FALSE(convert_unit(1, "GB/s", "TFLOP/s").has_value());
    CHECK_FALSE(convert_unit(1, "MiB", "MB").has_value());
}

namespace {
using gg_test::kFence;

std::string chart_page(const std::string& axis_unit) {
    gg_test::BookCopy book;
    book.page("03-notes.md",
              kFence +
                  "gg-chart\ntype: bar\ntitle: CPU vs GPU\ny: {label: Triad, unit: " + axis_unit +
                  "}\nseries:\n"
                  "  - {label: CPU, value: cpu.stream/triad}\n"
                  "  - {label: GPU, value: gpu.stream/devices/0/triad}\n" +
                  kFence + "\n");
    gpuguide::render::build_site(book.options());
    return gg_test::read(book.out() / "en" / "03-notes.html");
}
} // namespace

TEST_CASE("gg-chart: measured bars are converted to the axis unit", "[units][directives]") {
    // The fixture's CPU triad is 41.26 GB/s and its GPU triad 3010.2 GB/s: in TB/s the data
    // table must show the GPU near 3 and the CPU at 0.04126, not the raw GB/s figures.
    const auto html = chart_page("TB/s");
    CHECK(html.find(">3.01<") != std::string::npos);
    CHECK(html.find(">0.04126<") != std::string::npos);
    CHECK(html.find(">3010<") == std::string::npos);
}

TEST_CASE("gg-chart: an axis unit of another quantity fails the build", "[units][errors]") {
    gg_test::BookCopy book;
    book.page("03-notes.md", kFence +
                                 "gg-chart\ntype: bar\ntitle: X\ny: {label: Y, unit: TFLOP/s}\n"
                                 "series:\n  - {label: GPU, value: gpu.stream/devices/0/triad}\n" +
                                 kFence + "\n");
    const auto message = book.build_error();
    CHECK(message.find("03-notes.md:") != std::string::npos);
    CHECK(message.find("gg-chart: a value in GB/s cannot be drawn on an axis in TFLOP/s") !=
          std::string::npos);
}
