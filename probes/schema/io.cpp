#include "schema/io.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuguide::probes::schema {
namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, const std::string& what) {
    throw DocumentError(path.string() + ": " + what + ": " + std::strerror(errno));
}

void fsync_path(const fs::path& path, int flags) {
    int fd = ::open(path.c_str(), flags);
    if (fd < 0)
        fail(path, "cannot open for fsync");
    if (::fsync(fd) != 0) {
        ::close(fd);
        fail(path, "fsync failed");
    }
    ::close(fd);
}

} // namespace

void write_file_atomically(const fs::path& path, std::string_view text) {
    fs::path folder = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    std::error_code ec;
    fs::create_directories(folder, ec);
    // mkstemp gives a unique name, so two writers never share a temporary file.
    std::string temp_leaf = ".";
    temp_leaf += path.filename().string();
    temp_leaf += ".tmp-XXXXXX";
    std::string temp_name = (folder / temp_leaf).string();
    int fd = ::mkstemp(temp_name.data());
    if (fd < 0)
        fail(temp_name, "cannot create temporary file");
    std::size_t written = 0;
    while (written < text.size()) {
        ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            ::close(fd);
            ::unlink(temp_name.c_str());
            fail(temp_name, "write failed");
        }
        written += std::size_t(n);
    }
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        ::unlink(temp_name.c_str());
        fail(temp_name, "fsync failed");
    }
    if (::rename(temp_name.c_str(), path.c_str()) != 0) {
        ::unlink(temp_name.c_str());
        fail(path, "cannot rename temporary file into place");
    }
    fsync_path(folder, O_RDONLY | O_DIRECTORY);
}

nlohmann::json read_json_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw DocumentError(path.string() + ": cannot open: " + std::strerror(errno));
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        // nlohmann reports a byte offset; readers need the line and column.
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i + 1 < error.byte && i < text.size(); ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        std::string message = error.what();
        auto cut = message.find("syntax error");
        throw DocumentError(path.string() + ":" + std::to_string(line) + ":" +
                            std::to_string(column) + ": invalid JSON (" +
                            (cut == std::string::npos ? message : message.substr(cut)) +
                            "); fix the file or delete it to measure again");
    }
}

std::string dump_document(const nlohmann::json& document) {
    return document.dump(2) + "\n";
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

} // namespace gpuguide::probes::schema
