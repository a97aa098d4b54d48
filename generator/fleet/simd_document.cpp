// The simdjson reading of a fleet document (simd_document.hpp): the schema's rules on simdjson's
// DOM, then row_of on a copy of just the parts it reads (row_paths).
#include "fleet/simd_document.hpp"

#include "fleet/simd_value.hpp"
#include "schema/rules.hpp"

#include <cerrno>
#include <fcntl.h>
#include <map>
#include <simdjson.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuguide::fleet {
namespace {

using nlohmann::json;
using simdjson::dom::element;

/// The whole subtree as nlohmann::json, typed as nlohmann's parser types it (a non-negative
/// integer is unsigned), and of two members with one name keeping the last.
json to_json(const SimdValue& value) {
    if (value.is_object()) {
        json object = json::object();
        value.each_member([&](std::string_view key, const SimdValue& child) {
            object[std::string(key)] = to_json(child);
        });
        return object;
    }
    if (value.is_array()) {
        json array = json::array();
        value.each_element(
            [&](std::size_t, const SimdValue& child) { array.push_back(to_json(child)); });
        return array;
    }
    if (value.is_string()) {
        return std::string(value.text());
    }
    if (value.is_boolean()) {
        return value.boolean();
    }
    if (value.is_unsigned()) {
        return value.unsigned_integer();
    }
    if (value.is_integer()) {
        return value.integer();
    }
    if (value.is_float()) {
        return value.number();
    }
    return nullptr;
}

/// Copies into `out` the parts of `value` that the pointer tokens [at, end) reach: the whole
/// subtree where they end, or where the tree stops being an object or array on the way (a
/// reader following the pointer stops there too). `*` goes into every member or element.
void copy_path(const SimdValue& value, const std::vector<std::string>& tokens, std::size_t at,
               json& out) {
    if (at == tokens.size() || !(value.is_object() || value.is_array())) {
        out = to_json(value);
        return;
    }
    const std::string& token = tokens[at];
    if (value.is_array()) {
        if (token != "*") { // row_of names elements only through `*`
            out = to_json(value);
            return;
        }
        if (!out.is_array()) {
            out = json::array();
        }
        value.each_element([&](std::size_t i, const SimdValue& child) {
            while (out.size() <= i) {
                out.push_back(json::object());
            }
            copy_path(child, tokens, at + 1, out[i]);
        });
        return;
    }
    if (!out.is_object()) {
        out = json::object();
    }
    if (token == "*") {
        std::map<std::string_view, SimdValue> last; // of two members with one name, the last
        value.each_member([&](std::string_view key, const SimdValue& child) {
            last.insert_or_assign(key, child);
        });
        for (const auto& [key, child] : last) {
            copy_path(child, tokens, at + 1, out[std::string(key)]);
        }
    } else if (const auto child = value.find(token)) {
        copy_path(*child, tokens, at + 1, out[token]);
    }
}

std::vector<std::string> split_pointer(const std::string& pointer) {
    std::vector<std::string> tokens;
    for (std::size_t begin = 1; begin <= pointer.size();) {
        auto end = pointer.find('/', begin);
        end = end == std::string::npos ? pointer.size() : end;
        tokens.push_back(pointer.substr(begin, end - begin));
        begin = end + 1;
    }
    return tokens;
}

/// The row of `text` when simdjson parses it and the schema accepts it. `padded`: the bytes after
/// the text's end may be read (simdjson's padding), so it is parsed in place, not copied first.
std::optional<HostRow> parsed_row(std::string_view text, bool padded, const std::string& file) {
    element root;
    if (text.find("\\u") != std::string_view::npos ||
        thread_parser().parse(text.data(), text.size(), !padded).get(root) != simdjson::SUCCESS) {
        return std::nullopt;
    }
    const SimdValue document(root);
    if (!probes::schema::rules::validate(document).empty()) {
        return std::nullopt;
    }
    // The schema lets the host be null, which a build's reading of a document refuses: left to it.
    if (const auto host = document.find("provenance")->find("host"); !host->is_string()) {
        return std::nullopt;
    }
    static const auto paths = [] {
        std::vector<std::vector<std::string>> split;
        for (const auto& pointer : row_paths()) {
            split.push_back(split_pointer(pointer));
        }
        return split;
    }();
    json cut = json::object();
    for (const auto& tokens : paths) {
        copy_path(document, tokens, 0, cut);
    }
    return row_of(cut, file);
}

} // namespace

std::optional<HostRow> quick_row(std::string_view text, const std::string& file) {
    return parsed_row(text, false, file);
}

std::optional<HostRow> quick_row(const DocumentFile& document, const std::string& file) {
    return parsed_row(document.text, true, file); // read_document reserved the padding
}

bool read_document(const std::filesystem::path& path, DocumentFile& into) {
    constexpr std::uint64_t kMaxBytes = 16u << 20; // measure::load_measurement_document's limit
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    struct ::stat status {};
    bool read = ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
                static_cast<std::uint64_t>(status.st_size) <= kMaxBytes;
    if (read) {
        const auto size = static_cast<std::size_t>(status.st_size);
        into.text.reserve(size + simdjson::SIMDJSON_PADDING);
        into.text.resize(size);
        for (std::size_t done = 0; read && done < size;) {
            const auto got = ::read(fd, into.text.data() + done, size - done);
            read = got > 0 || (got < 0 && errno == EINTR);
            done += got > 0 ? static_cast<std::size_t>(got) : 0;
        }
        char extra = 0; // a file that grew meanwhile: the full reading decides
        read = read && ::read(fd, &extra, 1) == 0;
        into.device = status.st_dev;
        into.inode = status.st_ino;
        into.size = size;
        into.mtime_ns = modification_ns(status);
    }
    ::close(fd);
    return read;
}

std::optional<HostRow> quick_row_of_file(const std::filesystem::path& path,
                                         const std::string& file) {
    thread_local DocumentFile document; // kept: no 100 KB allocation per document
    return read_document(path, document) ? quick_row(document, file) : std::nullopt;
}

} // namespace gpuguide::fleet
