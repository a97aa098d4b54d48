#pragma once
/// Small file helpers shared by every stage.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide {

/// Whole file as bytes; InputError naming the file when it cannot be read.
std::string read_file(const std::filesystem::path& path);

/// A file's size and modification time, as fstat(2) gave them when it was opened.
struct FileStamp {
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
};

/// Like read_file, and `stamp` gets the file's size and time from the fstat(2) the read makes
/// anyway (no stat of its own: a build reads every page). `before_reading`, when given, sees the
/// stamp before a byte is read, and may throw (a page too big to read).
std::string read_file(const std::filesystem::path& path, FileStamp& stamp,
                      const std::function<void(const FileStamp&)>& before_reading = {});

/// Throws InputError "file:line: invalid UTF-8 ..." at the first byte that is not valid UTF-8.
void check_utf8(const std::filesystem::path& file, std::string_view text);

/// Writes bytes, creating parent folders; std::runtime_error naming the file on failure.
/// One open, one write and one close for a new file in an existing folder: there is no fsync,
/// since a build's durability comes from the final rename of its whole output folder.
void write_file(const std::filesystem::path& path, std::string_view bytes);

/// Like write_file, but where `same_as` already holds exactly these bytes it becomes a second
/// name of that file (a hard link) instead of a new one. A rebuild into a staging folder beside
/// the old site then creates no inode for an unchanged page: on ext4, creating thousands of files
/// just after the last build's were deleted costs a quarter of a millisecond each
/// (bench/README.md). Any failure of the link (another file system, no such file) falls back to
/// writing.
void write_file_or_link(const std::filesystem::path& path, std::string_view bytes,
                        const std::filesystem::path& same_as);

/// A file created (or truncated) and written in pieces with write(2), without a stream buffer
/// copying multi-megabyte pieces; missing parent folders are created. std::runtime_error naming
/// the file on failure; the destructor closes without reporting (call close() to know).
class FileWriter {
  public:
    explicit FileWriter(std::filesystem::path path);
    ~FileWriter();
    FileWriter(const FileWriter&) = delete;
    FileWriter& operator=(const FileWriter&) = delete;

    void write(std::string_view bytes);
    void close();

  private:
    [[noreturn]] void fail() const;
    std::filesystem::path path_;
    int fd_ = -1;
};

/// Replaces `path` whole: `write` fills a new file beside it (PATH.tmp-PID), which is then renamed
/// over it, so that a reader finds the old file or the new one, never a part. On any failure the
/// new file is removed and the error (std::runtime_error naming the file) goes to the caller.
void replace_file(const std::filesystem::path& path, const std::function<void(FileWriter&)>& write);
void replace_file(const std::filesystem::path& path, std::string_view bytes);

/// Files under dir (recursively, regular files only), as paths relative to dir, sorted so that
/// everything built from the listing is deterministic.
std::vector<std::filesystem::path> list_files_sorted(const std::filesystem::path& dir);

} // namespace gpuguide
