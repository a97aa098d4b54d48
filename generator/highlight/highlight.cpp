// KSyntaxHighlighting behind a plain interface: a highlighter that collects each line's tokens
// as HTML with highlight.js's class names, in the tags its caller (the theme) gives each class.
#include "highlight/highlight.hpp"

#include "text/escape.hpp"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>
#include <QString>
#include <algorithm>
#include <array>
#include <cctype>
#include <ksyntaxhighlighting_version.h>
#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace gpuguide::highlight {
namespace {

using KSyntaxHighlighting::Theme;

// Info-string words whose definition name or file extension differs from the word: mdBook's
// highlight.js accepts these aliases, and CUDA sources are C++ to Kate (its C++ definition lists
// *.cu and *.cuh).
const std::unordered_map<std::string_view, std::string_view> kAliases = {
    {"c", "C"},
    {"h", "C"},
    {"cpp", "C++"},
    {"c++", "C++"},
    {"cxx", "C++"},
    {"cc", "C++"},
    {"hpp", "C++"},
    {"cu", "C++"},
    {"cuda", "C++"},
    {"cuh", "C++"},
    {"rs", "Rust"},
    {"py", "Python"},
    {"python3", "Python"},
    {"sh", "Bash"},
    {"shell", "Bash"},
    {"bash", "Bash"},
    {"zsh", "Zsh"},
    {"yml", "YAML"},
    {"jsonc", "JSON"},
    {"js", "JavaScript"},
    {"ts", "TypeScript"},
    {"md", "Markdown"},
    {"make", "Makefile"},
    {"dockerfile", "Dockerfile"},
    {"docker", "Dockerfile"},
    {"ini", "INI Files"},
    {"patch", "Diff"},
    {"hbs", "Handlebars"},
    {"handlebars", "Handlebars"},
    {"asm", "GNU Assembler"},
    {"ptx", "GNU Assembler"},
};

// Info-string words that say "no language": answered without loading the syntax repository.
const std::unordered_set<std::string_view> kPlain = {"text",   "txt",     "plain", "plaintext",
                                                     "output", "console", "none",  "nohighlight"};

// Words that CUDA adds to C++, which Kate's C++ definition shows as plain identifiers.
const std::unordered_set<std::string_view> kCudaKeywords = {
    "__global__",      "__device__",        "__host__",         "__shared__",
    "__constant__",    "__managed__",       "__restrict__",     "__noinline__",
    "__forceinline__", "__launch_bounds__", "__grid_constant__"};
const std::unordered_set<std::string_view> kCudaBuiltIns = {
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "__syncthreads", "__syncwarp"};

// highlight.js 11's class for each of Kate's default text styles (Plain: no class).
TokenClass class_of(Theme::TextStyle style) {
    switch (style) {
    case Theme::Keyword:
    case Theme::ControlFlow:
        return TokenClass::Keyword;
    case Theme::Function:
        return TokenClass::Function;
    case Theme::Variable:
        return TokenClass::Variable;
    case Theme::Operator:
        return TokenClass::Operator;
    case Theme::BuiltIn:
    case Theme::Extension:
        return TokenClass::BuiltIn;
    case Theme::Preprocessor:
    case Theme::Import:
        return TokenClass::Meta;
    case Theme::Attribute:
        return TokenClass::Attribute;
    case Theme::Char:
    case Theme::String:
    case Theme::VerbatimString:
        return TokenClass::String;
    case Theme::SpecialChar:
        return TokenClass::Escape;
    case Theme::SpecialString:
        return TokenClass::Regexp;
    case Theme::DataType:
        return TokenClass::Type;
    case Theme::DecVal:
    case Theme::BaseN:
    case Theme::Float:
        return TokenClass::Number;
    case Theme::Constant:
        return TokenClass::Literal;
    case Theme::Comment:
    case Theme::Documentation:
    case Theme::RegionMarker:
        return TokenClass::Comment;
    case Theme::Annotation:
    case Theme::CommentVar:
    case Theme::Information:
    case Theme::Warning:
    case Theme::Alert:
        return TokenClass::Doctag;
    default: // Normal, Others, Error: Kate's Error style marks what it cannot parse, not mistakes
        return TokenClass::Plain;
    }
}

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// One line at a time: KSyntaxHighlighting reports (offset, length, format) in UTF-16 code units
// of the line; the pieces are cut at the line's own UTF-8 bytes.
class Tokenizer : public KSyntaxHighlighting::AbstractHighlighter {
  public:
    void set_cuda(bool cuda) { cuda_ = cuda; }

