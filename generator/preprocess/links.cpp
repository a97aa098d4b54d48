// mdBook's link preprocessor (mdbook-driver links.rs, take_lines.rs): the same expressions, line
// ranges and anchors, nesting and indentation, but bad input stops the build at its line
// instead of being logged and left in the page.
#include "preprocess/links.hpp"

#include "load/error.hpp"
#include "load/files.hpp"
#include "numbers/number.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>
#include <vector>

namespace gpuguide::preprocess {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (line.ends_with('\r')) {
            line.remove_suffix(1);
        }
        lines.push_back(line);
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return lines;
}

std::string join(const std::vector<std::string>& lines) {
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        out += (i ? "\n" : "") + lines[i];
    }
    return out;
}

// `ANCHOR: name` / `ANCHOR_END: name` anywhere in a line: the name, else nullopt.
std::optional<std::string> anchor_in(std::string_view line, std::string_view marker) {
    for (auto at = line.find(marker); at != std::string_view::npos;
         at = line.find(marker, at + 1)) {
        if (marker == "ANCHOR:" && at >= 4 && line.substr(at - 4, 4) == "_END") {
            continue;
        }
        std::size_t i = at + marker.size();
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
            ++i;
        }
        const std::size_t start = i;
        while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) ||
                                   line[i] == '_' || line[i] == '-')) {
            ++i;
        }
        if (i > start) {
            return std::string(line.substr(start, i - start));
        }
    }
    return std::nullopt;
}

// The name and the arguments of an expression `{{#NAME ARGS}}`, given what is between the
// braces; nullopt where it is none (no '#', no name, no space before the arguments, or a '}').
std::optional<std::pair<std::string, std::string_view>> name_and_args(std::string_view inside) {
    std::size_t i = 0;
    while (i < inside.size() && std::isspace(static_cast<unsigned char>(inside[i]))) {
        ++i;
    }
    if (i >= inside.size() || inside[i] != '#') {
        return std::nullopt;
    }
    const std::size_t name_start = ++i;
    while (i < inside.size() &&
           (std::isalnum(static_cast<unsigned char>(inside[i])) || inside[i] == '_')) {
        ++i;
    }
    std::string name(inside.substr(name_start, i - name_start));
    const std::string_view args = inside.substr(i);
    if (name.empty() || args.empty() || !std::isspace(static_cast<unsigned char>(args[0])) ||
        args.find('}') != std::string_view::npos) {
        return std::nullopt;
    }
    return std::pair{std::move(name), args};
}

// Appends an expression's replacement: each further line of the included text gets what preceded
// the expression on its line (its indentation, a `> ` quote), as mdBook does.
void append_indented(std::string& out, const std::string& replacement) {
    const auto line_start = out.rfind('\n');
    const std::string prefix = out.substr(line_start == std::string::npos ? 0 : line_start + 1);
    const auto lines = split_lines(replacement);
    for (std::size_t l = 0; l < lines.size(); ++l) {
        out += (l ? "\n" + prefix : "");
        out.append(lines[l]);
    }
}

// Which lines an include takes: [begin, end) of 0-based lines, or an anchor's name.
struct Selection {
    std::size_t begin = 0, end = static_cast<std::size_t>(-1);
    std::string anchor;
};

class Expander {
  public:
    Expander(const std::filesystem::path& file, int first_line, const LinkOptions& options,
             std::string& title, int depth)
        : file_(file), first_line_(first_line), options_(options), title_(title), depth_(depth) {}

