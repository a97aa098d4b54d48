// SUMMARY.md in mdBook's format, read line by line (it is a list of links, not prose, so a
// Markdown parser would only hide the line numbers that the error messages need).
#include "load/book.hpp"
#include "load/error.hpp"

#include <optional>
#include <set>
#include <system_error>

namespace gpuguide {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

int indentation(std::string_view line) {
    int width = 0;
    for (char c : line) {
        if (c == ' ') {
            ++width;
        } else if (c == '\t') {
            width += 4;
        } else {
            break;
        }
    }
    return width;
}

const std::string kExpected =
    "expected `- [Title](file.md)`, `[Title](file.md)`, `# Part title`, `---` or a blank line";

struct Link {
    std::string title, target;
};

// "[Title](file.md)" -> Link; nullopt when the text is not exactly one link. Scanned by hand, not
// with std::regex: libstdc++'s regex recurses once per character and overflows the stack on a
// long line (tests/fuzz/corpus/load/regression-summary-long-line).
std::optional<Link> parse_link(std::string_view text) {
    if (text.size() < 4 || text.front() != '[' || text.back() != ')') {
        return std::nullopt;
    }
    const std::size_t close = text.rfind("](");
    if (close == std::string_view::npos || close < 2) {
        return std::nullopt;
    }
    const std::string_view target = trim(text.substr(close + 2, text.size() - close - 3));
    if (target.find_first_of("() \t") != std::string_view::npos) {
        return std::nullopt;
    }
    return Link{std::string(text.substr(1, close - 1)), std::string(target)};
}

class SummaryParser {
  public:
    explicit SummaryParser(const std::filesystem::path& path) : path_(path) {}

    void line(int number, std::string_view raw) {
        line_ = number;
        std::string_view text = trim(raw);
        if (text.empty() || (text.starts_with("<!--") && text.ends_with("-->"))) {
            return;
        }
        if (text.starts_with("# ") || text == "#") {
            heading(trim(text.substr(1)));
        } else if (text == "---" || text == "***" || text == "___") {
            entries_.push_back({SummaryEntry::Kind::Separator, "", "", "", 0, line_, -1});
        } else if (text.starts_with("- ") || text.starts_with("* ")) {
            list_item(indentation(raw), trim(text.substr(2)));
        } else if (auto link = parse_link(text)) {
            if (indentation(raw) > 0) {
                fail("an unnumbered chapter must not be indented; " + kExpected);
            }
            add_chapter(*link, 0, "");
            indents_.clear();
        } else {
            fail("cannot read this line: `" + std::string(text) + "`; " + kExpected);
        }
    }

    std::vector<SummaryEntry> finish() { return std::move(entries_); }

  private:
    void heading(std::string_view title) {
        if (!seen_title_) {
            seen_title_ = true; // the book's title line
            return;
        }
        if (title.empty()) {
            fail("a part heading needs a title, e.g. `# Hardware`");
        }
        entries_.push_back({SummaryEntry::Kind::Part, std::string(title), "", "", 0, line_, -1});
        indents_.clear();
    }

    void list_item(int indent, std::string_view text) {
        auto link = parse_link(text);
        if (!link) {
            fail("a list item must be one link `- [Title](file.md)` (or `- [Title]()` for a "
                 "draft), found `" +
                 std::string(text) + "`");
        }
        while (!indents_.empty() && indents_.back() > indent) {
            indents_.pop_back();
        }
        if (indents_.empty() || indents_.back() < indent) {
            if (!indents_.empty() || indent == 0) {
                indents_.push_back(indent);
            } else {
                fail("the first item of a list must not be indented");
            }
        }
        const int depth = static_cast<int>(indents_.size()) - 1;
        if (depth >= static_cast<int>(counters_.size())) {
            counters_.resize(depth + 1, 0);
        }
        counters_.resize(depth + 1);
        ++counters_[depth];
        std::string number;
        for (int counter : counters_) {
            number += std::to_string(counter) + ".";
        }
        add_chapter(*link, depth, number);
    }

    void add_chapter(const Link& link, int depth, std::string number) {
        SummaryEntry entry{SummaryEntry::Kind::Chapter,
                           link.title,
                           link.target,
                           std::move(number),
                           depth,
                           line_,
                           -1};
        if (!link.target.empty()) {
            check_target(link.target);
        }
        entries_.push_back(std::move(entry));
    }

    void check_target(const std::string& target) {
        const std::filesystem::path relative(target);
        if (relative.extension() != ".md" || relative.is_absolute() ||
            target.find("..") != std::string::npos) {
            fail("`" + target + "` is not a Markdown file inside this language's folder; link " +
                 "to a file like `03-gpu-architecture.md`");
        }
        const auto file = path_.parent_path() / relative;
        std::error_code error; // e.g. a name too long for the file system: not there either
        if (!std::filesystem::is_regular_file(file, error)) {
            fail("`" + target + "` does not exist (looked for " + file.generic_string() +
                 "); create the page or fix the link");
        }
        auto [seen, inserted] = first_line_.emplace(target, line_);
        if (!inserted) {
            fail("`" + target + "` is already listed at line " + std::to_string(seen->second) +
                 "; each page may appear only once");
        }
    }

    [[noreturn]] void fail(const std::string& message) { fail_at(path_, line_, message); }

    std::filesystem::path path_;
    int line_ = 0;
    bool seen_title_ = false;
    std::vector<int> indents_;  // indentation of each open list level
    std::vector<int> counters_; // chapter numbers per depth, continuous across parts
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
