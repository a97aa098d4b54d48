// The parsers of Slurm's machine output that gpuguide fleet reads (generator/fleet/slurm.hpp).
// The inputs are lines as sinfo/squeue/sacct print them with our formats; the real-scheduler
// runs are in tests/fleet/run.sh.
#include "fleet/slurm.hpp"
#include "gpuguide_catch.hpp"

using namespace gpuguide::fleet;

TEST_CASE("sinfo lines become one node each, partitions merged, the default's star dropped") {
    const auto nodes = parse_nodes(
        "gpu01|idle|gpu:h100:8(S:0-1)|112|2:56:1|2000000|h100,sapphire|gpu*|gpu01|10.1.0.1|none\n"
        "gpu01|idle|gpu:h100:8(S:0-1)|112|2:56:1|2000000|h100,sapphire|long|gpu01|10.1.0.1|none\n"
        "gpu02|drained|gpu:h100:8(S:0-1)|112|2:56:1|2000000|h100,sapphire|gpu*|gpu02|10.1.0.2|bad "
        "DIMM | slot 3\n");
    REQUIRE(nodes.size() == 2);
    CHECK(nodes[0].name == "gpu01");
    CHECK(nodes[0].partitions == std::vector<std::string>{"gpu", "long"});
    CHECK_FALSE(nodes[0].unusable());
    CHECK(nodes[1].unusable());
    CHECK(nodes[1].reason == "bad DIMM | slot 3"); // the reason is last and may hold '|'
    CHECK(nodes[0].host == "gpu01");
    CHECK(nodes[1].address == "10.1.0.2");
}

TEST_CASE("a sinfo line with too few fields is an error naming the line") {
    CHECK_THROWS_WITH(parse_nodes("a|idle|x\n"), Catch::Matchers::ContainsSubstring("line 1"));
}

TEST_CASE("node states that take no job") {
    Node node;
    for (const char* state : {"down*", "drained", "draining", "idle*", "down", "drained*", "fail",
                              "powered_down", "maint", "idle+drain"}) {
        node.state = state;
        CHECK(node.unusable());
    }
    for (const char* state : {"idle", "mixed", "allocated", "completing", "idle~"}) {
        node.state = state;
        INFO(state);
        CHECK_FALSE(node.unusable());
    }
}

TEST_CASE("one node per type: GPU model and count, CPUs, memory, features, usable ones first") {
    const auto nodes = parse_nodes("a1|drained|gpu:a100:4(S:0)|64|2:32:1|512000|epyc|p|a1|a1|x\n"
                                   "a2|idle|gpu:a100:4(S:1)|64|2:32:1|512000|epyc|p|a2|a2|none\n"
                                   "h1|idle|gpu:h100:8|112|2:56:1|2000000|xeon|p|h1|h1|none\n"
                                   "h2|idle|gpu:h100:8|112|2:56:1|2000000|xeon|p|h2|h2|none\n"
                                   "h3|idle|gpu:h100:4|112|2:56:1|2000000|xeon|p|h3|h3|none\n");
    const auto chosen = one_per_type(nodes);
    REQUIRE(chosen.size() == 3);
    CHECK(chosen[0].name == "a2"); // a1 is drained; the socket binding does not split the type
    CHECK(chosen[1].name == "h1");
    CHECK(chosen[2].name == "h3"); // four H100s are another type than eight
}

TEST_CASE("squeue lines of array tasks, split and not yet split") {
    const auto tasks = parse_tasks("12_0|RUNNING|None|gpu01\n"
                                   "12_[1-3,5%2]|PENDING|Resources|\n"
                                   "13_0|RUNNING|None|gpu09\n",
                                   "12", false);
    REQUIRE(tasks.size() == 5);
    CHECK(tasks.at(0).phase() == Phase::Running);
    CHECK(tasks.at(0).node == "gpu01");
    CHECK(tasks.at(3).reason == "Resources");
    CHECK(tasks.at(5).phase() == Phase::Pending);
    CHECK(tasks.count(4) == 0);
}

TEST_CASE("sacct lines: state words, exit code, and which end a task") {
    const auto tasks = parse_tasks("12_0|COMPLETED|None|gpu01|0:0\n"
                                   "12_1|CANCELLED by 0|None|gpu02|0:15\n"
                                   "12_2|TIMEOUT|TimeLimit|gpu03|0:0\n"
                                   "12_3|FAILED|NonZeroExitCode|gpu04|3:0\n"
                                   "12_4|PREEMPTED|None|gpu05|0:0\n"
                                   "12_5|NODE_FAIL|None|gpu06|0:0\n",
                                   "12", true);
    REQUIRE(tasks.size() == 6);
    CHECK(tasks.at(0).phase() == Phase::Done);
    CHECK(tasks.at(1).state == "CANCELLED");
    for (int i = 1; i < 6; ++i) {
        CHECK(tasks.at(i).phase() == Phase::Failed);
    }
    CHECK(tasks.at(3).exit_code == "3:0");
}

TEST_CASE("sbatch --parsable output") {
    CHECK(parse_job_id("4242\n") == std::optional<std::string>("4242"));
    CHECK(parse_job_id("4242;cluster2\n") == std::optional<std::string>("4242"));
    CHECK_FALSE(parse_job_id("sbatch: error: Batch job submission failed\n"));
    CHECK_FALSE(parse_job_id(""));
}

TEST_CASE("node names that could leave --out are refused") {
    CHECK(safe_host_name("gpu-01.cluster_a"));
    for (const char* name :
         {"", ".", "..", "../etc/passwd", "a/b", ".hidden", "-rf", "a b", "a\\b", "nodé"}) {
        INFO(name);
        CHECK_FALSE(safe_host_name(name));
    }
    CHECK_FALSE(safe_host_name(std::string(254, 'a')));
}

TEST_CASE("fleet polls: tasks missing from three answered polls in a row are settled, and a "
          "poll that lists them all starts the count again",
          "[fleet][slurm]") {
    using gpuguide::fleet::PollState;
    PollState state;
    CHECK_FALSE(state.missing_too_long(3, 4));
    CHECK_FALSE(state.missing_too_long(3, 4));
    CHECK(state.missing_too_long(3, 4)); // the third in a row
    PollState interrupted;
    CHECK_FALSE(interrupted.missing_too_long(3, 4));
    CHECK_FALSE(interrupted.missing_too_long(3, 4));
    CHECK_FALSE(interrupted.missing_too_long(4, 4)); // every task listed again
    CHECK_FALSE(interrupted.missing_too_long(3, 4));
    CHECK_FALSE(interrupted.missing_too_long(3, 4));
    CHECK(interrupted.missing_too_long(3, 4));
    CHECK_FALSE(PollState{}.missing_too_long(4, 4));
}

TEST_CASE("fleet polls: the progress line counts each phase", "[fleet][slurm]") {
    using gpuguide::fleet::Phase;
    gpuguide::fleet::PhaseCounts counts;
    for (const auto phase : {Phase::Pending, Phase::Running, Phase::Running, Phase::Done,
                             Phase::Done, Phase::Done, Phase::Failed}) {
        counts.add(phase);
    }
    CHECK(counts.text() == "1 pending, 2 running, 3 done, 1 failed");
}
