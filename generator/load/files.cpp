#include "load/files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "load/error.hpp"

namespace gpuguide {

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fail_at(path, 0, std::string("cannot read the file (") + std::strerror(errno) +
                             "); check that it exists and is readable");
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return std::move(bytes).str();
}

void write_file(const std::filesystem::path& path, std::string_view bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
        throw std::runtime_error(path.generic_string() + ": cannot write the file (" +
                                 std::strerror(errno) + ")");
    }
}

std::vector<std::filesystem::path> list_files_sorted(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::is_directory(dir)) {
        return files;
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file()) {
            files.push_back(std::filesystem::relative(entry.path(), dir));
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace gpuguide
