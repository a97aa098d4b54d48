// SUMMARY.md as mdBook reads it (mdbook-summary: an optional `# Title`, prefix chapters, numbered
// chapters in parts, suffix chapters; docs/src/design/content-model.md "SUMMARY.md"). Read line by
// line with the few CommonMark block rules a summary uses (list nesting by content column, thematic
// breaks, setext underlines, HTML comments, code fences), not with a Markdown parser: the error
// messages need the line of each entry, which cmark does not keep for links.
#include "load/book.hpp"
#include "load/error.hpp"
#include "load/summary_links.hpp"

#include <map>
#include <optional>
#include <system_error>

namespace gpuguide {
namespace {

const std::string kExpected =
    "expected `- [Title](file.md)`, `[Title](file.md)`, `# Part title`, `---` or a blank line";

// A line quoted in a message: at most 80 characters (a summary line can be megabytes long).
std::string shown_line(std::string_view text) {
    if (text.size() <= 80) {
        return std::string(text);
    }
    std::size_t cut = 77;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut; // not inside a UTF-8 character
    }
    return std::string(text.substr(0, cut)) + "...";
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

// Columns of leading white space (tabs to the next multiple of 4, as CommonMark counts them).
int indentation(std::string_view line) {
    int width = 0;
    for (char c : line) {
        if (c == ' ') {
            ++width;
        } else if (c == '\t') {
            width += 4 - width % 4;
        } else {
            break;
        }
    }
    return width;
}

// A thematic break: three or more of one of - * _, with only spaces between (any run of dashes).
bool is_rule(std::string_view text) {
    if (text.empty() || (text[0] != '-' && text[0] != '*' && text[0] != '_')) {
        return false;
    }
    int count = 0;
    for (char c : text) {
        if (c == text[0]) {
            ++count;
        } else if (c != ' ' && c != '\t') {
            return false;
        }
    }
    return count >= 3;
}

bool is_dashes(std::string_view text) {
    return !text.empty() && text.find_first_not_of('-') == std::string_view::npos;
}

// "- ", "* ", "+ ", "1. ", "1) " (or the marker alone): the marker's width plus its spaces.
std::optional<int> list_marker(std::string_view text) {
    std::size_t width = 0;
    if (!text.empty() && (text[0] == '-' || text[0] == '*' || text[0] == '+')) {
        width = 1;
    } else {
        while (width < text.size() && width < 9 && text[width] >= '0' && text[width] <= '9') {
            ++width;
        }
        if (width == 0 || width >= text.size() || (text[width] != '.' && text[width] != ')')) {
            return std::nullopt;
        }
        ++width;
    }
    if (width == text.size()) {
        return static_cast<int>(width) + 1;
    }
    if (text[width] != ' ' && text[width] != '\t') {
        return std::nullopt;
    }
    const int spaces = indentation(text.substr(width));
    return static_cast<int>(width) + (spaces > 4 ? 1 : spaces);
}

// 1 for `# x`, 2 for `## x`, ...; 0 when the text is not an ATX heading.
int heading_level(std::string_view text) {
    std::size_t level = 0;
    while (level < text.size() && text[level] == '#') {
        ++level;
    }
    if (level == 0 || level > 6 || (level < text.size() && text[level] != ' ')) {
        return 0;
    }
    return static_cast<int>(level);
}

// The heading's text without its closing run of #s.
std::string heading_text(std::string_view text) {
    text = trim(text.substr(text.find_first_not_of('#') == std::string_view::npos
                                ? text.size()
                                : text.find_first_not_of('#')));
    const auto last = text.find_last_not_of('#');
    if (last != std::string_view::npos && last + 1 < text.size() &&
        (text[last] == ' ' || text[last] == '\t')) {
        text = trim(text.substr(0, last));
    } else if (last == std::string_view::npos) {
        text = {};
    }
    return summary_inline_text(text);
}

class SummaryParser {
  public:
    explicit SummaryParser(const std::filesystem::path& path) : path_(path) {}

