// The probe bundle's launcher (core/bundle.hpp, tool/launcher.cpp): which build of the probes it
// runs for a driver and the cuBLAS found, and what it tells that build. No GPU here: the
// driver and cuBLAS are stand-ins built with the tests (tests/probes/stand_in/), libraries of
// the real names that report a driver branch's CUDA version or merely load. They show the
// launcher's choice and the probes' version check on such a driver; they run no kernel, so what
// happens past that check on a real R535 host is not shown here.
#include "core/bundle.hpp"
#include "gpuguide_catch.hpp"
#include "runner/spawn.hpp"
#include "schema/io.hpp"
#include "test_support.hpp"

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>

#if GPUGUIDE_PROBES_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

using namespace gpuguide::probes;
using Catch::Matchers::ContainsSubstring;
using gpuguide::probes::testing::TempDir;
namespace fs = std::filesystem;

namespace {

/// A host with this driver (0: none) and cuBLAS of these major versions; counts the cuBLAS
/// look-ups, which load libraries and so are asked only when they decide something.
struct FakeHost {
    int driver_cuda = 0;
    std::set<int> cublas;
    int asked = 0;
    bundle::HostCuda host() {
        bundle::HostCuda host;
        host.driver_cuda = driver_cuda;
        host.driver_problem = driver_cuda ? "" : "libcuda.so.1: cannot open shared object file";
        host.has_cublas = [this](int major) {
            ++asked;
            return cublas.count(major) > 0;
        };
        return host;
    }
};

} // namespace

TEST_CASE("bundle: an R535 driver (CUDA 12.2) gets the CUDA 12 build, which says why not 13") {
    FakeHost r535{12020, {12, 13}};
    bundle::Choice choice = bundle::choose_build({12, 13}, r535.host());
    CHECK(choice.cuda_major == 12);
    CHECK_THAT(choice.reason, ContainsSubstring("the NVIDIA driver supports CUDA 12.2") &&
                                  ContainsSubstring("CUDA 13.0 (driver R580 or newer)"));
    // R550 (12.4) and R570 (12.8) are CUDA 12 drivers too.
    for (int version : {12040, 12080}) {
        FakeHost host{version, {12}};
        CHECK(bundle::choose_build({13, 12}, host.host()).cuda_major == 12);
    }
}

TEST_CASE("bundle: a CUDA 13 driver gets the newest build whose cuBLAS loads") {
    FakeHost both{13000, {12, 13}};
    bundle::Choice choice = bundle::choose_build({12, 13}, both.host());
    CHECK(choice.cuda_major == 13);
    CHECK_THAT(choice.reason, ContainsSubstring("CUDA 13.0") && ContainsSubstring("cuBLAS 13"));
    CHECK(both.asked == 1); // cuBLAS 12 is not loaded once 13 decided it

    // A host whose only cuBLAS is 12 (a CUDA 12 toolkit or PyTorch cu12x wheels on an R580
    // driver) keeps its GEMMs measured with the CUDA 12 build.
    FakeHost only12{13000, {12}};
    choice = bundle::choose_build({12, 13}, only12.host());
    CHECK(choice.cuda_major == 12);
    CHECK_THAT(choice.reason, ContainsSubstring("no cuBLAS 13") && ContainsSubstring("cuBLAS 12"));

    // No cuBLAS at all: the newest build; its GEMM probes are skipped naming what to install.
    FakeHost none{13000, {}};
    choice = bundle::choose_build({12, 13}, none.host());
    CHECK(choice.cuda_major == 13);
    CHECK_THAT(choice.reason, ContainsSubstring("gpu.gemm and gpu.power will be skipped"));
}

TEST_CASE("bundle: no driver, or one older than every build, still runs a build that says why") {
    FakeHost no_driver{0, {12, 13}};
    bundle::Choice choice = bundle::choose_build({12, 13}, no_driver.host());
    CHECK(choice.cuda_major == 13);
    CHECK_THAT(choice.reason, ContainsSubstring("no NVIDIA driver") &&
                                  ContainsSubstring("libcuda.so.1: cannot open"));
    CHECK(no_driver.asked == 0);

    FakeHost r470{11040, {12, 13}};
    choice = bundle::choose_build({12, 13}, r470.host());
    CHECK(choice.cuda_major == 12);
    CHECK_THAT(choice.reason, ContainsSubstring("CUDA 11.4") &&
                                  ContainsSubstring("CUDA 12.0 (driver R525 or newer)"));
    CHECK(r470.asked == 0);
}

