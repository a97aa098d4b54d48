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

// highlight.js 11's class for each of Kate's default text styles (none: plain text).
const char* class_of(Theme::TextStyle style) {
    switch (style) {
    case Theme::Keyword:
    case Theme::ControlFlow:
        return "hljs-keyword";
    case Theme::Function:
        return "hljs-title function_";
    case Theme::Variable:
        return "hljs-variable";
    case Theme::Operator:
        return "hljs-operator";
    case Theme::BuiltIn:
    case Theme::Extension:
        return "hljs-built_in";
    case Theme::Preprocessor:
    case Theme::Import:
        return "hljs-meta";
    case Theme::Attribute:
        return "hljs-attr";
    case Theme::Char:
    case Theme::String:
    case Theme::VerbatimString:
        return "hljs-string";
    case Theme::SpecialChar:
        return "hljs-char escape_";
    case Theme::SpecialString:
        return "hljs-regexp";
    case Theme::DataType:
        return "hljs-type";
    case Theme::DecVal:
    case Theme::BaseN:
    case Theme::Float:
        return "hljs-number";
    case Theme::Constant:
        return "hljs-literal";
    case Theme::Comment:
    case Theme::Documentation:
    case Theme::RegionMarker:
        return "hljs-comment";
    case Theme::Annotation:
    case Theme::CommentVar:
    case Theme::Information:
    case Theme::Warning:
    case Theme::Alert:
        return "hljs-doctag";
    default: // Normal, Others, Error: Kate's Error style marks what it cannot parse, not mistakes
        return nullptr;
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
// of the line; the HTML is cut from the line's own UTF-8 bytes.
class HtmlLines : public KSyntaxHighlighting::AbstractHighlighter {
  public:
    void set_cuda(bool cuda) { cuda_ = cuda; }

    std::vector<std::string> run(const std::vector<std::string_view>& lines,
                                 const TokenTags& tags) {
        tags_ = &tags;
        known_.clear();
        std::vector<std::string> out;
        out.reserve(lines.size());
        KSyntaxHighlighting::State state;
        for (const auto line : lines) {
            line_ = line;
            html_.clear();
            done_ = 0;
            last_class_ = nullptr;
            map_offsets(line);
            state = highlightLine(text_, state);
            put(line_.size(), nullptr);
            close_span();
            out.push_back(std::move(html_));
        }
        return out;
    }

  protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format& format) override {
        const std::size_t begin = byte_at(offset), end = byte_at(offset + length);
        put(begin, nullptr); // a gap the highlighter skipped is plain text
        const char* css = class_of(format.textStyle());
        if (css == nullptr && cuda_) {
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
            const char* css = kCudaKeywords.contains(word)   ? "hljs-keyword"
                              : kCudaBuiltIns.contains(word) ? "hljs-built_in"
                                                             : nullptr;
            if (css != nullptr) {
                put(i, nullptr);
                put(j, css);
            }
            i = j;
        }
        put(end, nullptr);
    }

    // Appends line_[done_, end) in class `css`, merging with the span before it when the class is
    // the same; whitespace alone never opens a span.
    void put(std::size_t end, const char* css) {
        end = std::min(end, line_.size());
        if (end <= done_) {
            return;
        }
        const auto piece = line_.substr(done_, end - done_);
        done_ = end;
        if (css != nullptr && piece.find_first_not_of(" \t") == std::string_view::npos) {
            css = last_class_; // spaces between two tokens of one class stay inside the span
        }
        if (css != last_class_) {
            close_span();
            if (css != nullptr) {
                last_tags_ = &tags_of(css);
                html_ += last_tags_->first;
            }
            last_class_ = css;
        }
        html_ += text::escape_markup(piece);
    }

    void close_span() {
        if (last_class_ != nullptr) {
            html_ += last_tags_->second;
            last_class_ = nullptr;
        }
    }

    // The theme's tags for class `css`, asked once per block: the classes are a few static
    // strings, so a short list found by address is all the lookup a token costs.
    const std::pair<std::string, std::string>& tags_of(const char* css) {
        for (const auto& [known, tags] : known_) {
            if (known == css) {
                return *tags;
            }
        }
        return *known_.emplace_back(css, &(*tags_)(css)).second;
    }

    std::string_view line_;
    QString text_;
    std::vector<std::size_t> utf8_at_; ///< byte offset of each UTF-16 unit; empty for ASCII
    std::string html_;
    std::size_t done_ = 0;
    const char* last_class_ = nullptr;
    const std::pair<std::string, std::string>* last_tags_ = nullptr;
    const TokenTags* tags_ = nullptr;
    std::vector<std::pair<const char*, const std::pair<std::string, std::string>*>> known_;
    bool cuda_ = false;
};

// Everything one thread needs: KSyntaxHighlighting's repository is not thread-safe, and loading
// it (the compiled-in index of definitions) takes a few milliseconds, once per render thread.
struct Engine {
    KSyntaxHighlighting::Repository repository;
    std::unordered_map<std::string, std::string> name_by_lower; ///< "rust" -> "Rust", ...
    std::unordered_map<std::string, KSyntaxHighlighting::Definition> found;
    HtmlLines highlighter;

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
                                                   const TokenTags& tags) {
    if (language.empty() || kPlain.contains(lower(language))) {
        return std::nullopt;
    }
    Engine& state = engine();
    const auto& definition = state.definition(language);
    if (!definition.isValid()) {
        return std::nullopt;
    }
    state.highlighter.setDefinition(definition);
    // C++ blocks are often CUDA (the guide writes its kernels as ```cpp): the CUDA words are
    // marked in every C++ block, where they cannot mean anything else.
    state.highlighter.set_cuda(definition.name() == QStringLiteral("C++"));
    return state.highlighter.run(lines, tags);
}

bool knows(std::string_view language) {
    return !language.empty() && !kPlain.contains(lower(language)) &&
           engine().definition(language).isValid();
}

std::string library_version() {
    return std::string("KSyntaxHighlighting ") + SyntaxHighlighting_VERSION_STRING;
}

} // namespace gpuguide::highlight