    Tokens run(const std::vector<std::string_view>& lines) {
        tokens_ = Tokens();
        tokens_.line_ends.reserve(lines.size());
        KSyntaxHighlighting::State state;
        for (const auto line : lines) {
            line_ = line;
            done_ = 0;
            last_class_ = TokenClass::Plain;
            map_offsets(line);
            state = highlightLine(text_, state);
            put(line_.size(), TokenClass::Plain);
            tokens_.line_ends.push_back(static_cast<std::uint32_t>(tokens_.pieces.size()));
        }
        return std::move(tokens_);
    }

  protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format& format) override {
        const std::size_t begin = byte_at(offset), end = byte_at(offset + length);
        put(begin, TokenClass::Plain); // a gap the highlighter skipped is plain text
        const TokenClass css = class_of(format.textStyle());
        if (css == TokenClass::Plain && cuda_) {
            plain_with_cuda_words(end);
            return;
        }
        put(end, css);
    }

  private:
    void map_offsets(std::string_view line) {
        text_ = QString::fromUtf8(line.data(), static_cast<int>(line.size()));
        utf8_at_.clear();
        if (static_cast<std::size_t>(text_.size()) == line.size()) {
            return; // ASCII (or as long): UTF-16 offsets are byte offsets
        }
        utf8_at_.reserve(text_.size() + 1);
        std::size_t byte = 0;
        for (int i = 0; i < text_.size(); ++i) {
            utf8_at_.push_back(byte);
            const char16_t unit = text_.at(i).unicode();
            if (unit < 0x80) {
                byte += 1;
            } else if (unit < 0x800) {
                byte += 2;
            } else if (unit >= 0xD800 && unit < 0xDC00) {
                byte += 4; // a surrogate pair: four bytes for both units
                utf8_at_.push_back(byte);
                ++i;
            } else {
                byte += 3;
            }
        }
        utf8_at_.push_back(line.size());
    }

    std::size_t byte_at(int offset) const {
        const auto at = static_cast<std::size_t>(std::max(offset, 0));
        if (utf8_at_.empty()) {
            return std::min(at, line_.size());
        }
        // Clamped: invalid UTF-8 becomes one U+FFFD per bad byte or sequence in the QString, so
        // the offsets counted from its units can run past the line's bytes.
        return std::min(utf8_at_[std::min(at, utf8_at_.size() - 1)], line_.size());
    }

    // Plain text from done_ to `end`, with CUDA's qualifiers and built-in variables marked.
    void plain_with_cuda_words(std::size_t end) {
        std::size_t i = done_;
        while (i < end) {
            if (!is_identifier_char(line_[i])) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < end && is_identifier_char(line_[j])) {
                ++j;
            }
            const auto word = line_.substr(i, j - i);
            const TokenClass css = kCudaKeywords.contains(word)   ? TokenClass::Keyword
                                   : kCudaBuiltIns.contains(word) ? TokenClass::BuiltIn
                                                                  : TokenClass::Plain;
            if (css != TokenClass::Plain) {
                put(i, TokenClass::Plain);
                put(j, css);
            }
            i = j;
        }
        put(end, TokenClass::Plain);
    }

    // Adds line_[done_, end) in class `css` as the next piece; whitespace alone takes the class of
    // the piece before it, so the spaces between two tokens of one class stay inside their span.
    void put(std::size_t end, TokenClass css) {
        end = std::min(end, line_.size());
        if (end <= done_) {
            return;
        }
        const auto piece = line_.substr(done_, end - done_);
        done_ = end;
        if (css != TokenClass::Plain && piece.find_first_not_of(" \t") == std::string_view::npos) {
            css = last_class_;
        }
        last_class_ = css;
        tokens_.pieces.emplace_back(static_cast<std::uint32_t>(end), css);
    }

    std::string_view line_;
    QString text_;
    std::vector<std::size_t> utf8_at_; ///< byte offset of each UTF-16 unit; empty for ASCII
    Tokens tokens_;
    std::size_t done_ = 0;
    TokenClass last_class_ = TokenClass::Plain;
    bool cuda_ = false;
};

