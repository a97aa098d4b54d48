#pragma once
/// Highlighted code blocks kept from one build to the next (in the build's --cache-dir) and
/// shared by its render threads. KSyntaxHighlighting costs about 20 µs a line, and a rebuild
/// (`--force`, or `gpuguide serve` after an edit) highlights the same blocks again; a block is
/// also often highlighted twice in one build, once per language of a bilingual book. What is kept
/// is each block's tokens (byte offsets and highlight.js classes), not HTML: the theme's tags are
/// put around them as each page is rendered, so a changed theme needs no new cache.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide::highlight {

/// The token classes pages show, each one of highlight.js 11's (token_class()).
enum TokenClass : std::uint8_t {
    Plain,
    Keyword,
    Function,
    Variable,
    Operator,
    BuiltIn,
    Meta,
    Attribute,
    String,
    Escape,
    Regexp,
    Type,
    Number,
    Literal,
    Comment,
    Doctag
};

/// A piece of a line: the bytes from the previous piece's end (or the line's start) up to `end`,
/// in token class `css`. Packed in 32 bits, the end above the class: a build keeps the pieces of
/// every block it highlights. So a line is highlighted only up to kMaxEnd bytes (256 MB).
class Piece {
  public:
    static constexpr std::uint32_t kMaxEnd = (1u << 28) - 1;

    Piece() = default;
    Piece(std::uint32_t end, TokenClass css) : bits_(end << 4 | css) {}
    static Piece from_bits(std::uint32_t bits) {
        Piece piece;
        piece.bits_ = bits;
        return piece;
    }

    std::uint32_t end() const { return bits_ >> 4; }
    std::uint8_t css() const { return bits_ & 15u; }
    std::uint32_t bits() const { return bits_; }

  private:
    std::uint32_t bits_ = 0;
};

/// One highlighted block: line i's pieces are pieces[line_ends[i - 1], line_ends[i]).
struct Tokens {
    std::vector<std::uint32_t> line_ends;
    std::vector<Piece> pieces;
};

/// The highlight.js class of token class `css` ("hljs-keyword"), nullptr for Plain and for any
/// value past the last class.
const char* token_class(std::uint8_t css);

/// Blocks by language and text, read from a file on first use and written back by save().
/// Thread-safe. A file that another version wrote, or that is damaged, counts as empty: it is
/// a cache, and save() replaces it.
class Cache {
  public:
    /// A cache kept in `file`. `stamp` names the program that made its tokens (gpuguide's
    /// version and commit; the syntax library's version is added): a file with another stamp is
    /// not read.
    Cache(std::filesystem::path file, std::string stamp);
    ~Cache();
    Cache(const Cache&) = delete;
    Cache& operator=(const Cache&) = delete;

    /// The key of a block: its language word as written (case folded) and its lines.
    static std::string key(std::string_view language, const std::vector<std::string_view>& lines);

    /// The tokens stored under `key`, or nullptr. The pointer stays valid as long as the cache.
    const Tokens* find(const std::string& key);
    /// Stores `tokens` under `key` (the first stored wins) and returns the stored tokens.
    const Tokens* add(std::string key, Tokens tokens);

    /// Writes the cache to its file, through a new file renamed over it, when anything changed:
    /// every block found or added in this run, and with `keep_unused` (a build that rendered
    /// only some pages) also those read from the file and not asked for. std::runtime_error
    /// naming the file when it cannot be written.
    void save(bool keep_unused) const;

    struct Counts {
        std::size_t read = 0;  ///< blocks read from the file
        std::size_t found = 0; ///< lookups answered from the cache
        std::size_t added = 0; ///< blocks highlighted in this run
    };
    Counts counts() const;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace gpuguide::highlight
