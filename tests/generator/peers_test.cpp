// Peers, drift and history of a fleet (fleet/peers.hpp), on rows made by hand: each test knows
// the median and spread its figures must give, so a wrong statistic fails here and not only when
// a synthetic fleet happens to expose it (fleet_peers_test.cpp builds whole pages).
#include "fleet/peers.hpp"
#include "gpuguide_catch.hpp"

#include <algorithm>
#include <cstdio>

namespace fleet = gpuguide::fleet;

namespace {

constexpr std::size_t kBandwidth = 0; // headlines(): "gpu_bandwidth", higher is better
constexpr std::size_t kLatency = 5;   // "launch_latency", lower is better

std::string host_name(std::size_t i) {
    char name[16];
    std::snprintf(name, sizeof name, "node%04zu", i);
    return name;
}

/// A node of an 8-GPU H100 type with one figure set (`headline` = `value`).
fleet::HostRow node(std::size_t i, std::size_t headline, double value, int gpus = 8) {
    fleet::HostRow row;
    row.host = host_name(i);
    row.file = row.host + ".json";
    row.gpu_model = "NVIDIA H100 80GB HBM3";
    row.gpus = gpus;
    row.cpu = "Intel Xeon 8480+";
    row.figures.resize(fleet::headlines().size());
    row.figures[headline] = fleet::Figure{value, 0, std::nullopt};
    return row;
}

fleet::FleetFolder folder_of(const std::vector<double>& values, std::size_t headline = kBandwidth) {
    fleet::FleetFolder folder;
    for (std::size_t i = 0; i < values.size(); ++i) {
        folder.rows.push_back(node(i, headline, values[i]));
    }
    return folder;
}

const fleet::Spread& spread_of(const fleet::Analysis& analysis, std::size_t headline) {
    REQUIRE(analysis.types.size() == 1);
    REQUIRE(analysis.types[0].spread.size() == fleet::headlines().size());
    REQUIRE(analysis.types[0].spread[headline]);
    return *analysis.types[0].spread[headline];
}

} // namespace

TEST_CASE("peers: the median of an odd count is the middle value", "[fleet][peers]") {
    const auto analysis = fleet::analyse(folder_of({3000, 2900, 3100, 3050, 2950}));
    const auto& spread = spread_of(analysis, kBandwidth);
    CHECK(spread.median == 3000);
    CHECK(spread.nodes == 5);
    // Deviations 0, 100, 100, 50, 50: their median is 50; 1.4826 × 50 / 3000.
    CHECK(spread.sigma == Approx(1.4826 * 50 / 3000));
}

TEST_CASE("peers: the median of an even count is the mean of the two middle values",
          "[fleet][peers]") {
    // Sorted 2900, 3000, 3100, 3400: the median is 3050, neither middle value alone.
    const auto analysis = fleet::analyse(folder_of({3400, 2900, 3100, 3000}));
    const auto& spread = spread_of(analysis, kBandwidth);
    CHECK(spread.median == Approx(3050));
    // Deviations 350, 150, 50, 50 -> sorted 50, 50, 150, 350: median 100.
    CHECK(spread.sigma == Approx(1.4826 * 100 / 3050));
}

TEST_CASE("peers: the spread is at least the minimum share of the median", "[fleet][peers]") {
    // Nodes that agree exactly: no spread, so the minimum (1 %) stands in.
    const auto same = fleet::analyse(folder_of({3000, 3000, 3000, 3000}));
    CHECK(spread_of(same, kBandwidth).sigma == Approx(0.01));
    // 1.5 % lower is not 3.5 "standard deviations" of a type that agrees to 0.01 %.
    const auto close = fleet::analyse(folder_of({3000, 3000.3, 2999.7, 3000, 2955}));
    CHECK(spread_of(close, kBandwidth).sigma == Approx(0.01));
    CHECK(close.outliers.empty());
    fleet::AnalysisOptions options;
    options.min_spread = 0.002;
    const auto tighter = fleet::analyse(folder_of({3000, 3000.3, 2999.7, 3000, 2955}), options);
    CHECK(spread_of(tighter, kBandwidth).sigma == Approx(0.002));
    REQUIRE(tighter.outliers.size() == 1);
    CHECK(tighter.outliers[0].row == 4);
}

TEST_CASE("peers: a node worse than its type by more than the threshold is an outlier, worst "
          "first",
          "[fleet][peers]") {
    // Median 3000, sigma 1 % (the minimum): 2850 is 5 sigma low, 2700 is 10, 3300 is better.
    const auto analysis =
        fleet::analyse(folder_of({3000, 3000, 2850, 3000, 2700, 3000, 3300, 3000}));
    REQUIRE(analysis.outliers.size() == 2);
    CHECK(analysis.outliers[0].row == 4);
    CHECK(analysis.outliers[1].row == 2);
    REQUIRE(analysis.outliers[0].at_fault.size() == 1);
    const auto& deviation = analysis.outliers[0].at_fault[0];
    CHECK(deviation.headline == kBandwidth);
    CHECK(deviation.median == 3000);
    CHECK(deviation.relative == Approx(-0.1));
    CHECK(deviation.score == Approx(10));
    // Lower is better for latency: the slow node is the high one.
    const auto latency = fleet::analyse(folder_of({5, 5, 5, 6, 4}, kLatency));
    REQUIRE(latency.outliers.size() == 1);
    CHECK(latency.outliers[0].row == 3);
    CHECK(latency.outliers[0].at_fault[0].score == Approx(20));
}

