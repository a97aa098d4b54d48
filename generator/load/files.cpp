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
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace gpuguide {

std::string read_file(const std::filesystem::path& path) {
    FileStamp unused;
    return read_file(path, unused);
}

std::string read_file(const std::filesystem::path& path, FileStamp& stamp,
                      const std::function<void(const FileStamp&)>& before_reading) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fail_at(path, 0,
                std::string("cannot read the file (") + std::strerror(errno) +
                    "); check that it exists and is readable");
    }
    // One allocation of the file's size and read(2) straight into it: a stream and a string
    // stream copied every page twice, and a build reads every page of the book.
    std::string bytes;
    struct stat info {};
    if (::fstat(fd, &info) == 0) {
        stamp = {static_cast<std::uint64_t>(info.st_size),
                 static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 +
                     info.st_mtim.tv_nsec};
        if (before_reading) {
            try {
                before_reading(stamp);
            } catch (...) {
                ::close(fd);
                throw;
            }
        }
        if (S_ISREG(info.st_mode) && info.st_size > 0) {
            bytes.resize(static_cast<std::size_t>(info.st_size));
        }
    }
    std::size_t size = 0;
    char more[4096]; // once the string is full: the end of the file is read here, so that a full
                     // string is not grown (a string grows to twice its size) just to find it
    for (;;) {
        const bool full = size == bytes.size();
        const auto got = full ? ::read(fd, more, sizeof more)
                              : ::read(fd, bytes.data() + size, bytes.size() - size);
        if (got < 0 && errno == EINTR) {
            continue;
        }
        if (got <= 0) {
            break; // end of file; an error reads as the end, as a stream's did
        }
        if (full) {
            bytes.append(more, static_cast<std::size_t>(got)); // grew since fstat, or not a file
        }
        size += static_cast<std::size_t>(got);
    }
    ::close(fd);
    bytes.resize(size);
    return bytes;
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

void replace_file(const std::filesystem::path& path,
                  const std::function<void(FileWriter&)>& write) {
    auto staged = path;
    staged += ".tmp-" + std::to_string(::getpid());
    try {
        FileWriter writer(staged);
        write(writer);
        writer.close();
        std::filesystem::rename(staged, path);
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove(staged, ignored);
        throw;
    }
}

void replace_file(const std::filesystem::path& path, std::string_view bytes) {
    replace_file(path, [bytes](FileWriter& writer) { writer.write(bytes); });
}

void write_file_or_link(const std::filesystem::path& path, std::string_view bytes,
                        const std::filesystem::path& same_as) {
    // lstat, not stat: a symbolic link in the old site is never linked to. The size is compared
    // first, so a changed page of another length costs no read.
    struct stat info {};
    bool same = false;
    if (::lstat(same_as.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        static_cast<std::size_t>(info.st_size) == bytes.size()) {
        try {
            same = read_file(same_as) == bytes;
        } catch (const InputError&) {
        }
    }
    if (same) {
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
    // In std::filesystem::path's order (component by component), but compared as strings in
    // which the separator sorts first: the same order for these normalised relative paths, without
    // splitting every path into components at each comparison (a tenth of a one-page edit).
    std::vector<std::pair<std::string, std::size_t>> keys;
    keys.reserve(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::string key = files[i].generic_string();
        std::replace(key.begin(), key.end(), '/', '\0');
        keys.emplace_back(std::move(key), i);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<std::filesystem::path> sorted;
    sorted.reserve(files.size());
    for (const auto& [key, i] : keys) {
        sorted.push_back(std::move(files[i]));
    }
    return sorted;
}

} // namespace gpuguide