TEST_CASE("bundle: a bundle with one build runs it whatever the host") {
    for (int driver : {0, 12020, 13000}) {
        FakeHost host{driver, {}};
        CHECK(bundle::choose_build({13}, host.host()).cuda_major == 13);
        CHECK(host.asked == 0);
    }
    CHECK_THROWS_AS(bundle::choose_build({}, FakeHost{}.host()), std::invalid_argument);
}

TEST_CASE("bundle: versions and driver branches in words") {
    CHECK(cuda_version_text(12020) == "12.2");
    CHECK(cuda_version_text(13000) == "13.0");
    CHECK(cuda_version_text(12080) == "12.8");
    CHECK(oldest_driver_branch(12) == "R525");
    CHECK(oldest_driver_branch(13) == "R580");
    CHECK(oldest_driver_branch(11).empty());
    CHECK(bundle::build_name(12) == "cuda12");
    CHECK(bundle::parse_build_name("cuda13") == 13);
    CHECK_FALSE(bundle::parse_build_name("cuda"));
    CHECK_FALSE(bundle::parse_build_name("13"));
    CHECK_FALSE(bundle::parse_build_name("cuda13x"));
}

TEST_CASE("bundle: the builds next to the launcher are its cudaN/gpuguide-probe programs") {
    TempDir dir("bundle-builds");
    for (const char* name : {"cuda13", "cuda12", "cuda9x", "docs"}) {
        fs::create_directories(dir.path / name);
        std::ofstream(dir.path / name / "gpuguide-probe") << "#!/bin/sh\n";
        fs::permissions(dir.path / name / "gpuguide-probe", fs::perms::owner_all);
    }
    fs::create_directories(dir.path / "cuda11"); // a folder without the program is no build
    CHECK(bundle::builds_in(dir.path) == std::vector<int>{12, 13});
    CHECK(bundle::builds_in(dir.path / "missing").empty());
}

TEST_CASE("bundle: the build records the launcher's choice in its provenance") {
    ::unsetenv(bundle::kBuildVariable);
    ::unsetenv(bundle::kReasonVariable);
    CHECK(bundle::provenance_entry().is_null());
    ::setenv(bundle::kBuildVariable, "cuda12", 1);
    ::setenv(bundle::kReasonVariable, "the NVIDIA driver supports CUDA 12.2", 1);
    nlohmann::json entry = bundle::provenance_entry();
    ::unsetenv(bundle::kBuildVariable);
    ::unsetenv(bundle::kReasonVariable);
    CHECK(entry ==
          nlohmann::json{{"build", "cuda12"}, {"reason", "the NVIDIA driver supports CUDA 12.2"}});
}

// --- the launcher program, on stand-in libraries ------------------------------------------------

namespace {

/// A bundle folder: the launcher as gpuguide-probe, and for each build a script in its place
/// that writes what it was started with to `ran.txt` and exits 7.
struct FakeBundle {
    TempDir dir;
    explicit FakeBundle(const std::string& name, std::vector<int> builds = {12, 13}) : dir(name) {
        fs::copy_file(GPUGUIDE_PROBE_LAUNCHER_EXE, dir.path / "gpuguide-probe");
        for (int major : builds) {
            const fs::path program = dir.path / bundle::build_name(major) / "gpuguide-probe";
            fs::create_directories(program.parent_path());
            std::ofstream(program) << "#!/bin/sh\n{\n  echo \"build=" << bundle::build_name(major)
                                   << "\"\n  echo \"args=$*\"\n"
                                      "  echo \"env_build=$GPUGUIDE_PROBE_BUNDLE_BUILD\"\n"
                                      "  echo \"env_reason=$GPUGUIDE_PROBE_BUNDLE_REASON\"\n"
                                      "} > \""
                                   << (dir.path / "ran.txt").string() << "\"\nexit 7\n";
            fs::permissions(program, fs::perms::owner_all);
        }
    }

