// The highlight cache (issue 61): blocks highlighted by an earlier build are read back from
// --cache-dir and give the same HTML as highlighting them again; a cache file of another program
// or a damaged one is never trusted.
#include "built_in_theme.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"
#include "highlight/cache.hpp"
#include "highlight/highlight.hpp"

#include <fstream>
#include <string>
#include <vector>

namespace hl = gpuguide::highlight;
namespace fs = std::filesystem;

namespace {

const hl::TokenTags tags = [](const char* css) -> const auto& {
    return gpuguide::test::built_in_templates().cached_wrapper("code-token", "class", css);
};

struct Sample {
    std::string language;
    std::vector<std::string_view> lines;
};

// Blocks with what the HTML is most easily got wrong on: UTF-8 beside tokens, a comment over two
// lines, CUDA's words in C++, spaces between two tokens of one class, an empty line, bytes that
// are not UTF-8.
const std::vector<Sample>& samples() {
    static const std::vector<Sample> blocks = {
        {"rust", {"let s = \"显存 — 𝔸\"; // 注释", "/* a", "", "b */"}},
        {"cuda", {"__global__ void k(float* y) {", "    y[threadIdx.x] = 0.0f;", "}"}},
        {"python", {"import torch", "x = 1  # one"}},
        {"bash", {"for f in *.md; do echo \"$f\"; done"}},
        {"cpp", {"\xff\xff int x = 1; // \x88\xfc", "int \xe5\x96 z;"}},
    };
    return blocks;
}

std::vector<std::string> fresh(const Sample& sample) {
    const auto html = hl::lines_html(sample.language, sample.lines, tags);
    REQUIRE(html);
    return *html;
}

std::vector<std::string> cached(const Sample& sample, hl::Cache& cache) {
    const auto html = hl::lines_html(sample.language, sample.lines, tags, &cache);
    REQUIRE(html);
    return *html;
}

std::string read_bytes(const fs::path& file) {
    return gg_test::read(file);
}

// A cache file holding every sample, as a build by `stamp` would leave it.
void save_samples(const fs::path& file, const std::string& stamp) {
    hl::Cache cache(file, stamp);
    for (const auto& sample : samples()) {
        cached(sample, cache);
    }
    cache.save(false);
}

// Each sample's tokens in `cache` (line ends; piece ends and classes), in the samples' order.
std::vector<std::pair<std::vector<std::uint32_t>, std::vector<std::pair<std::uint32_t, int>>>>
tokens_of(hl::Cache& cache) {
    std::vector<std::pair<std::vector<std::uint32_t>, std::vector<std::pair<std::uint32_t, int>>>>
        all;
    for (const auto& sample : samples()) {
        const hl::Tokens* tokens = cache.find(hl::Cache::key(sample.language, sample.lines));
        REQUIRE(tokens != nullptr);
        auto& [line_ends, pieces] = all.emplace_back();
        line_ends = tokens->line_ends;
        for (const auto& piece : tokens->pieces) {
            pieces.emplace_back(piece.end(), piece.css());
        }
    }
    return all;
}

} // namespace

TEST_CASE("a block from the highlight cache, in this run or read back from its file, is the HTML "
          "highlighting gives",
          "[highlight][cache]") {
    gg_test::TempDir dir;
    const auto file = dir.path() / "highlight" / "blocks";
    std::vector<std::pair<std::vector<std::uint32_t>, std::vector<std::pair<std::uint32_t, int>>>>
        written;
    {
        hl::Cache cache(file, "gpuguide test");
        for (const auto& sample : samples()) {
            INFO(sample.language);
            CHECK(cached(sample, cache) == fresh(sample));
        }
        CHECK(cache.counts().added == samples().size());
        // The same block again in this run (a bilingual book's second language): not highlighted.
        for (const auto& sample : samples()) {
            CHECK(cached(sample, cache) == fresh(sample));
        }
        // The language word is matched without regard to case, as the highlighter matches it.
        CHECK(cached({"RUST", samples()[0].lines}, cache) == fresh(samples()[0]));
        CHECK(cache.counts().added == samples().size());
        CHECK(cache.counts().found == samples().size() + 1);
        cache.save(/*keep_unused=*/false);
        written = tokens_of(cache);
    }
    REQUIRE(fs::exists(file));
    hl::Cache again(file, "gpuguide test");
    // Read back as written, token for token (HTML alone would not tell: tokens that do not fit
    // their text are highlighted afresh).
    CHECK(tokens_of(again) == written);
    for (const auto& sample : samples()) {
        INFO(sample.language);
        CHECK(cached(sample, again) == fresh(sample));
    }
    CHECK(again.counts().read == samples().size());
    CHECK(again.counts().found == 2 * samples().size());
    CHECK(again.counts().added == 0);
    // The same text in another language is another block.
    const Sample as_python{"python", samples()[0].lines};
    CHECK(cached(as_python, again) == fresh(as_python));
    CHECK(fresh(as_python) != fresh(samples()[0]));
    // Another text is another block.
    CHECK(cached({"rust", {"let s = 2;"}}, again) == fresh({"rust", {"let s = 2;"}}));
    CHECK(again.counts().added == 2);
    // An unknown language is shown plain, with or without a cache.
    CHECK_FALSE(hl::lines_html("no-such-language", {"x"}, tags, &again));
}

