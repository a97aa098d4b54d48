// The build's order: the whole book is loaded and checked first, then only the probes its pages
// use are measured (none: no process at all), and measured or cached figures give equal pages.
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "load/error.hpp"
#include "render/site.hpp"

#include <sys/stat.h>

namespace {

using gg_test::BookCopy;
namespace fs = std::filesystem;

/// A stand-in for gpuguide-probe that only notes each start (its arguments) in a log and fails:
/// a test sees whether, and how, the build started a probe process.
struct ProbeSpy {
    gg_test::TempDir dir;
    fs::path exe = dir.path() / "gpuguide-probe";
    fs::path log = dir.path() / "started.log";
    ProbeSpy() {
        gg_test::write(exe, "#!/bin/sh\necho \"$@\" >> '" + log.string() + "'\nexit 3\n");
        ::chmod(exe.c_str(), 0755);
    }
    std::string started() const { return fs::exists(log) ? gg_test::read(log) : ""; }
};

/// The fixture book's options, but measuring with `spy` instead of the fixture's document.
gpuguide::render::BuildOptions measuring(const BookCopy& book, const ProbeSpy& spy) {
    auto options = book.options();
    options.measure.this_document.clear();
    options.measure.mode = "auto";
    options.measure.probe_exe = spy.exe;
    options.measure.cache_dir = spy.dir.path() / "cache";
    options.measure.quiet = true;
    return options;
}

std::string error_of(const gpuguide::render::BuildOptions& options) {
    try {
        gpuguide::render::build_site(options);
    } catch (const gpuguide::InputError& error) {
        return error.what();
    }
    return "";
}

} // namespace

TEST_CASE("content errors are reported before any probe runs", "[site][pipeline][errors]") {
    BookCopy book;
    ProbeSpy spy;
    SECTION("a broken SUMMARY line") {
        gg_test::write(book.content() / "en" / "SUMMARY.md",
                       gg_test::read(book.content() / "en" / "SUMMARY.md") + "\nnot an entry\n");
        CHECK(error_of(measuring(book, spy)).find("SUMMARY.md:") != std::string::npos);
    }
    SECTION("a directive naming a probe that does not exist") {
        book.page("03-notes.md", "`value:gpu.strem/devices/0/triad`\n");
        const auto message = error_of(measuring(book, spy));
        CHECK(message.find("03-notes.md:4: value: no probe \"gpu.strem\" (known: ") !=
              std::string::npos);
    }
    SECTION("a host no document names") {
        book.page("03-notes.md", "`value:nowhere:gpu.stream/devices/0/triad`\n");
        CHECK(error_of(measuring(book, spy)).find("no host \"nowhere\"") != std::string::npos);
    }
    CHECK(spy.started().empty());
    CHECK_FALSE(fs::exists(book.out()));
}

TEST_CASE("a book that uses no probe of this machine starts no process", "[site][pipeline]") {
    BookCopy book;
    ProbeSpy spy;
    for (const auto* lang : {"en", "zh"}) {
        book.page("01-measured.md",
                  "# Reference only\n\n`value:reference:gpu.stream/devices/0/triad`\n", lang);
        book.page("index.md", "# Plain\n\nNo figures of this machine here.\n", lang);
        book.page("02-catalogue.md",
                  "# Catalogue\n\n```gg-data\ndata: chips\ncolumns: [name, year]\n```\n\n"
                  "`data:chips/new-card/bandwidth_gbs`\n",
                  lang);
    }
    auto options = measuring(book, spy);
    options.force = false;
    const auto report = gpuguide::render::build_site(options);
    CHECK(report.probes.empty());
    CHECK(report.probe_processes == 0);
    CHECK(spy.started().empty());
    CHECK(report.pages > 0);
    // The no-change rebuild starts nothing either.
    CHECK(gpuguide::render::build_site(options).up_to_date);
    CHECK(spy.started().empty());
}

TEST_CASE("an estimate's measured figures are probes asked of this machine",
          "[site][pipeline][estimate]") {
    BookCopy book;
    ProbeSpy spy;
    for (const auto* lang : {"en", "zh"}) {
        book.page("01-measured.md",
                  "# Estimate only\n\n`estimate:6 * 1e9 * 2e10 [FLOP] / "
                  "{gpu.gemm/devices/0/precisions/bf16/best} [TFLOP/s] => h`\n",
                  lang);
        book.page("index.md", "# Plain\n\nNo figures of this machine here.\n", lang);
        book.page("02-catalogue.md", "# Catalogue\n\nNone.\n", lang);
        book.page("03-notes.md", "# Notes\n\nNone.\n", lang);
    }
    const auto report = gpuguide::render::build_site(measuring(book, spy));
    CHECK(report.probes == std::set<std::string>{"gpu.gemm"});
}

TEST_CASE("a book's probes of this machine are the only ones asked for", "[site][pipeline]") {
    BookCopy book;
    ProbeSpy spy;
    const auto report = gpuguide::render::build_site(measuring(book, spy));
    // The fixture's pages ask this machine for these; `reference:` values and host columns of
    // other hosts need no probe.
    CHECK(report.probes == std::set<std::string>{"cpu.info", "cpu.stream", "gpu.gemm",
                                                 "gpu.latency", "gpu.multi", "gpu.specs",
                                                 "gpu.stream"});
    // The spy fails its identity run, so that is the only process; pages fall back to the
    // reference, as on a host whose gpuguide-probe does not work.
    CHECK(spy.started() == "--identity --json-out " +
                               (spy.dir.path() / "cache" / "probes" / "scratch").string() +
                               "/identity-" + std::to_string(::getpid()) + ".json\n");
    CHECK(report.probe_processes == 1);
}

TEST_CASE("figures measured by this build and the same figures from the cache give equal sites",
          "[site][pipeline][determinism]") {
    BookCopy book;
    gg_test::TempDir cache;
    auto options = book.options();
    options.measure.this_document.clear();
    options.measure.cache_dir = cache.path();
    options.measure.quiet = true;
    options.measure.mode = "fresh"; // the whole suite, as when a reference is made
    const auto first_report = gpuguide::render::build_site(options);
    // Every build has the probe runner and gpuguide-probe (its CPU probes run anywhere): a build
    // that started no probe process checked nothing, so it fails here.
    REQUIRE(first_report.probe_processes > 0);
    CHECK(first_report.measurement_source.find("measured by this build") != std::string::npos);
    CHECK(first_report.measurement_source.find("0 from the cache") != std::string::npos);
    const auto first = gg_test::tree(book.out());
    options.measure.mode = "auto";
    const auto second_report = gpuguide::render::build_site(options);
    CHECK(second_report.measurement_source.find("0 measured by this build") != std::string::npos);
    const auto second = gg_test::tree(book.out());
    CHECK(first.size() == second.size());
    for (const auto& [path, bytes] : first) {
        INFO("file " << path);
        CHECK(second.at(path) == bytes);
    }
    // This machine's CPU figures are on the page, named by host and date, not by how obtained.
    const auto index = second.at("en/index.html");
    CHECK(index.find("measured on this machine, ") != std::string::npos);
    CHECK(index.find("cache") == std::string::npos);
}
