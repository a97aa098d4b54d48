#include "load/files.hpp"

#include "load/error.hpp"
#include "text/utf8.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

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
    const std::size_t i = gpuguide::text::first_invalid_utf8(text);
    if (i == std::string_view::npos) {
        return;
    }
    // Lines are counted only for the message, once a bad byte is found.
    const auto before = text.substr(0, i);
    const int line = 1 + static_cast<int>(std::count(before.begin(), before.end(), '\n'));
    const auto line_break = before.rfind('\n');
    const std::size_t line_start = line_break == std::string_view::npos ? 0 : line_break + 1;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[i]));
    fail_at(file, line,
            "invalid UTF-8 (byte " + std::string(hex) + " at column " +
                std::to_string(i - line_start + 1) + "); save the file as UTF-8");
}

FileWriter::FileWriter(std::filesystem::path path) : path_(std::move(path)) {
    const auto open = [this] {
        return ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    };
    // The folder usually exists already (every page of a language shares one): try first, so
    // that a build does not stat every parent of every output file.
    fd_ = open();
    if (fd_ < 0 && errno == ENOENT && path_.has_parent_path()) {
        std::filesystem::create_directories(path_.parent_path());
        fd_ = open();
    }
    if (fd_ < 0) {
        fail();
    }
}

FileWriter::~FileWriter() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

void FileWriter::write(std::string_view bytes) {
    while (!bytes.empty()) {
        const auto written = ::write(fd_, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) {
                continue;
            }
            fail();
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

void FileWriter::close() {
    if (::close(std::exchange(fd_, -1)) != 0) {
        fail();
    }
}

void FileWriter::fail() const {
    throw std::runtime_error(path_.generic_string() + ": cannot write the file (" +
                             std::strerror(errno) + ")");
}

void write_file(const std::filesystem::path& path, std::string_view bytes) {
    FileWriter writer(path);
    writer.write(bytes);
    writer.close();
}

namespace {

// The whole of a regular file (not a link to one) whose size is `size`; nullopt otherwise.
std::optional<std::string> read_regular_file(const std::filesystem::path& path, std::size_t size) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode) ||
        static_cast<std::size_t>(info.st_size) != size) {
        return std::nullopt;
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return std::nullopt;
    }
    std::string bytes(size, '\0');
    std::size_t done = 0;
    while (done < size) {
        const auto got = ::read(fd, bytes.data() + done, size - done);
        if (got <= 0) {
            break;
        }
        done += static_cast<std::size_t>(got);
    }
    ::close(fd);
    return done == size ? std::optional(std::move(bytes)) : std::nullopt;
}

} // namespace

void write_file_or_link(const std::filesystem::path& path, std::string_view bytes,
                        const std::filesystem::path& same_as) {
    if (const auto old = read_regular_file(same_as, bytes.size()); old && *old == bytes) {
        if (::link(same_as.c_str(), path.c_str()) == 0) {
            return;
        }
        if (errno == ENOENT) { // the folder is not there yet (checked only now: one call less)
            std::error_code ignored;
            std::filesystem::create_directories(path.parent_path(), ignored);
            if (::link(same_as.c_str(), path.c_str()) == 0) {
                return;
            }
        }
    }
    write_file(path, bytes);
}

std::vector<std::filesystem::path> list_files_sorted(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::is_directory(dir)) {
        return files;
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (entry.is_regular_file()) {
            // Lexical: the iterator's paths start with `dir` as given. std::filesystem::relative
            // resolves both through realpath, several system calls per file of the book.
            files.push_back(entry.path().lexically_relative(dir));
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace gpuguide