TEST_CASE("peers: a type with fewer nodes than the minimum is not compared", "[fleet][peers]") {
    const auto two = fleet::analyse(folder_of({3000, 1000}));
    REQUIRE(two.types.size() == 1);
    CHECK_FALSE(two.types[0].spread[kBandwidth]);
    CHECK(two.outliers.empty());
    // Three nodes are enough by default; a larger minimum leaves them uncompared again.
    CHECK(fleet::analyse(folder_of({3000, 3000, 1000})).outliers.size() == 1);
    fleet::AnalysisOptions options;
    options.min_peers = 4;
    const auto three = fleet::analyse(folder_of({3000, 3000, 1000}), options);
    CHECK_FALSE(three.types[0].spread[kBandwidth]);
    CHECK(three.outliers.empty());
}

TEST_CASE("peers: a rare lower GPU count is GPUs missing, not a type of its own",
          "[fleet][peers]") {
    fleet::FleetFolder folder = folder_of(std::vector<double>(19, 3000));
    folder.rows.push_back(node(19, kBandwidth, 3000, 7)); // one GPU fell off the bus
    const auto analysis = fleet::analyse(folder);
    REQUIRE(analysis.types.size() == 1);
    CHECK(analysis.types[0].gpus == 8);
    CHECK(analysis.types[0].rows.size() == 20);
    REQUIRE(analysis.outliers.size() == 1);
    CHECK(analysis.outliers[0].row == 19);
    CHECK(analysis.outliers[0].gpus_missing == 1);

    // Not rare (a quarter of the nodes): a type of its own, with nothing missing.
    fleet::FleetFolder mixed = folder_of(std::vector<double>(6, 3000));
    for (std::size_t i = 6; i < 8; ++i) {
        mixed.rows.push_back(node(i, kBandwidth, 3000, 4));
    }
    const auto two_types = fleet::analyse(mixed);
    REQUIRE(two_types.types.size() == 2);
    CHECK(two_types.types[0].gpus == 4); // by model, count, CPU
    CHECK(two_types.types[1].gpus == 8);
    CHECK(two_types.outliers.empty());

    // A rare higher count is a type of its own too (nothing is missing from it).
    fleet::FleetFolder more = folder_of(std::vector<double>(19, 3000));
    more.rows.push_back(node(19, kBandwidth, 3000, 16));
    CHECK(fleet::analyse(more).types.size() == 2);
}

TEST_CASE("peers: drift is a setting other than what most of the type runs, ties going to the "
          "later version",
          "[fleet][peers]") {
    fleet::FleetFolder folder = folder_of({3000, 3000, 3000, 3000, 3000});
    const char* drivers[] = {"550.54", "560.35", "550.54", "560.35", ""};
    for (std::size_t i = 0; i < folder.rows.size(); ++i) {
        folder.rows[i].driver = drivers[i];
        folder.rows[i].cuda = "12.4";
    }
    folder.rows[2].cuda = "12.2";
    const auto analysis = fleet::analyse(folder);
    REQUIRE(analysis.types.size() == 1);
    // Two each: the later-sorting version is the usual one; the node without a driver is not
    // counted.
    CHECK(analysis.types[0].driver.value == "560.35");
    CHECK(analysis.types[0].driver.count == 2);
    CHECK(analysis.types[0].driver.of == 4);
    std::vector<std::pair<std::size_t, std::string>> drift;
    for (const auto& d : analysis.drift) {
        drift.emplace_back(d.row, d.field + "=" + d.value);
    }
    std::sort(drift.begin(), drift.end());
    CHECK(drift == std::vector<std::pair<std::size_t, std::string>>{
                       {0, "driver=550.54"}, {2, "cuda=12.2"}, {2, "driver=550.54"}});
}

TEST_CASE("peers: a change since the previous collection beyond the threshold is flagged",
          "[fleet][peers]") {
    fleet::FleetFolder folder = folder_of({3000, 3000, 3000, 3000});
    fleet::CollectionRecord previous;
    previous.rows = folder_of({3000, 3000, 3500, 3030}).rows;
    folder.previous = previous;
    const auto analysis = fleet::analyse(folder);
    CHECK(analysis.has_previous);
    REQUIRE(analysis.change.size() == 4);
    REQUIRE(analysis.change[2].size() == 1);
    CHECK(analysis.change[2][0].relative == Approx(-500.0 / 3500));
    CHECK(analysis.change[2][0].beyond);       // 14 % in a type of 1 %: far beyond
    CHECK_FALSE(analysis.change[3][0].beyond); // 1 %: within √2 × 3.5 sigma
    CHECK(analysis.new_hosts.empty());
    CHECK(analysis.gone_hosts.empty());
}