    void line(int number, std::string_view raw) {
        line_ = number;
        if (skip_comment_or_fence(trim(raw))) {
            return;
        }
        const int indent = indentation(raw);
        const std::string_view text = trim(raw);
        if (text.empty()) {
            flush_item();
            after_blank_ = true;
            previous_paragraph_ = false;
            return;
        }
        const bool paragraph_before = previous_paragraph_;
        previous_paragraph_ = false;
        if (indent < 4) {
            if (paragraph_before && is_dashes(text)) {
                return; // a setext underline: the line above is a heading, not a separator
            }
            if (const int level = heading_level(text); level > 0) {
                flush_item();
                heading(level, text);
                return;
            }
            if (is_rule(text)) {
                flush_item();
                separator();
                return;
            }
        }
        if (auto marker = list_marker(text)) {
            flush_item();
            list_item(indent, indent + *marker,
                      trim(text.substr(
                          std::min<std::size_t>(static_cast<std::size_t>(*marker), text.size()))));
            return;
        }
        if (item_ && !after_blank_) {
            item_->text += ' ';
            item_->text += text; // a lazy continuation line
            return;
        }
        if (!stack_.empty() && indent >= stack_.back()) {
            after_blank_ = false; // more text of the open item (a loose list): not a chapter
            return;
        }
        paragraph(indent, text, paragraph_before);
        previous_paragraph_ = true;
    }

    std::vector<SummaryEntry> finish() {
        flush_item();
        return std::move(entries_);
    }

  private:
    enum class Section { Prefix, Numbered, Suffix };

    struct PendingItem {
        int line = 0, depth = 0;
        std::string text;
    };

    // HTML comments and fenced code are not part of the summary; true when the line is in one.
    bool skip_comment_or_fence(std::string_view text) {
        if (in_comment_) {
            in_comment_ = text.find("-->") == std::string_view::npos;
            return true;
        }
        if (in_fence_) {
            in_fence_ = !text.starts_with(fence_);
            return true;
        }
        if (text.starts_with("<!--")) {
            in_comment_ = text.find("-->", 4) == std::string_view::npos; // open to the end
            return true;
        }
        if (text.starts_with("```") || text.starts_with("~~~")) {
            fence_ = std::string(text.substr(0, 3));
            in_fence_ = true;
            return true;
        }
        return false;
    }

    void started() {
        started_ = true;
        after_blank_ = false;
    }

    void heading(int level, std::string_view text) {
        const bool first = !started_;
        started();
        stack_.clear();
        if (level != 1) {
            return; // mdBook ignores headings other than h1 (the Rust book uses h2 as dividers)
        }
        if (first) {
            return; // the book's title line
        }
        if (section_ == Section::Suffix) {
            fail("a part title cannot follow the unnumbered chapters at the end; move it above "
                 "them, or make those chapters list items `- [Title](file.md)`");
        }
        const std::string title = heading_text(text);
        if (title.empty()) {
            fail("a part heading needs a title, e.g. `# Hardware`");
        }
        section_ = Section::Numbered;
        part_fresh_ = true;
        entries_.push_back({SummaryEntry::Kind::Part, title, "", "", 0, line_, -1});
    }

    void separator() {
        started();
        part_fresh_ = false;
        stack_.clear();
        entries_.push_back({SummaryEntry::Kind::Separator, "", "", "", 0, line_, -1});
    }

    void list_item(int indent, int content_column, std::string_view text) {
        if (section_ == Section::Suffix) {
            fail("a list item cannot follow the unnumbered chapters at the end; move `" +
                 shown_line(text) + "` above them, or drop its `- `");
        }
        if (stack_.empty() && indent >= 4) {
            fail("the first item of a list must not be indented");
        }
        started();
        section_ = Section::Numbered;
        part_fresh_ = false;
        while (!stack_.empty() && indent < stack_.back()) {
            stack_.pop_back();
        }
        const int depth = static_cast<int>(stack_.size());
        stack_.push_back(content_column);
        item_ = PendingItem{line_, depth, std::string(text)};
    }

