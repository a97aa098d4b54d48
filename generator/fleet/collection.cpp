// The fleet folder's history and the rows of its documents (see collection.hpp).
#include "fleet/collection.hpp"

#include "fleet/record.hpp"
#include "fleet/simd_document.hpp"
#include "parallel/parallel.hpp"
#include "schema/io.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuguide::fleet {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

[[noreturn]] void fail(const fs::path& path, const std::string& what) {
    throw std::runtime_error(path.string() + ": " + what + " (" + std::strerror(errno) + ")");
}

fs::path history(const fs::path& dir) {
    return dir / "history";
}

// The documents of a folder: its *.json files, not those in subfolders, by file name.
std::vector<std::string> document_files(const fs::path& dir) {
    std::vector<std::string> files;
    std::error_code error;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
        const auto name = it->path().filename().string();
        if (it->path().extension() == ".json" && !name.starts_with(".") &&
            it->is_regular_file(error)) {
            files.push_back(name);
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

namespace {

// The rows of `files` in `dir`: from `known` where size and time match, else read.
std::vector<HostRow> rows_of(const fs::path& dir, const std::vector<std::string>& files,
                             const std::vector<HostRow>& known, const DocumentLoader& load,
                             unsigned jobs = 0) {
    std::map<std::string, const HostRow*> by_file;
    for (const auto& row : known) {
        by_file.emplace(row.file, &row);
    }
    std::vector<HostRow> rows(files.size());
    std::vector<std::size_t> unknown;
    for (std::size_t i = 0; i < files.size(); ++i) {
        HostRow now;
        stamp(now, dir / files[i]);
        const auto found = by_file.find(files[i]);
        if (found != by_file.end() && found->second->size == now.size &&
            found->second->mtime_ns == now.mtime_ns) {
            rows[i] = *found->second;
        } else {
            unknown.push_back(i);
        }
    }
    std::vector<bool> readable(files.size(), true);
    parallel::parallel_for(unknown.size(), jobs, [&](std::size_t k) {
        const auto i = unknown[k];
        if (auto row = quick_row_of_file(dir / files[i], files[i])) {
            rows[i] = std::move(*row);
        } else { // not vouched for by the quick reading: `load` decides, and says why
            const auto document = load(dir / files[i]);
            readable[i] = document.is_object();
            rows[i] = readable[i] ? row_of(document, files[i]) : HostRow{};
        }
        stamp(rows[i], dir / files[i]);
    });
    std::vector<HostRow> kept;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (readable[i]) {
            kept.push_back(std::move(rows[i]));
        }
    }
    return kept;
}

void write_all(int fd, std::string_view text, const fs::path& path) {
    for (std::size_t done = 0; done < text.size();) {
        const auto n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            fail(path, "cannot write");
        }
        done += static_cast<std::size_t>(n);
    }
}

// A temporary file beside `target` holding `text`, not yet synced.
fs::path stage(const fs::path& target, std::string_view text) {
    std::string name =
        (target.parent_path() / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(name.data());
    if (fd < 0) {
        fail(name, "cannot create a temporary file");
    }
    try {
        write_all(fd, text, name);
    } catch (...) {
        ::close(fd);
        ::unlink(name.c_str());
        throw;
    }
    ::fchmod(fd, 0644);
    if (::close(fd) != 0) {
        ::unlink(name.c_str());
        fail(name, "cannot close");
    }
    return name;
}

void sync_folder(const fs::path& dir, bool whole_file_system) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) {
        fail(dir, "cannot open the folder");
    }
    // syncfs: every file written so far on this file system reaches the disk in one call, instead
    // of an fsync per document (20,000 fsyncs took most of a collection's time).
    const int result = whole_file_system ? ::syncfs(fd) : ::fsync(fd);
    ::close(fd);
    if (result != 0) {
        fail(dir, "cannot sync");
    }
}

// history/previous/ := the documents of `dir` as they are now (hard links, no copies).
void keep_previous(const fs::path& dir, const std::vector<std::string>& files) {
    const auto fresh = history(dir) / "previous.new";
    fs::remove_all(fresh);
    fs::create_directories(fresh);
    for (const auto& file : files) {
        std::error_code error;
        fs::create_hard_link(dir / file, fresh / file, error);
        if (error) { // a file system without hard links: a copy
            fs::copy_file(dir / file, fresh / file, error);
            if (error) {
                throw std::runtime_error((fresh / file).string() + ": " + error.message());
            }
        }
    }
}

void swap_in_previous(const fs::path& dir) {
    const auto fresh = history(dir) / "previous.new";
    const auto previous = history(dir) / "previous";
    const auto old = history(dir) / "previous.old";
    fs::remove_all(old);
    if (fs::exists(previous)) {
        fs::rename(previous, old);
    }
    fs::rename(fresh, previous);
    fs::remove_all(old);
}