    /// Runs ./gpuguide-probe ARGS in an environment holding only `env` (plus a PATH without any
    /// python3, so no wheels are searched), as `env -i` would.
    ChildResult run(const std::vector<std::string>& args, std::map<std::string, std::string> env) {
        std::vector<std::string> command{"-i"};
        env.emplace("PATH", (dir.path / "no-python-here").string());
        for (const auto& [name, value] : env)
            command.push_back(name + "=" + value);
        command.push_back((dir.path / "gpuguide-probe").string());
        command.insert(command.end(), args.begin(), args.end());
        return run_child("/usr/bin/env", command, {}, std::chrono::seconds(60),
                         dir.path / "stderr.txt");
    }

    /// What the build that ran wrote: build=, args=, env_build=, env_reason=.
    std::map<std::string, std::string> ran() const {
        std::map<std::string, std::string> fields;
        std::ifstream in(dir.path / "ran.txt");
        for (std::string line; std::getline(in, line);)
            if (auto eq = line.find('='); eq != std::string::npos)
                fields[line.substr(0, eq)] = line.substr(eq + 1);
        return fields;
    }
};

std::string stand_in(const std::string& name) {
    return (fs::path(GPUGUIDE_STAND_IN_DIR) / name).string();
}

/// cuBLAS 13 as this host may really have it (/usr/local/cuda here), hidden by the test hook.
const std::string kHideCublas13 = "libcublas.so.13,libcublasLt.so.13";

} // namespace

TEST_CASE("launcher: on a stand-in R535 driver it runs the CUDA 12 build, arguments and all") {
    FakeBundle bundle("launcher-r535");
    ChildResult child = bundle.run({"--all", "--out", "my gpu.json"},
                                   {{"LD_LIBRARY_PATH", stand_in("driver-12.2")}});
    INFO(child.stderr_tail);
    CHECK(child.exit_code == 7); // the build's own exit status
    auto ran = bundle.ran();
    CHECK(ran["build"] == "cuda12");
    CHECK(ran["args"] == "--all --out my gpu.json");
    CHECK(ran["env_build"] == "cuda12");
    CHECK_THAT(ran["env_reason"], ContainsSubstring("supports CUDA 12.2") &&
                                      ContainsSubstring("driver R580 or newer"));
    // It says on stderr which build runs and why.
    CHECK_THAT(child.stderr_tail,
               ContainsSubstring("cuda12") && ContainsSubstring("supports CUDA 12.2"));
}

TEST_CASE("launcher: on a stand-in R580 driver the cuBLAS found decides between 13 and 12",
          "[.may-skip]") {
    // Hiding this host's cuBLAS 13 (and on a host with Debian's CUDA, its driver library) takes
    // the probes' test hook.
    gpuguide::probes::testing::require_test_hooks();
    FakeBundle bundle("launcher-r580");
    const std::map<std::string, std::string> both{{"LD_LIBRARY_PATH", stand_in("driver-13.0")},
                                                  {"CUDA_HOME", stand_in("cublas-13")},
                                                  {"CUDA_PATH", stand_in("cublas-12")}};
    ChildResult child = bundle.run({"--identity"}, both);
    INFO(child.stderr_tail);
    CHECK(child.exit_code == 7);
    CHECK(bundle.ran()["build"] == "cuda13");

    auto only12 = both;
    only12["GPUGUIDE_PROBE_HIDE_LIBS"] = kHideCublas13;
    child = bundle.run({"--identity"}, only12);
    INFO(child.stderr_tail);
    CHECK(bundle.ran()["build"] == "cuda12");
    CHECK_THAT(bundle.ran()["env_reason"], ContainsSubstring("no cuBLAS 13"));
}