TEST_CASE("a highlight cache file of another program, or damaged anywhere, is not trusted",
          "[highlight][cache]") {
    gg_test::TempDir dir;
    const auto file = dir.path() / "blocks";
    save_samples(file, "gpuguide one");
    const std::string good = read_bytes(file);

    SECTION("another program's file is read as empty, and replaced") {
        {
            hl::Cache other(file, "gpuguide two");
            for (const auto& sample : samples()) {
                CHECK(cached(sample, other) == fresh(sample));
            }
            CHECK(other.counts().read == 0);
            CHECK(other.counts().added == samples().size());
            other.save(false);
        }
        hl::Cache two(file, "gpuguide two");
        cached(samples()[0], two);
        CHECK(two.counts().read == samples().size());
    }

    SECTION("any one byte changed, or the file cut short anywhere, gives an empty cache") {
        // Every position: a flipped bit in a token's class or end would colour a token wrongly.
        for (std::size_t at = 0; at < good.size(); ++at) {
            for (const bool cut : {false, true}) {
                std::string bad = good;
                if (cut) {
                    bad.resize(at);
                } else {
                    bad[at] = static_cast<char>(bad[at] ^ 0x20);
                }
                std::ofstream(file, std::ios::binary | std::ios::trunc) << bad;
                hl::Cache damaged(file, "gpuguide one");
                const auto& sample = samples()[at % samples().size()];
                INFO("byte " << at << (cut ? ", cut there" : ", changed"));
                CHECK(cached(sample, damaged) == fresh(sample));
                CHECK(damaged.counts().read == 0);
            }
        }
    }
}

TEST_CASE("a saved highlight cache keeps the blocks a build did not ask for only when told to",
          "[highlight][cache]") {
    gg_test::TempDir dir;
    const auto file = dir.path() / "blocks";
    save_samples(file, "gpuguide");
    const auto read_back = [&] {
        hl::Cache cache(file, "gpuguide");
        cached(samples()[0], cache);
        return cache.counts().read;
    };
    {
        // A build of some pages (one of them with a new block): the other pages' blocks stay for
        // the next full build.
        hl::Cache some(file, "gpuguide");
        cached(samples()[0], some);
        cached({"rust", {"let edited = 1;"}}, some);
        some.save(/*keep_unused=*/true);
    }
    CHECK(read_back() == samples().size() + 1);
    {
        // A build of every page: a block no page has any more goes.
        hl::Cache all(file, "gpuguide");
        cached(samples()[0], all);
        cached(samples()[1], all);
        all.save(/*keep_unused=*/false);
    }
    CHECK(read_back() == 2);
}

TEST_CASE("a rebuild takes its code blocks from --cache-dir and writes the same site",
          "[site][highlight][cache]") {
    gg_test::BookCopy book;
    book.page("03-notes.md", "# Notes\n\n```cpp\n__global__ void k(float* y);\n```\n\n```python\n"
                             "x = 1  # one\n```\n");
    auto options = book.options();
    options.measure.cache_dir = book.root().parent_path() / "cache";
    const auto file = options.measure.cache_dir / "highlight" / "blocks";
    const auto first_report = gpuguide::render::build_site(options);
    CHECK(first_report.warnings.empty());
    const auto first = gg_test::tree(book.out());
    REQUIRE(fs::exists(file));
    CHECK(gg_test::has(read_bytes(file), "__global__ void k(float* y);\n"));
    CHECK(gg_test::has(first.at("en/03-notes.html"),
                       "<span class=\"hljs-keyword\">__global__</span>"));

    gpuguide::render::build_site(options);
    CHECK(gg_test::tree(book.out()) == first);

    SECTION("a damaged cache file is highlighted afresh and replaced") {
        std::ofstream(file, std::ios::binary | std::ios::trunc) << "gpuguide highlight cache 1\nx";
        const auto report = gpuguide::render::build_site(options);
        CHECK(report.warnings.empty());
        CHECK(gg_test::tree(book.out()) == first);
        CHECK(gg_test::has(read_bytes(file), "__global__ void k(float* y);\n"));
    }
    SECTION("a cache folder that cannot be written: a warning, and the same site") {
        gg_test::write(book.root().parent_path() / "a-file", "not a folder");
        options.measure.cache_dir = book.root().parent_path() / "a-file" / "cache";
        const auto report = gpuguide::render::build_site(options);
        REQUIRE(report.warnings.size() == 1);
        CHECK(gg_test::has(report.warnings[0], "cannot write the highlight cache"));
        CHECK(gg_test::tree(book.out()) == first);
    }
}

TEST_CASE("a block of more than a million pieces is read back from the cache file",
          "[highlight][cache]") {
    // Made by hand, not highlighted: 1.2 million one-byte pieces on one line.
    gg_test::TempDir dir;
    const auto file = dir.path() / "blocks";
    const std::string line(1'200'000, 'x');
    const std::string key = hl::Cache::key("text-like", {line});
    hl::Tokens tokens;
    for (std::uint32_t end = 1; end <= line.size(); ++end) {
        tokens.pieces.emplace_back(end, end % 2 ? hl::TokenClass::Plain : hl::TokenClass::Number);
    }
    tokens.line_ends.push_back(static_cast<std::uint32_t>(tokens.pieces.size()));
    {
        hl::Cache cache(file, "gpuguide");
        cache.add(key, tokens);
        cache.save(false);
    }
    hl::Cache again(file, "gpuguide");
    const hl::Tokens* read = again.find(key);
    REQUIRE(read != nullptr);
    CHECK(again.counts().read == 1);
    CHECK(read->pieces.size() == tokens.pieces.size());
    CHECK(read->pieces.back().bits() == tokens.pieces.back().bits());
}