    std::string run(std::string_view text) {
        std::string out;
        std::size_t done = 0;
        std::size_t counted = 0; // lines counted up to here (incrementally: pages can be large)
        std::size_t escaped_line_end = std::string_view::npos; // the line whose last `}}` ...
        std::size_t escaped_close = std::string_view::npos;    // ... is here
        line_ = first_line_;
        for (auto at = text.find("{{"); at != std::string_view::npos; at = text.find("{{", at)) {
            line_ += static_cast<int>(std::count(text.begin() + counted, text.begin() + at, '\n'));
            counted = at;
            const auto line_end = std::min(text.find('\n', at), text.size());
            if (at > 0 && text[at - 1] == '\\' && text.substr(at + 2, 1) == "#") {
                // Escaped: `\{{#...}}` up to the line's last `}}` stays, without the backslash.
                if (line_end != escaped_line_end) { // once per line: lines can be long
                    escaped_line_end = line_end;
                    escaped_close =
                        line_end < 2 ? std::string_view::npos : text.rfind("}}", line_end - 2);
                }
                const auto close = escaped_close;
                if (close != std::string_view::npos && close > at) {
                    out.append(text.substr(done, at - 1 - done));
                    out.append(text.substr(at, close + 2 - at));
                    done = at = close + 2;
                    continue;
                }
            }
            const auto close = text.find("}}", at);
            if (close == std::string_view::npos) {
                break; // nothing can close after here
            }
            const auto parts = name_and_args(text.substr(at + 2, close - at - 2));
            std::optional<std::string> replacement =
                parts ? expression(parts->first, parts->second) : std::nullopt;
            if (!replacement) {
                // Not an expression ({{ #x}}, {{#name}} without arguments), or another tool's
                // ({{#template ...}}): left as it is.
                at += 2;
                continue;
            }
            out.append(text.substr(done, at - done));
            append_indented(out, *replacement);
            done = at = close + 2;
        }
        out.append(text.substr(done));
        return out;
    }

  private:
    std::optional<std::string> expression(const std::string& name, std::string_view args) {
        const auto trimmed = trim(args);
        if (name == "title") {
            title_ = std::string(trimmed);
            return std::string();
        }
        if (name != "include" && name != "rustdoc_include" && name != "playground" &&
            name != "playpen") {
            return std::nullopt;
        }
        std::vector<std::string> words;
        for (std::size_t i = 0; i < trimmed.size();) {
            const auto end = std::min(trimmed.find_first_of(" \t\n", i), trimmed.size());
            if (end > i) {
                words.emplace_back(trimmed.substr(i, end - i));
            }
            i = end + 1;
        }
        if (words.empty()) {
            return std::nullopt; // `{{#include }}`: no file named, left as text (as mdBook)
        }
        std::string path = words.front();
        Selection selection;
        if (name != "playground" && name != "playpen") {
            const auto colon = path.find(':');
            if (colon != std::string::npos) {
                selection = select(path.substr(colon + 1));
                path.erase(colon);
            }
        }
        const auto target = (file_.parent_path() / path).lexically_normal();
        const std::string text = read_included(target, path);
        std::string expanded;
        if (name == "include") {
            expanded = take(text, selection, false);
        } else if (name == "rustdoc_include") {
            expanded = take(text, selection, true);
        } else {
            std::string info = "rust";
            for (std::size_t w = 1; w < words.size(); ++w) {
                info += "," + words[w];
            }
            expanded = "```" + info + "\n" + text + (text.ends_with('\n') ? "" : "\n") + "```\n";
            return expanded; // mdBook does not expand expressions inside a playground's file
        }
        if (depth_ + 1 > kMaxIncludeDepth) {
            fail("includes nested more than " + std::to_string(kMaxIncludeDepth) + " deep (does `" +
                 path + "` include itself?)");
        }
        return expand_links(expanded, target, 1, options_, title_, depth_ + 1);
    }

