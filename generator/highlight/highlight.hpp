#pragma once
/// Syntax highlighting at build time with KDE's KSyntaxHighlighting (Kate's syntax definitions,
/// about 350 languages; docs/src/design/markdown.md "Code blocks"). Tokens get highlight.js's class
/// names
/// (`hljs-keyword`, `hljs-string`, ...), so a stylesheet written for mdBook's highlight.js themes
/// styles these pages too. No Qt type crosses this header.
#include "highlight/cache.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuguide::highlight {

/// The markup before and after a token of one class (`"hljs-keyword"`, `"hljs-title function_"`):
/// the theme's code-token partial. Asked once per class and code block, so it should answer from
/// a cache (theme::Markup::cached_wrapper); the pair must outlive the lines_html call.
using TokenTags = std::function<const std::pair<std::string, std::string>&(const char* css)>;

/// The HTML of each of `lines` (one code block, lines without their newline) highlighted as
/// `language`, an info-string word such as "rust", "cpp", "cuda", "sh", "toml" (matched without
/// regard to case, through aliases and file extensions): the text escaped, each token between the
/// `tags` of its highlight.js class, never crossing a line. The lines are highlighted as one
/// text, so a comment or string that spans lines is coloured on all of them. nullopt when no
/// syntax definition matches `language` (the caller shows the code plain). With a `cache`, a
/// block highlighted before is taken from it, and a new one is added to it. Thread-safe: each
/// thread keeps its own syntax repository.
std::optional<std::vector<std::string>> lines_html(std::string_view language,
                                                   const std::vector<std::string_view>& lines,
                                                   const TokenTags& tags, Cache* cache = nullptr);

/// Whether `language` names a syntax definition (the lookup lines_html uses).
bool knows(std::string_view language);

/// The syntax library and its version, for the build log and docs ("KSyntaxHighlighting 5.103").
std::string library_version();

} // namespace gpuguide::highlight
