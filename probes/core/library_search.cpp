#include "core/library_search.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace gpuguide::probes {
namespace {

bool is_folder(const fs::path& path) {
    std::error_code ec;
    return fs::is_directory(path, ec);
}

void add_unique(std::vector<fs::path>& folders, const fs::path& folder) {
    if (is_folder(folder) && std::find(folders.begin(), folders.end(), folder) == folders.end())
        folders.push_back(folder);
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, separator))
        if (!part.empty())
            parts.push_back(part);
    return parts;
}

/// "/usr/local/cuda-13.1" sorts after "/usr/local/cuda-13.0", and "-13.10" after "-13.9".
bool newer_version_folder(const fs::path& a, const fs::path& b) {
    auto numbers = [](const std::string& name) {
        std::vector<int> parts;
        for (const std::string& part : split(name.substr(name.find('-') + 1), '.'))
            parts.push_back(std::atoi(part.c_str()));
        return parts;
    };
    return numbers(a.filename().string()) > numbers(b.filename().string());
}

/// What one interpreter's sys.path holds, or nothing when it fails or takes over 10 s. A path
/// with a quote in it is not run: the shell command would need more quoting than it is worth.
std::vector<fs::path> ask_python(const fs::path& python) {
    const std::string text = python.string();
    if (text.find('\'') != std::string::npos)
        return {};
    const std::string command =
        "timeout 10 '" + text + "' -c 'import sys; print(\"\\n\".join(sys.path))' 2>/dev/null";
    std::FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe)
        return {};
    std::string output;
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        output.append(buffer.data(), n);
    if (::pclose(pipe) != 0)
        return {};
    std::vector<fs::path> folders;
    for (const std::string& line : split(output, '\n'))
        if (line.ends_with("-packages")) // site-packages, or Debian's dist-packages
            folders.emplace_back(line);
    return folders;
}

} // namespace

EnvLookup process_environment() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
}

std::vector<fs::path> toolkit_library_folders(int cuda_major, const EnvLookup& env) {
    std::vector<fs::path> roots;
    for (const char* variable : {"CUDA_HOME", "CUDA_PATH"})
        if (auto value = env(variable); value && !value->empty())
            roots.emplace_back(*value);
    roots.emplace_back("/usr/local/cuda");
    std::vector<fs::path> versioned;
    std::error_code ec;
    const std::string prefix = "cuda-" + std::to_string(cuda_major) + ".";
    for (const auto& entry : fs::directory_iterator("/usr/local", ec))
        if (entry.path().filename().string().starts_with(prefix))
            versioned.push_back(entry.path());
    std::sort(versioned.begin(), versioned.end(), newer_version_folder);
    roots.insert(roots.end(), versioned.begin(), versioned.end());
    roots.emplace_back("/opt/cuda");

    std::vector<fs::path> folders;
    for (const fs::path& root : roots)
        for (const char* sub : {"lib64", "lib", "targets/x86_64-linux/lib"})
            add_unique(folders, root / sub);
    return folders;
}

std::vector<fs::path> python_site_folders(const EnvLookup& env) {
    const std::string path = env("PATH").value_or("/usr/local/bin:/usr/bin:/bin");
    std::vector<fs::path> folders;
    std::set<fs::path> asked;
    for (const std::string& directory : split(path, ':')) {
        const fs::path python = fs::path(directory) / "python3";
        // Two PATH entries may name one interpreter; each is asked once. A venv's python3 is a
        // link to the system's, but answers with the venv's folders, so links are not followed.
        if (::access(python.c_str(), X_OK) != 0 || !asked.insert(python).second)
            continue;
        for (const fs::path& folder : ask_python(python))
            add_unique(folders, folder);
    }
    return folders;
}

std::vector<fs::path> wheel_library_folders(const std::vector<fs::path>& site_folders) {
    std::vector<fs::path> folders;
    for (const fs::path& site : site_folders) {
        std::vector<fs::path> found;
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(site / "nvidia", ec))
            if (is_folder(entry.path() / "lib"))
                found.push_back(entry.path() / "lib");
        std::sort(found.begin(), found.end());
        for (const fs::path& folder : found)
            add_unique(folders, folder);
    }
    return folders;
}

std::vector<fs::path> cuda_library_folders(int cuda_major, const EnvLookup& env) {
    std::vector<fs::path> folders = toolkit_library_folders(cuda_major, env);
    for (const fs::path& folder : wheel_library_folders(python_site_folders(env)))
        add_unique(folders, folder);
    return folders;
}

std::vector<fs::path> driver_library_folders() {
    std::vector<fs::path> folders;
    for (const char* folder : {"/usr/local/nvidia/lib64", "/usr/local/nvidia/lib",
                               "/usr/lib/x86_64-linux-gnu/nvidia/current", "/usr/lib64/nvidia",
                               "/usr/lib/nvidia", "/usr/lib/wsl/lib"})
        add_unique(folders, folder);
    return folders;
}

} // namespace gpuguide::probes
