// The highlight cache's file: a line naming the format, a line naming what made the tokens, a
// line with the FNV-1a hash of the rest (a flipped bit would otherwise colour a token wrongly),
// then each block as length-prefixed fields in this machine's byte order (the cache never leaves
// the machine that wrote it):
//   u32 key size, key bytes, u32 lines, u32 pieces, u32 line end × lines, u32 piece × pieces
// (a piece as Piece::bits(): its end above its class)
#include "highlight/cache.hpp"

#include "highlight/highlight.hpp"
#include "load/error.hpp"
#include "load/files.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace gpuguide::highlight {
namespace {

constexpr const char* kClasses[] = {nullptr,
                                    "hljs-keyword",
                                    "hljs-title function_",
                                    "hljs-variable",
                                    "hljs-operator",
                                    "hljs-built_in",
                                    "hljs-meta",
                                    "hljs-attr",
                                    "hljs-string",
                                    "hljs-char escape_",
                                    "hljs-regexp",
                                    "hljs-type",
                                    "hljs-number",
                                    "hljs-literal",
                                    "hljs-comment",
                                    "hljs-doctag"};
static_assert(std::size(kClasses) == TokenClass::Doctag + 1);

// Bump when the file's layout changes.
constexpr std::string_view kFormat = "gpuguide highlight cache 1";

// FNV-1a, fed piece by piece: the file is hashed as it is written, never held whole.
class Fnv1a {
  public:
    void write(std::string_view bytes) {
        for (const char c : bytes) {
            hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 1099511628211ull;
        }
    }
    std::string hex() const {
        char text[17];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
        return text;
    }

  private:
    std::uint64_t hash_ = 14695981039346656037ull;
};

std::string fnv1a(std::string_view bytes) {
    Fnv1a hash;
    hash.write(bytes);
    return hash.hex();
}

// Collects small writes into large ones: the file is written a few fields at a time, and a
// FileWriter makes a system call per write.
class BufferedWriter {
  public:
    explicit BufferedWriter(FileWriter& out) : out_(out) {}
    void write(std::string_view bytes) {
        buffer_.append(bytes);
        if (buffer_.size() >= kChunk) {
            flush();
        }
    }
    void flush() {
        out_.write(buffer_);
        buffer_.clear();
    }

  private:
    static constexpr std::size_t kChunk = 1 << 16;
    FileWriter& out_;
    std::string buffer_;
};

// The blocks' fields, in the file's layout, into `sink` (anything with write(string_view)).
template <class Sink, class Entries>
void write_blocks(Sink& sink, const Entries& entries, bool keep_unused) {
    const auto u32 = [&sink](std::size_t value) {
        const auto narrow = static_cast<std::uint32_t>(value);
        char bytes[sizeof narrow];
        std::memcpy(bytes, &narrow, sizeof narrow);
        sink.write(std::string_view(bytes, sizeof narrow));
    };
    for (const auto& [key, entry] : entries) {
        if (!entry.asked && !keep_unused) {
            continue;
        }
        u32(key.size());
        sink.write(key);
        u32(entry.tokens.line_ends.size());
        u32(entry.tokens.pieces.size());
        for (const auto end : entry.tokens.line_ends) {
            u32(end);
        }
        for (const auto& piece : entry.tokens.pieces) {
            u32(piece.bits());
        }
    }
}

// Reads what the file holds, front to back; every read checks that the bytes are there.
class Reader {
  public:
    explicit Reader(std::string_view bytes) : rest_(bytes) {}
    std::string_view rest() const { return rest_; }

    bool u32(std::uint32_t& value) {
        if (rest_.size() < sizeof value) {
            return false;
        }
        std::memcpy(&value, rest_.data(), sizeof value);
        rest_.remove_prefix(sizeof value);
        return true;
    }
    bool bytes(std::size_t size, std::string& out) {
        if (rest_.size() < size) {
            return false;
        }
        out.assign(rest_.substr(0, size));
        rest_.remove_prefix(size);
        return true;
    }
    bool line(std::string& out) {
        const auto end = rest_.find('\n');
        if (end == std::string_view::npos) {
            return false;
        }
        out.assign(rest_.substr(0, end));
        rest_.remove_prefix(end + 1);
        return true;
    }
    bool done() const { return rest_.empty(); }

