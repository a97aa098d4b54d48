// The check gpuguide fleet makes before submitting: can the nodes see the probe program and the
// work folder (generator/fleet/shared_paths.cpp)? Real statfs(2) calls on this machine's folders;
// the nodes are Node values as sinfo would describe them.
#include "core/host.hpp"
#include "fleet/internal.hpp"
#include "generator_fixture.hpp"
#include "gpuguide_catch.hpp"

#include <fstream>

using namespace gpuguide::fleet;
using namespace gpuguide::fleet::detail;

namespace {

Node node_named(const std::string& name, const std::string& address) {
    Node node;
    node.name = name;
    node.host = name;
    node.address = address;
    node.state = "idle";
    return node;
}

} // namespace

TEST_CASE("a node is this machine by its name, its NodeHostname or a loopback address") {
    CHECK(is_this_host(node_named("whatever", "127.0.0.1"))); // scripts/slurm-local.sh's node
    CHECK(is_this_host(node_named(gpuguide::probes::host_name(), "10.9.9.9")));
    CHECK(is_this_host(node_named(gpuguide::probes::host_name() + ".cluster.example", "10.9.9.9")));
    CHECK_FALSE(is_this_host(node_named("gpu-node-17-not-this", "10.0.0.17")));
}

TEST_CASE("file systems are named, and a folder not made yet is judged by its parent") {
    gg_test::TempDir temp;
    const auto here = file_system_of(temp.path());
    CHECK_FALSE(here.name.empty());
    const auto later = file_system_of(temp.path() / "not" / "made" / "yet");
    CHECK(later.name == here.name);
    CHECK(later.shared == here.shared);
    // /proc is no file system in the table: its f_type is shown, and it is not taken as shared.
    const auto proc = file_system_of("/proc");
    CHECK(proc.name.rfind("type 0x", 0) == 0);
    CHECK_FALSE(proc.shared);
}

TEST_CASE("a probe program or work folder on a local disk, for another node, is refused",
          "[.may-skip]") {
    gg_test::TempDir temp;
    if (file_system_of(temp.path()).shared)
        gpuguide::testing::skip(
            "the temporary folder is on a network file system here; nothing to refuse");
    const auto probe = temp.path() / "gpuguide-probe";
    std::ofstream(probe) << "#!/bin/sh\n";
    const auto work = temp.path() / "work";
    const std::vector<Node> elsewhere{node_named("gpu-node-17-not-this", "10.0.0.17"),
                                      node_named("gpu-node-18-not-this", "10.0.0.18")};
    FleetOptions options;

    SECTION("the probe program: use a shared path, or --sbcast") {
        try {
            check_nodes_see(probe, work, options, elsewhere);
            FAIL("no error");
        } catch (const FleetError& error) {
            const std::string text = error.what();
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring("--probe-exe " + probe.string()));
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring(
                                 "which gpu-node-17-not-this and 1 other node cannot see"));
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring("nothing was submitted"));
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring("--sbcast"));
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring("--assume-shared"));
        }
    }
    SECTION("with --sbcast the probe may stay here, but the work folder must be shared") {
        options.sbcast = true;
        try {
            check_nodes_see(probe, work, options, elsewhere);
            FAIL("no error");
        } catch (const FleetError& error) {
            const std::string text = error.what();
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring("--work-dir " + work.string()));
            CHECK_THAT(text, Catch::Matchers::ContainsSubstring("writes its document there"));
        }
    }
    SECTION("--assume-shared, or nodes that are all this machine: no complaint") {
        options.assume_shared = true;
        CHECK_NOTHROW(check_nodes_see(probe, work, options, elsewhere));
        options.assume_shared = false;
        CHECK_NOTHROW(check_nodes_see(probe, work, options,
                                      {node_named(gpuguide::probes::host_name(), "10.1.1.1"),
                                       node_named("local-node", "127.0.0.1")}));
    }
}