// The HTML of each line of a block from its tokens: each run of pieces of one class between the
// `tags` of that class, the text escaped. Tokens that do not fit `lines` (a damaged cache entry)
// give nullopt.
std::optional<std::vector<std::string>>
lines_from_tokens(const Tokens& tokens, const std::vector<std::string_view>& lines,
                  const TokenTags& tags) {
    if (tokens.line_ends.size() != lines.size()) {
        return std::nullopt;
    }
    // The theme's tags of each class, asked once per block.
    std::array<const std::pair<std::string, std::string>*, TokenClass::Doctag + 1> known{};
    const auto tags_of = [&](std::uint8_t css) -> const auto& {
        if (known[css] == nullptr) {
            known[css] = &tags(token_class(css));
        }
        return *known[css];
    };
    std::vector<std::string> out;
    out.reserve(lines.size());
    std::size_t first = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = lines[i];
        std::string html;
        std::size_t done = 0;
        std::uint8_t open = TokenClass::Plain;
        for (std::size_t p = first; p < tokens.line_ends[i]; ++p) {
            const std::size_t end = tokens.pieces[p].end();
            const std::uint8_t css = tokens.pieces[p].css();
            if (end <= done || end > line.size() || css > TokenClass::Doctag) {
                return std::nullopt;
            }
            if (css != open) {
                html += open != TokenClass::Plain ? tags_of(open).second : "";
                html += css != TokenClass::Plain ? tags_of(css).first : "";
                open = css;
            }
            html += text::escape_markup(line.substr(done, end - done));
            done = end;
        }
        if (done != line.size()) {
            return std::nullopt;
        }
        html += open != TokenClass::Plain ? tags_of(open).second : "";
        out.push_back(std::move(html));
        first = tokens.line_ends[i];
    }
    return out;
}

// Everything one thread needs: KSyntaxHighlighting's repository is not thread-safe, and loading
// it (the compiled-in index of definitions) takes a few milliseconds, once per render thread.
struct Engine {
    KSyntaxHighlighting::Repository repository;
    std::unordered_map<std::string, std::string> name_by_lower; ///< "rust" -> "Rust", ...
    std::unordered_map<std::string, KSyntaxHighlighting::Definition> found;
    Tokenizer tokenizer;

    Engine() {
        for (const auto& definition : repository.definitions()) {
            name_by_lower.emplace(definition.name().toLower().toStdString(),
                                  definition.name().toStdString());
        }
    }

    const KSyntaxHighlighting::Definition& definition(std::string_view language) {
        const std::string key = lower(language);
        if (const auto cached = found.find(key); cached != found.end()) {
            return cached->second;
        }
        KSyntaxHighlighting::Definition definition;
        if (const auto alias = kAliases.find(key); alias != kAliases.end()) {
            definition = repository.definitionForName(
                QString::fromUtf8(alias->second.data(), static_cast<int>(alias->second.size())));
        } else if (const auto name = name_by_lower.find(key); name != name_by_lower.end()) {
            definition = repository.definitionForName(QString::fromStdString(name->second));
        } else if (!key.empty() && key.find_first_of("*?[/") == std::string::npos) {
            definition = repository.definitionForFileName(QString::fromStdString("code." + key));
        }
        return found.emplace(key, definition).first->second;
    }
};

Engine& engine() {
    thread_local std::unique_ptr<Engine> instance;
    if (!instance) {
        instance = std::make_unique<Engine>();
    }
    return *instance;
}

} // namespace

std::optional<std::vector<std::string>> lines_html(std::string_view language,
                                                   const std::vector<std::string_view>& lines,
                                                   const TokenTags& tags, Cache* cache) {
    if (language.empty() || kPlain.contains(lower(language))) {
        return std::nullopt;
    }
    std::string key;
    if (cache != nullptr) {
        key = Cache::key(language, lines);
        if (const Tokens* cached = cache->find(key)) {
            if (auto html = lines_from_tokens(*cached, lines, tags)) {
                return html;
            }
            cache = nullptr; // tokens that do not fit their own text: highlighted afresh, not kept
        }
    }
    const auto too_long = [](std::string_view line) { return line.size() > Piece::kMaxEnd; };
    if (std::any_of(lines.begin(), lines.end(), too_long)) {
        return std::nullopt; // a line of more than 256 MB: its pieces cannot say where they end
    }
    Engine& state = engine();
    const auto& definition = state.definition(language);
    if (!definition.isValid()) {
        return std::nullopt;
    }
    state.tokenizer.setDefinition(definition);
    // C++ blocks are often CUDA (the guide writes its kernels as ```cpp): the CUDA words are
    // marked in every C++ block, where they cannot mean anything else.
    state.tokenizer.set_cuda(definition.name() == QStringLiteral("C++"));
    Tokens tokens = state.tokenizer.run(lines);
    if (cache != nullptr) {
        return lines_from_tokens(*cache->add(std::move(key), std::move(tokens)), lines, tags);
    }
    return lines_from_tokens(tokens, lines, tags);
}

bool knows(std::string_view language) {
    return !language.empty() && !kPlain.contains(lower(language)) &&
           engine().definition(language).isValid();
}

std::string library_version() {
    return std::string("KSyntaxHighlighting ") + SyntaxHighlighting_VERSION_STRING;
}

} // namespace gpuguide::highlight