TEST_CASE("launcher: without a driver it runs the newest build, and GPUGUIDE_PROBE_BUILD overrides",
          "[.may-skip]") {
    gpuguide::probes::testing::require_test_hooks();
    FakeBundle bundle("launcher-none");
    ChildResult child =
        bundle.run({"--list"}, {{"GPUGUIDE_PROBE_HIDE_LIBS", "libcuda.so.1," + kHideCublas13}});
    INFO(child.stderr_tail);
    CHECK(bundle.ran()["build"] == "cuda13");
    CHECK_THAT(bundle.ran()["env_reason"], ContainsSubstring("no NVIDIA driver"));

    child = bundle.run({"--list"}, {{"LD_LIBRARY_PATH", stand_in("driver-13.0")},
                                    {"GPUGUIDE_PROBE_BUILD", "cuda12"}});
    CHECK(bundle.ran()["build"] == "cuda12");
    CHECK_THAT(bundle.ran()["env_reason"], ContainsSubstring("GPUGUIDE_PROBE_BUILD=cuda12"));

    fs::remove(bundle.dir.path / "ran.txt");
    child = bundle.run({"--list"}, {{"GPUGUIDE_PROBE_BUILD", "cuda11"}});
    CHECK(child.exit_code == 2);
    CHECK_THAT(child.stderr_tail,
               ContainsSubstring("cuda11") && ContainsSubstring("cuda12, cuda13"));
    CHECK_FALSE(fs::exists(bundle.dir.path / "ran.txt"));
}

TEST_CASE("launcher: a bundle unpacked without its builds says what is missing") {
    FakeBundle bundle("launcher-empty", {});
    ChildResult child = bundle.run({"--all"}, {});
    CHECK(child.exit_code == 2);
    CHECK_THAT(child.stderr_tail,
               ContainsSubstring("cuda13/gpuguide-probe") && ContainsSubstring("unpack the whole"));
}

#if GPUGUIDE_PROBES_HAVE_CUDA
namespace {

/// `gpuguide-probe --identity` of this build (not the launcher) with a stand-in driver.
nlohmann::json identity_with_driver(const TempDir& dir, const std::string& driver) {
    const fs::path out = dir.path / (driver + ".json");
    ChildResult child = run_child(
        "/usr/bin/env",
        {"-i", "PATH=/usr/bin:/bin", "LD_LIBRARY_PATH=" + stand_in(driver),
         "GPUGUIDE_PROBE_HIDE_LIBS=" + kHideCublas13 + ",libcublas.so.12,libcublasLt.so.12",
         GPUGUIDE_PROBE_EXE, "--identity", "--out", out.string()},
        {}, std::chrono::seconds(60), dir.path / "stderr.txt");
    INFO(child.stderr_tail);
    REQUIRE(child.exit_code == 0);
    return gpuguide::probes::schema::read_json_file(out);
}

} // namespace

TEST_CASE("probes' driver check on stand-in drivers: any driver of the build's CUDA major passes") {
    TempDir dir("identity-stand-in");
    const int built_major = CUDART_VERSION / 1000; // the CUDA runtime linked in
    for (const auto& [driver, major] : std::vector<std::pair<std::string, int>>{
             {"driver-11.4", 11}, {"driver-12.2", 12}, {"driver-12.8", 12}, {"driver-13.0", 13}}) {
        nlohmann::json identity = identity_with_driver(dir, driver);
        INFO(driver << ": " << identity.dump(2));
        CHECK(identity["cuda_driver"] == driver.substr(7));
        const std::string reason = identity["gpu_reason"].get<std::string>();
        CHECK_FALSE(identity["gpu_usable"].get<bool>()); // a stand-in runs nothing
        if (major < built_major) {
            CHECK_THAT(reason, ContainsSubstring("the NVIDIA driver supports CUDA " +
                                                 driver.substr(7) + " but these probes need CUDA " +
                                                 std::to_string(built_major) + ".0"));
            CHECK_THAT(reason, ContainsSubstring(oldest_driver_branch(built_major)));
        } else {
            // Minor-version compatibility: past the version check, to the device query, which
            // the stand-in cannot answer.
            CHECK_THAT(reason, !ContainsSubstring("these probes need"));
        }
    }
}
#endif