    // ":10", ":5:10", ":5:", "::10", ":name".
    Selection select(const std::string& spec) {
        Selection selection;
        const auto colon = spec.find(':');
        const std::string start = spec.substr(0, colon);
        const std::optional<std::string> end =
            colon == std::string::npos ? std::nullopt : std::optional(spec.substr(colon + 1));
        const bool start_is_number =
            !start.empty() && start.find_first_not_of("0123456789") == std::string::npos;
        if (!start.empty() && !start_is_number) {
            selection.anchor = start;
            return selection;
        }
        if (start_is_number) {
            selection.begin = line_number(start);
            selection.begin -= selection.begin > 0 ? 1 : 0;
        }
        if (!end) {
            selection.end = start_is_number ? selection.begin + 1 : selection.end;
        } else if (!end->empty() && end->find_first_not_of("0123456789") == std::string::npos) {
            selection.end = line_number(*end);
        }
        return selection;
    }

    std::size_t line_number(const std::string& text) {
        constexpr numbers::Rule kLine{.whole = true, .min = 0, .max = 1e9};
        const auto reading = numbers::read(text, kLine);
        if (!reading.value) {
            fail("line `" + text + "` of an include " + reading.problem);
        }
        return static_cast<std::size_t>(*reading.value);
    }

    static std::string take(const std::string& text, const Selection& selection, bool rustdoc) {
        const auto lines = split_lines(text);
        std::vector<std::string> out;
        bool inside = false;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const auto line = lines[i];
            if (selection.anchor.empty()) {
                const bool in_range = i >= selection.begin && i < selection.end;
                if (in_range || rustdoc) {
                    out.push_back((in_range ? "" : "# ") + std::string(line));
                }
                continue;
            }
            const auto start = anchor_in(line, "ANCHOR:");
            const auto end = anchor_in(line, "ANCHOR_END:");
            if (inside) {
                if (end == selection.anchor) {
                    if (!rustdoc) {
                        break;
                    }
                    inside = false;
                } else if (!start && !end) {
                    out.emplace_back(line);
                }
            } else if (start == selection.anchor) {
                inside = true;
            } else if (rustdoc && !start && !end) {
                out.push_back("# " + std::string(line));
            }
        }
        return join(out);
    }

    std::string read_included(const std::filesystem::path& target, const std::string& path) {
        std::error_code error;
        if (!std::filesystem::is_regular_file(target, error)) {
            fail("cannot include `" + path + "`: no file " + target.generic_string() +
                 "; fix the path (it is relative to this file's folder)");
        }
        if (!options_.allow_outside) {
            const auto root = std::filesystem::weakly_canonical(options_.book_root, error);
            const auto real = std::filesystem::weakly_canonical(target, error);
            const auto relative = real.lexically_relative(root);
            if (relative.empty() || *relative.begin() == "..") {
                fail("`" + path + "` is outside the book's folder (the one with book.toml); move " +
                     "it inside, or set include-outside-book = true under " +
                     "[output.html.gpuguide] in book.toml");
            }
        }
        const std::string text = read_file(target);
        check_utf8(target, text);
        return text;
    }

    static std::string_view trim(std::string_view s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
            s.remove_prefix(1);
        }
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
            s.remove_suffix(1);
        }
        return s;
    }

    [[noreturn]] void fail(const std::string& message) { fail_at(file_, line_, message); }

    std::filesystem::path file_;
    int first_line_;
    const LinkOptions& options_;
    std::string& title_;
    int depth_;
    int line_ = 0;
};

} // namespace

std::string expand_links(std::string_view text, const std::filesystem::path& file, int first_line,
                         const LinkOptions& options, std::string& title, int depth) {
    if (text.find("{{") == std::string_view::npos) {
        return std::string(text);
    }
    return Expander(file, first_line, options, title, depth).run(text);
}

void expand_book_links(Book& book, const LinkOptions& options) {
    for (auto& language : book.languages) {
        for (auto& page : language.pages) {
            auto expanded = expand_links(page.body, page.source_path, page.body_first_line, options,
                                         page.document_title);
            if (expanded != page.body) { // no longer the file's tail: kept in memory
                page.body = std::move(expanded);
                page.body_offset.reset();
            }
            check_page_size(page.source_path, page.body.size(), "with its {{#include}}s the page");
        }
    }
}

} // namespace gpuguide::preprocess