    void flush_item() {
        if (!item_) {
            return;
        }
        const PendingItem item = std::move(*item_);
        item_.reset();
        const int at = line_;
        line_ = item.line;
        const auto links = find_summary_links(item.text);
        if (links.empty() || links.front().start != 0) {
            const auto tail = item.text.find("](");
            const bool space =
                tail != std::string::npos && item.text.find(' ', tail) != std::string::npos;
            fail("a list item must be one link `- [Title](file.md)` (or `- [Title]()` for a "
                 "draft), found `" +
                 shown_line(item.text) + "`" +
                 (space ? "; write a file name with spaces as `<my file.md>` or `my%20file.md`"
                        : ""));
        }
        counters_.resize(item.depth + 1, 0);
        ++counters_[item.depth];
        std::string number;
        for (int counter : counters_) {
            number += std::to_string(counter) + ".";
        }
        add_chapter(links.front(), item.depth, std::move(number));
        line_ = at;
    }

    void paragraph(int indent, std::string_view text, bool continues_paragraph) {
        if (indent >= 4 && !continues_paragraph) {
            fail("cannot read this indented line (Markdown reads it as code): `" +
                 shown_line(text) + "`; " + kExpected);
        }
        started();
        const auto links = find_summary_links(text);
        if (links.empty()) {
            fail("cannot read this line: `" + shown_line(text) + "`; " + kExpected);
        }
        if (section_ == Section::Numbered) {
            if (part_fresh_) { // mdBook would skip this paragraph's links without a word
                fail("a chapter right after a part title must be a list item: `- " +
                     shown_line(text) + "`");
            }
            section_ = Section::Suffix;
        }
        stack_.clear();
        for (const auto& link : links) {
            add_chapter(link, 0, "");
        }
    }

    void add_chapter(const SummaryLink& link, int depth, std::string number) {
        std::string source;
        if (!link.target.empty()) {
            source = check_target(link.target);
        }
        entries_.push_back({SummaryEntry::Kind::Chapter, link.title, std::move(source),
                            std::move(number), depth, line_, -1});
    }

    // The target as a path relative to SUMMARY.md's folder ("./a b.md" -> "a b.md"); checked.
    std::string check_target(const std::string& target) {
        const std::filesystem::path relative(target);
        bool leaves = relative.is_absolute();
        for (const auto& part : relative) {
            leaves = leaves || part == "..";
        }
        if (relative.extension() != ".md" || leaves) {
            fail("`" + target + "` is not a Markdown file inside this language's folder; link " +
                 "to a file like `03-gpu-architecture.md`");
        }
        const std::string source = relative.lexically_normal().generic_string();
        if (source == "SUMMARY.md") {
            fail("`" + target + "` is this table of contents, not a page; link a page instead");
        }
        const auto file = path_.parent_path() / source;
        std::error_code error; // e.g. a name too long for the file system: not there either
        if (!std::filesystem::is_regular_file(file, error)) {
            fail("`" + target + "` does not exist (looked for " + file.generic_string() +
                 "); create the page or fix the link");
        }
        auto [seen, inserted] = first_line_.emplace(source, line_);
        if (!inserted) {
            fail("`" + target + "` is already listed at line " + std::to_string(seen->second) +
                 "; each page may appear only once");
        }
        return source;
    }

    [[noreturn]] void fail(const std::string& message) { fail_at(path_, line_, message); }

    std::filesystem::path path_;
    int line_ = 0;
    Section section_ = Section::Prefix;
    bool started_ = false;     // a block other than a comment was seen (the title is first)
    bool after_blank_ = false; // a blank line since the last block
    bool previous_paragraph_ = false;
    bool part_fresh_ = false; // a part title is the last block
    bool in_comment_ = false, in_fence_ = false;
    std::string fence_;
    std::vector<int> stack_;    // content column of each open list level
    std::vector<int> counters_; // chapter numbers per depth, continuous across parts
    std::optional<PendingItem> item_;
    std::map<std::string, int> first_line_;
    std::vector<SummaryEntry> entries_;
};

} // namespace

std::vector<SummaryEntry> parse_summary(const std::filesystem::path& summary_path,
                                        std::string_view text) {
    SummaryParser parser(summary_path);
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        parser.line(++number, text.substr(start, end - start));
        start = end + 1;
    }
    return parser.finish();
}

} // namespace gpuguide