// The rows of the folder once `documents` are in place: the earlier rows, each replaced by its
// new document's row where there is one, in file order.
std::vector<HostRow> rows_after(const fs::path& dir, std::vector<HostRow> before,
                                std::vector<NewDocument>& documents) {
    std::map<std::string, HostRow> rows;
    for (auto& row : before) {
        rows[row.file] = std::move(row);
    }
    for (auto& document : documents) {
        document.row.file = document.node + ".json";
        stamp(document.row, dir / document.row.file);
        rows[document.row.file] = std::move(document.row);
    }
    std::vector<HostRow> result;
    for (auto& [file, row] : rows) {
        result.push_back(std::move(row));
    }
    return result;
}

} // namespace

fs::path stage_document(const fs::path& dir, const std::string& node, std::string_view text) {
    fs::create_directories(dir);
    return stage(dir / (node + ".json"), text);
}

fs::path stage_document(const fs::path& dir, const std::string& node, const fs::path& source,
                        const DocumentFile& read) {
    fs::create_directories(dir);
    const auto target = dir / (node + ".json");
    // A name no other stage takes (mkstemp would create and delete an inode per document, which
    // cost a collection more than the link saved); an existing file there fails the link.
    static std::atomic<unsigned long> counter{0};
    const std::string name =
        (target.parent_path() / ("." + target.filename().string() + ".link-" +
                                 std::to_string(::getpid()) + "-" + std::to_string(++counter)))
            .string();
    if (::link(source.c_str(), name.c_str()) == 0) {
        struct ::stat status {};
        const bool same = ::stat(name.c_str(), &status) == 0 && status.st_dev == read.device &&
                          status.st_ino == read.inode &&
                          static_cast<std::uint64_t>(status.st_size) == read.size &&
                          modification_ns(status) == read.mtime_ns &&
                          (status.st_mode & 0644) == 0644;
        if (same) {
            return name;
        }
        ::unlink(name.c_str());
    }
    return stage(target, read.text);
}

void store_collection(const fs::path& dir, CollectionRecord latest,
                      std::vector<NewDocument> documents, const DocumentLoader& load) {
    if (documents.empty()) {
        return;
    }
    try {
        fs::create_directories(history(dir));
    } catch (...) {
        for (const auto& document : documents) {
            ::unlink(document.staged.c_str());
        }
        throw;
    }
    const auto before_files = document_files(dir);
    auto old_record = read_record(history(dir) / "latest.json");
    CollectionRecord before = old_record ? std::move(*old_record) : CollectionRecord{};
    before.rows =
        rows_of(dir, before_files, before.rows, [&](const fs::path& file) { return load(file); });

    // 1. Every new document staged beside its target, and the history as it will be.
    std::vector<std::pair<fs::path, fs::path>> renames; // temporary -> target
    try {
        for (const auto& document : documents) {
            const auto target = dir / (document.node + ".json");
            renames.emplace_back(
                document.staged.empty() ? stage(target, document.text) : document.staged, target);
        }
        keep_previous(dir, before_files);
        const auto previous_record = stage(history(dir) / "previous.json", record_text(before));
        renames.emplace_back(previous_record, history(dir) / "previous.json");
    } catch (...) {
        for (const auto& [temporary, target] : renames) {
            ::unlink(temporary.c_str());
        }
        throw;
    }
    // 2. All of it durable at once, then put in place: each rename replaces a whole file.
    sync_folder(dir, true);
    swap_in_previous(dir);
    for (const auto& [temporary, target] : renames) {
        fs::rename(temporary, target);
        // A document collected again is staged as a link to the file already in place, and
        // rename(2) between two links of one file does nothing: the staged name goes here.
        ::unlink(temporary.c_str());
    }

    // 3. The new record: its rows describe the folder as it now is.
    latest.rows = rows_after(dir, std::move(before.rows), documents);
    probes::schema::write_file_atomically(history(dir) / "latest.json", record_text(latest));
    sync_folder(dir, false);
    sync_folder(history(dir), false);
}

FleetFolder read_fleet_folder(const fs::path& dir, const DocumentLoader& load, unsigned jobs) {
    FleetFolder folder;
    if (!fs::is_directory(dir)) {
        return folder;
    }
    folder.latest = read_record(history(dir) / "latest.json");
    folder.rows = rows_of(dir, document_files(dir),
                          folder.latest ? folder.latest->rows : std::vector<HostRow>{}, load, jobs);
    folder.previous = read_record(history(dir) / "previous.json");
    if (folder.previous) {
        const auto previous_dir = history(dir) / "previous";
        folder.previous->rows =
            rows_of(previous_dir, document_files(previous_dir), folder.previous->rows, load, jobs);
    }
    return folder;
}

} // namespace gpuguide::fleet
