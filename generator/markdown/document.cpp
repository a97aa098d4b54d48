// cmark-gfm parsing and rendering with the GitHub extensions.
#include "markdown/markdown.hpp"
#include "text/escape.hpp"

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <mutex>
#include <stdexcept>

namespace gpuguide::markdown {
namespace {

constexpr int kParseOptions = CMARK_OPT_FOOTNOTES;
// UNSAFE lets the generator's own HTML blocks through; tagfilter still disarms <script> & co.
constexpr int kRenderOptions = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES;
constexpr const char* kExtensions[] = {"table", "strikethrough", "autolink", "tasklist",
                                       "tagfilter"};

} // namespace

Document::Document(std::string_view markdown, const Syntax& syntax) {
    parse(markdown);
    read_heading_attributes(markdown);
    if (syntax.admonitions) {
        make_admonitions(syntax);
    }
    if (syntax.definition_lists) {
        make_definition_lists(syntax);
    }
}

void Document::parse(std::string_view markdown) {
    static std::once_flag registered;
    std::call_once(registered, [] { cmark_gfm_core_extensions_ensure_registered(); });
    // cmark-gfm 0.29 keeps the inline parser's special characters in one global table that each
    // parse with the strikethrough/autolink extensions adds to and then clears (github/cmark-gfm
    // PR #176), so two parses at once lose each other's `~~` and autolinks. Parsing is therefore
    // one at a time; directives, rendering and templates still run in parallel.
    static std::mutex parse_mutex;
    std::lock_guard lock(parse_mutex);
    if (root_ != nullptr) { // parsed again without the heading attribute blocks
        cmark_node_free(root_);
        cmark_parser_free(parser_);
    }
    parser_ = cmark_parser_new(kParseOptions);
    for (const char* name : kExtensions) {
        cmark_syntax_extension* extension = cmark_find_syntax_extension(name);
        if (extension == nullptr) {
            throw std::runtime_error(std::string("cmark-gfm extension missing: ") + name);
        }
        cmark_parser_attach_syntax_extension(parser_, extension);
    }
    cmark_parser_feed(parser_, markdown.data(), markdown.size());
    root_ = cmark_parser_finish(parser_);
}

Document::~Document() {
    cmark_node_free(root_);
    cmark_parser_free(parser_);
}

std::string Document::render_html() const {
    std::string result;
    render_html([&result](std::string_view html) { result = html; });
    return result;
}

void Document::render_html(const std::function<void(std::string_view html)>& use) const {
    const std::unique_ptr<char, decltype(&std::free)> html(
        cmark_render_html(root_, kRenderOptions, cmark_parser_get_syntax_extensions(parser_)),
        &std::free);
    use(html.get());
}

namespace {

bool is_control(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F;
}

} // namespace

namespace {

// Whether any of the 8 bytes in `word` is below 0x20 or is 0x7F (exact: the borrow trick has no
// false negatives; tab, LF and CR also match and are sorted out byte by byte).
bool may_hold_control(std::uint64_t word) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const std::uint64_t del = word ^ (ones * 0x7F);
    return (((word - ones * 0x20) & ~word) | ((del - ones) & ~del)) & highs;
}

#ifdef __SSE2__
// The control characters among 16 bytes, one bit each: below 0x20 but not tab, LF or CR, or 0x7F.
// Exact, so a page's many newlines cost nothing (the 8-byte test below sends each word holding
// one to the byte loop).
unsigned control_mask(const char* at) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    const __m128i below_space = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes);
    const __m128i allowed = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\t')),
                                                      _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n'))),
                                         _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r')));
    const __m128i control = _mm_or_si128(_mm_andnot_si128(allowed, below_space),
                                         _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x7F)));
    return static_cast<unsigned>(_mm_movemask_epi8(control));
}
#endif

// The first control character at or after `from`, many bytes at a time: every page's HTML
// passes through here (twice), and a byte loop was a tenth of a build's instructions.
std::size_t find_control(std::string_view text, std::size_t from) {
    std::size_t i = from;
#ifdef __SSE2__
    for (; i + 16 <= text.size(); i += 16) {
        if (const unsigned mask = control_mask(text.data() + i); mask != 0) {
            return i + static_cast<std::size_t>(__builtin_ctz(mask));
        }
    }
#endif
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + i, 8);
        if (may_hold_control(word)) {
            for (std::size_t k = i; k < i + 8; ++k) {
                if (is_control(text[k])) {
                    return k;
                }
            }
        }
    }
    for (; i < text.size(); ++i) {
        if (is_control(text[i])) {
            return i;
        }
    }
    return std::string_view::npos;
}

} // namespace

std::string without_control_characters(std::string_view text) {
    auto at = find_control(text, 0);
    if (at == std::string_view::npos) {
        return std::string(text);
    }
    std::string out;
    out.reserve(text.size());
    std::size_t done = 0;
    for (; at != std::string_view::npos; at = find_control(text, done)) {
        out.append(text.data() + done, at - done);
        done = at + 1;
    }
    out.append(text.data() + done, text.size() - done);
    return out;
}

void drop_control_characters(std::string& text) {
    auto at = find_control(text, 0);
    if (at == std::string_view::npos) {
        return;
    }
    std::size_t kept = at;
    for (std::size_t i = at; i < text.size(); ++i) {
        if (!is_control(text[i])) {
            text[kept++] = text[i];
        }
    }
    text.resize(kept);
}

std::string escape_html(std::string_view text) {
    return text::escape_markup(text);
}

} // namespace gpuguide::markdown