  private:
    std::string_view rest_;
};

// One block's tokens, as written; false for anything inconsistent (counts past the file's end,
// line ends out of order or past the pieces, an unknown class). The file's hash was checked
// before: this guards against a writer's mistake, not against damage.
bool read_tokens(Reader& reader, Tokens& tokens) {
    std::uint32_t lines = 0, pieces = 0;
    if (!reader.u32(lines) || !reader.u32(pieces)) {
        return false;
    }
    // Counts that the rest of the file cannot hold are not believed (nor allocated for).
    if ((std::uint64_t{lines} + pieces) * sizeof(std::uint32_t) > reader.rest().size()) {
        return false;
    }
    tokens.line_ends.resize(lines);
    tokens.pieces.resize(pieces);
    std::uint32_t previous = 0;
    for (auto& end : tokens.line_ends) {
        if (!reader.u32(end) || end < previous || end > pieces) {
            return false;
        }
        previous = end;
    }
    for (auto& piece : tokens.pieces) {
        std::uint32_t bits = 0;
        if (!reader.u32(bits) || (piece = Piece::from_bits(bits)).css() > TokenClass::Doctag) {
            return false;
        }
    }
    return lines == 0 || tokens.line_ends.back() == pieces;
}

} // namespace

const char* token_class(std::uint8_t css) {
    return css < std::size(kClasses) ? kClasses[css] : nullptr;
}

struct Cache::State {
    struct Entry {
        Tokens tokens;
        bool asked = false; ///< found or added in this run
    };

    std::filesystem::path file;
    std::string header;
    std::once_flag read_once;
    mutable std::mutex mutex;
    std::unordered_map<std::string, Entry> entries;
    Counts counts;

    // The file's blocks, all or none: a damaged file gives an empty cache.
    void read() {
        std::string bytes;
        try {
            bytes = read_file(file);
        } catch (const InputError&) {
            return; // none yet (a first build), or unreadable: an empty cache either way
        }
        Reader reader(bytes);
        std::string format, stamp, hash;
        if (!reader.line(format) || !reader.line(stamp) || format + "\n" + stamp + "\n" != header ||
            !reader.line(hash) || hash != fnv1a(reader.rest())) {
            return;
        }
        std::unordered_map<std::string, Entry> read;
        while (!reader.done()) {
            std::uint32_t size = 0;
            std::string key;
            Entry entry;
            if (!reader.u32(size) || !reader.bytes(size, key) ||
                !read_tokens(reader, entry.tokens)) {
                return;
            }
            read.insert_or_assign(std::move(key), std::move(entry));
        }
        entries = std::move(read);
        counts.read = entries.size();
    }
};

Cache::Cache(std::filesystem::path file, std::string stamp) : state_(std::make_unique<State>()) {
    state_->file = std::move(file);
    // What makes the tokens: the program (its own rules: aliases, CUDA words, classes) and the
    // syntax definitions compiled into KSyntaxHighlighting.
    state_->header = std::string(kFormat) + "\n" + stamp + ", " + library_version() + "\n";
}

Cache::~Cache() = default;

std::string Cache::key(std::string_view language, const std::vector<std::string_view>& lines) {
    std::string key;
    std::size_t size = language.size() + 1;
    for (const auto line : lines) {
        size += line.size() + 1;
    }
    key.reserve(size);
    for (const char c : language) {
        key += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
    key += '\0'; // an info-string word holds no NUL; the lines follow, each ended
    for (const auto line : lines) {
        key.append(line).append(1, '\n');
    }
    return key;
}

const Tokens* Cache::find(const std::string& key) {
    std::call_once(state_->read_once, [this] { state_->read(); });
    const std::lock_guard lock(state_->mutex);
    const auto found = state_->entries.find(key);
    if (found == state_->entries.end()) {
        return nullptr;
    }
    found->second.asked = true;
    ++state_->counts.found;
    return &found->second.tokens;
}

const Tokens* Cache::add(std::string key, Tokens tokens) {
    std::call_once(state_->read_once, [this] { state_->read(); });
    const std::lock_guard lock(state_->mutex);
    auto [at, added] = state_->entries.try_emplace(std::move(key));
    if (added) {
        at->second.tokens = std::move(tokens);
        ++state_->counts.added;
    }
    at->second.asked = true;
    return &at->second.tokens;
}

void Cache::save(bool keep_unused) const {
    const std::lock_guard lock(state_->mutex);
    const auto& entries = state_->entries;
    const bool unused = std::any_of(entries.begin(), entries.end(),
                                    [](const auto& entry) { return !entry.second.asked; });
    if (state_->counts.added == 0 && (keep_unused || !unused)) {
        return; // the file already holds exactly what would be written
    }
    // Hashed in a first pass and written in a second: a big book's blocks are megabytes, and a
    // copy of them would add to the build's peak memory.
    Fnv1a hash;
    write_blocks(hash, entries, keep_unused);
    try {
        replace_file(state_->file, [&](FileWriter& out) {
            out.write(state_->header + hash.hex() + "\n");
            BufferedWriter sink(out);
            write_blocks(sink, entries, keep_unused);
            sink.flush();
        });
    } catch (const std::runtime_error& error) {
        throw std::runtime_error(state_->file.string() + ": cannot write the highlight cache (" +
                                 error.what() + ")");
    }
}

Cache::Counts Cache::counts() const {
    const std::lock_guard lock(state_->mutex);
    return state_->counts;
}

} // namespace gpuguide::highlight
