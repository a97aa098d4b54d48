#pragma once
/// book.toml, mdBook's project file: the settings gpuguide uses (docs/src/design/content-model.md
/// "book.toml").
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuguide {

/// What a build does about a literal `**` or `__` left in a page's text (emphasis that did not
/// open or close): name it in a warning (the default, as any mdBook book expects), or fail.
/// `[output.html.gpuguide] literal-emphasis = "warn" | "error"`.
enum class EmphasisCheck { Warn, Error };

/// What mdBook's two kinds of plugin share: a program run with the book as JSON on stdin
/// (docs/src/mdbook.md "Preprocessors" and "Renderers").
struct PluginConfig {
    std::string name;      ///< NAME of its table
    std::string command;   ///< `command`, default "mdbook-NAME"
    bool optional = false; ///< a missing command is a warning, not an error
    int timeout_s = 60;    ///< gpuguide's `timeout`: a run longer than this is killed
    int line = 0;          ///< the table's line in book.toml
};

/// One `[preprocessor.NAME]` table: an mdBook preprocessor, a program that gets the book as JSON
/// and returns it changed.
struct PreprocessorConfig : PluginConfig {
    std::vector<std::string> before;                   ///< names this one runs before
    std::vector<std::string> after;                    ///< names this one runs after
    std::optional<std::vector<std::string>> renderers; ///< absent: every renderer
};

/// One `[output.NAME]` table other than html: an mdBook renderer, a program that gets mdBook's
/// RenderContext as JSON and writes what it makes into its own folder.
using RendererConfig = PluginConfig;

struct BookConfig {
    std::filesystem::path root; ///< the folder that holds book.toml
    // [book]
    std::string title;
    std::vector<std::string> authors;
    std::string description;
    std::string language = "en";
    std::filesystem::path src = "src"; ///< relative to root
    // [build]
    std::filesystem::path build_dir = "book"; ///< relative to root
    bool use_default_preprocessors = true;    ///< mdBook's `links` and `index`
    // [preprocessor.NAME], by name
    std::vector<PreprocessorConfig> preprocessors;
    // [output.NAME] but html, by name (mdBook runs them in that order)
    std::vector<RendererConfig> renderers;
    /// The whole book.toml as JSON: the `config` a preprocessor's context carries.
    nlohmann::json json = nlohmann::json::object();
    // [output.html]
    std::string site_url;
    std::vector<std::string> additional_css, additional_js; ///< relative to root
    std::string git_repository_url;
    std::string edit_url_template;               ///< "https://.../edit/main/{path}"
    std::map<std::string, std::string> redirect; ///< "/old.html" -> "new.html"
    bool admonitions = true;                     ///< `> [!NOTE]` blockquotes
    bool definition_lists = true;                ///< `term` / `: definition`
    /// `mathjax-support`: `\\(`...`\\)`, `\\[`...`\\]` and `$$`...`$$` are formulas (typeset
    /// offline by the KaTeX copied into the site); mathjax_line is the key's line.
    bool mathjax_support = false;
    int mathjax_line = 0;
    // [output.html.playground], [output.html.code], [rust]
    bool runnable = true; ///< Rust blocks are playground blocks (their hidden `fn main`)
    bool copyable = true; ///< code blocks get a copy button
    std::map<std::string, std::string> hidelines; ///< language -> prefix of hidden lines
    std::string rust_edition;                     ///< "2021"
    // [output.html.gpuguide]
    bool include_outside_book = false; ///< {{#include}} may read files outside root
    EmphasisCheck literal_emphasis = EmphasisCheck::Warn;
    /// `east-asian-line-breaks`: a soft line break between two East Asian wide characters
    /// (Chinese, Japanese), or beside East Asian punctuation, is removed rather than shown as a
    /// space (markdown::remove_east_asian_soft_breaks); false keeps CommonMark's newline.
    bool east_asian_line_breaks = true;
    /// `reference = "HOST"`: which committed reference document pages call "the reference" (the
    /// host word `reference`); empty: the first by file name. reference_line is the key's line.
    std::string reference_host;
    int reference_line = 0;
    /// `license = "CC BY 4.0"` and `license-url`: the footer of every page names the licence of
    /// the book's text and figures; empty: no licence line.
    std::string license;
    std::string license_url;
    /// "book.toml:LINE: warning: ..." for every key gpuguide does not use (not fatal).
    std::vector<std::string> warnings;
};

/// Reads `file` (a book.toml). Throws InputError "book.toml:LINE: problem; what to do" for TOML
/// syntax errors and known keys of the wrong type; collects a warning per unknown key.
BookConfig load_book_toml(const std::filesystem::path& file);

/// load_book_toml on `source`, the text of `file` (already read; `file` names it in messages and
/// its folder is the book's root).
BookConfig parse_book_toml(std::string_view source, const std::filesystem::path& file);

/// The book.toml of a folder of language folders (the guide's `content/`, where SUMMARY.md and the
/// pages are in `en/`, `zh/`, ...): only its `[output.html.gpuguide]` table applies there; every
/// other key gets a warning saying so. Errors as load_book_toml.
BookConfig load_language_folders_toml(const std::filesystem::path& file);

} // namespace gpuguide
