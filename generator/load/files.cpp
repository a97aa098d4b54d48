#include "load/files.hpp"

#include "load/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace gpuguide {

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        fail_at(path, 0,
                std::string("cannot read the file (") + std::strerror(errno) +
                    "); check that it exists and is readable");
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return std::move(bytes).str();
}

void check_utf8(const std::filesystem::path& file, std::string_view text) {
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            if (byte == '\n') {
                ++line;
                line_start = i + 1;
            }
            ++i;
            continue;
        }
        // Lengths and the allowed range of the second byte (no overlongs, no surrogates, <=
        // U+10FFFF).
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (byte >= 0xC2 && byte <= 0xDF) {
            length = 2;
        } else if (byte >= 0xE0 && byte <= 0xEF) {
            length = 3;
            low = byte == 0xE0 ? 0xA0 : 0x80;
            high = byte == 0xED ? 0x9F : 0xBF;
        } else if (byte >= 0xF0 && byte <= 0xF4) {
            length = 4;
            low = byte == 0xF0 ? 0x90 : 0x80;
            high = byte == 0xF4 ? 0x8F : 0xBF;
        }
        bool valid = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            valid = k == 1 ? (next >= low && next <= high) : (next >= 0x80 && next <= 0xBF);
        }
        if (!valid) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02X", byte);
            fail_at(file, line,
                    "invalid UTF-8 (byte " + std::string(hex) + " at column " +
                        std::to_string(i - line_start + 1) + "); save the file as UTF-8");
        }
        i += length;
    }
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
