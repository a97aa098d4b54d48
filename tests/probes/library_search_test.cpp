// Where the probes find the NVIDIA libraries they load at run time (core/library_search.hpp,
// core/dynamic_library.hpp): toolkit folders, the wheels of a python3 on PATH, and a library
// loaded from a fallback folder. No GPU needed: real files in a temp folder stand in for the
// toolkit and the wheels, and a real python3 is replaced by a script that answers like one.
#include "core/dynamic_library.hpp"
#include "core/library_search.hpp"
#include "gpuguide_catch.hpp"
#include "test_support.hpp"

#include <fstream>
#include <map>

using namespace gpuguide::probes;
using gpuguide::probes::testing::TempDir;
namespace fs = std::filesystem;

namespace {

EnvLookup fake_environment(std::map<std::string, std::string> values) {
    return [values](const std::string& name) -> std::optional<std::string> {
        auto found = values.find(name);
        return found == values.end() ? std::nullopt : std::optional<std::string>(found->second);
    };
}

void write_file(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

/// An executable "python3" in `folder` that prints `lines` as sys.path would, and exits `rc`.
void fake_python(const fs::path& folder, const std::vector<fs::path>& lines, int rc = 0) {
    std::string script = "#!/bin/sh\n";
    for (const fs::path& line : lines)
        script += "echo '" + line.string() + "'\n";
    script += "exit " + std::to_string(rc) + "\n";
    write_file(folder / "python3", script);
    fs::permissions(folder / "python3", fs::perms::owner_all);
}

/// A shared library that is on every Linux host with glibc and that no probe test loads.
fs::path some_real_library() {
    for (const char* candidate :
         {"/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1",
          "/lib/aarch64-linux-gnu/libz.so.1", "/usr/lib64/libz.so.1", "/lib64/libz.so.1"})
        if (fs::exists(candidate))
            return candidate;
    return {};
}

} // namespace

TEST_CASE(
    "toolkit folders: CUDA_HOME, then CUDA_PATH, each's lib64 and lib, only those that exist") {
    TempDir dir("toolkit");
    fs::create_directories(dir.path / "home/lib64");
    fs::create_directories(dir.path / "home/targets/x86_64-linux/lib");
    fs::create_directories(dir.path / "path/lib");
    auto folders = toolkit_library_folders(
        13, fake_environment({{"CUDA_HOME", (dir.path / "home").string()},
                              {"CUDA_PATH", (dir.path / "path").string()}}));
    REQUIRE(folders.size() >= 3);
    CHECK(folders[0] == dir.path / "home/lib64");
    CHECK(folders[1] == dir.path / "home/targets/x86_64-linux/lib");
    CHECK(folders[2] == dir.path / "path/lib");
    for (const fs::path& folder : folders)
        CHECK(fs::is_directory(folder));

    // Unset or empty variables add nothing of their own.
    auto plain = toolkit_library_folders(13, fake_environment({{"CUDA_HOME", ""}}));
    for (const fs::path& folder : plain)
        CHECK(folder.string().find(dir.path.string()) == std::string::npos);
}

TEST_CASE("wheel folders: nvidia/<package>/lib under each site folder, sorted, only real ones") {
    TempDir dir("wheels");
    const fs::path site = dir.path / "venv/lib/python3.12/site-packages";
    fs::create_directories(site / "nvidia/nccl/lib");
    fs::create_directories(site / "nvidia/cu13/lib");
    fs::create_directories(site / "nvidia/cuda_nvrtc/include"); // a package without lib/
    const fs::path other = dir.path / "dist-packages";
    fs::create_directories(other / "nvidia/cublas/lib");
    auto folders = wheel_library_folders({site, dir.path / "missing", other});
    CHECK(folders == std::vector<fs::path>{site / "nvidia/cu13/lib", site / "nvidia/nccl/lib",
                                           other / "nvidia/cublas/lib"});
}

TEST_CASE("python3 on PATH is asked for its site folders, and one that fails adds nothing") {
    TempDir dir("python");
    const fs::path venv_site = dir.path / "venv/lib/python3.12/site-packages";
    const fs::path debian_site = dir.path / "usr/lib/python3/dist-packages";
    fs::create_directories(venv_site / "nvidia/cu13/lib");
    fs::create_directories(debian_site);
    fake_python(dir.path / "venv/bin",
                {dir.path / "venv/lib/python312.zip", venv_site, dir.path / "venv/lib/python3.12"});
    fake_python(dir.path / "usr/bin", {debian_site});
    fake_python(dir.path / "broken/bin", {dir.path / "broken-site-packages"}, 1);

    const std::string path =
        (dir.path / "broken/bin").string() + ":" + (dir.path / "venv/bin").string() + ":" +
        (dir.path / "nothing-here").string() + ":" + (dir.path / "venv/bin").string() + ":" +
        (dir.path / "usr/bin").string();
    auto env = fake_environment({{"PATH", path}});
    // Only the "-packages" entries, in PATH order, each once; the failing interpreter's are
    // ignored although it printed one.
    CHECK(python_site_folders(env) == std::vector<fs::path>{venv_site, debian_site});

    // The whole search: toolkit folders first, then the wheel found through the venv's python3.
    auto all = cuda_library_folders(13, env);
    REQUIRE_FALSE(all.empty());
    CHECK(all.back() == venv_site / "nvidia/cu13/lib");
}

TEST_CASE(
    "a library the loader cannot find is loaded from a fallback folder, and says from where") {
    const fs::path real = some_real_library();
    if (real.empty())
        FAIL("no libz.so.1 on this host to stand in for a CUDA library");
    TempDir dir("dlopen");
    const std::string soname = "libgpuguide-search-test.so.1";
    fs::create_directories(dir.path / "empty");
    fs::create_directories(dir.path / "wheel");
    fs::copy_file(real, dir.path / "wheel" / soname);

    DynamicLibrary plain(soname);
    CHECK_FALSE(plain.loaded());
    CHECK_THAT(plain.error(), Catch::Matchers::ContainsSubstring(soname));

    DynamicLibrary found(soname, {dir.path / "empty", dir.path / "wheel"});
    REQUIRE(found.loaded());
    CHECK(found.error().empty());
    CHECK(fs::equivalent(found.path(), dir.path / "wheel" / soname));
    CHECK(found.symbol("zlibVersion") != nullptr);
}

TEST_CASE("a library found nowhere names every folder searched, and a broken file names itself") {
    TempDir dir("dlopen-missing");
    const std::string soname = "libgpuguide-absent-test.so.1";
    fs::create_directories(dir.path / "a");
    fs::create_directories(dir.path / "b");
    DynamicLibrary missing(soname, {dir.path / "a", dir.path / "b"});
    CHECK_FALSE(missing.loaded());
    CHECK(missing.path().empty());
    CHECK_THAT(missing.error(),
               Catch::Matchers::ContainsSubstring(soname) &&
                   Catch::Matchers::ContainsSubstring("not in " + (dir.path / "a").string() + ", " +
                                                      (dir.path / "b").string()));

    write_file(dir.path / "b" / soname, "not a shared library\n");
    DynamicLibrary broken(soname, {dir.path / "a", dir.path / "b"});
    CHECK_FALSE(broken.loaded());
    CHECK_THAT(broken.error(),
               Catch::Matchers::ContainsSubstring((dir.path / "b" / soname).string()));
}
