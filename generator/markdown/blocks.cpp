// mdBook 0.5's block syntax that GFM lacks, made from cmark-gfm's AST: GitHub-style admonitions
// (`> [!NOTE]`) and definition lists (`term` / `: definition`), with mdBook's HTML.
#include "markdown/internal.hpp"
#include "markdown/markdown.hpp"

#include <algorithm>
#include <cctype>
#include <cmark-gfm.h>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gpuguide::markdown {
namespace {

constexpr const char* kAdmonitions[] = {"note", "tip", "important", "warning", "caution"};

// A paragraph's inline children cut into its source lines at soft line breaks (and at hard ones,
// two spaces or `\` ending a line, when `hard` is true).
using Line = std::vector<cmark_node*>;
std::vector<Line> lines_of(cmark_node* paragraph, bool hard = false) {
    std::vector<Line> lines(1);
    for (cmark_node* child : children_of(paragraph)) {
        const auto type = cmark_node_get_type(child);
        if (type == CMARK_NODE_SOFTBREAK || (hard && type == CMARK_NODE_LINEBREAK)) {
            lines.emplace_back();
        } else {
            lines.back().push_back(child);
        }
    }
    return lines;
}

// The admonition a blockquote's first line names (`[!NOTE]`, any case, spaces after), or -1.
int admonition_kind(const Line& line) {
    std::string text;
    for (cmark_node* node : line) {
        if (cmark_node_get_type(node) != CMARK_NODE_TEXT) {
            return -1;
        }
        text += cmark_node_get_literal(node);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.pop_back();
    }
    if (text.size() < 4 || !text.starts_with("[!") || !text.ends_with("]")) {
        return -1;
    }
    std::string kind = text.substr(2, text.size() - 3);
    std::transform(kind.begin(), kind.end(), kind.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (int i = 0; i < 5; ++i) {
        if (kind == kAdmonitions[i]) {
            return i;
        }
    }
    return -1;
}

// Whether a line starts a definition: `:` then a space, a tab or nothing (cmark has already taken
// the line's indentation).
bool is_definition(const Line& line) {
    if (line.empty() || cmark_node_get_type(line.front()) != CMARK_NODE_TEXT) {
        return false;
    }
    const char* text = cmark_node_get_literal(line.front());
    return text[0] == ':' && (text[1] == '\0' || text[1] == ' ' || text[1] == '\t');
}

// Removes the `:` and the spaces after it from a definition's first line.
void strip_marker(Line& line) {
    cmark_node* first = line.front();
    std::string text = cmark_node_get_literal(first);
    const auto start = text.find_first_not_of(" \t", 1);
    if (start == std::string::npos) {
        cmark_node_free(first);
        line.erase(line.begin());
        return;
    }
    cmark_node_set_literal(first, text.substr(start).c_str());
}

bool is_fenced(cmark_node* code) {
    int length = 0, offset = 0;
    char character = 0;
    return cmark_node_get_fenced(code, &length, &offset, &character) != 0;
}

// Moves the nodes of `lines` into `block`, with a soft break between two lines.
void move_lines(const std::vector<Line>& lines, cmark_node* block) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0) {
            cmark_node_append_child(block, cmark_node_new(CMARK_NODE_SOFTBREAK));
        }
        for (cmark_node* node : lines[i]) {
            cmark_node_append_child(block, node);
        }
    }
}

// Builds definition lists in one container's children (and, recursively, in theirs), each part
// the theme's partial: definition-list, definition-term, definition-details.
class DefinitionLists {
  public:
    explicit DefinitionLists(std::vector<cmark_node*>& terms, const Syntax& syntax)
        : terms_(terms), syntax_(syntax) {}

    void in(cmark_node* container) {
        // Depth first, in document order (the terms' anchors are numbered in it), with a stack of
        // its own: a list nested thousands deep (tests/bad-input/cases/deep-list) overflowed the
        // thread's stack when this recursed.
        std::vector<std::pair<std::vector<cmark_node*>, std::size_t>> open;
        open.emplace_back(children_of(container), 0);
        while (!open.empty()) {
            auto& [children, next] = open.back();
            if (next == children.size()) {
                open.pop_back();
                continue;
            }
            cmark_node* child = children[next++];
            switch (cmark_node_get_type(child)) {
            case CMARK_NODE_PARAGRAPH:
                paragraph(child);
                break;
            case CMARK_NODE_CODE_BLOCK:
                if (!is_fenced(child) && lists_.contains(cmark_node_previous(child))) {
                    more_of_definition(child, cmark_node_previous(child));
                }
                break;
            case CMARK_NODE_BLOCK_QUOTE:
            case CMARK_NODE_LIST:
            case CMARK_NODE_ITEM:
            case CMARK_NODE_CUSTOM_BLOCK:
            case CMARK_NODE_FOOTNOTE_DEFINITION:
                open.emplace_back(children_of(child), 0); // `children` is not used after this
                break;
            default:
                break;
            }
        }
    }

  private:
    // A paragraph that holds a term and its definitions (tight), or, after a blank line, the
    // definitions of the paragraph before it or of the list's last term (loose).
    void paragraph(cmark_node* paragraph) {
        auto lines = lines_of(paragraph);
        const auto first_definition = std::find_if(lines.begin(), lines.end(), is_definition);
        if (first_definition == lines.end()) {
            return;
        }
        cmark_node* before = cmark_node_previous(paragraph);
        const bool loose = first_definition == lines.begin();
        cmark_node* list = nullptr;
        if (!loose) {
            own_literals(paragraph);
            list = list_at(paragraph);
            add_term(list, std::vector<Line>(lines.begin(), first_definition));
        } else if (lists_.contains(before) && is_dd(cmark_node_last_child(before))) {
            own_literals(paragraph);
            list = before; // more definitions of its last term
        } else if (before != nullptr && cmark_node_get_type(before) == CMARK_NODE_PARAGRAPH) {
            own_literals(paragraph);
            own_literals(before);
            list = list_at(before);
            add_term(list, lines_of(before));
            cmark_node_free(before);
        } else {
            return; // a line starting with `:` and no term above it
        }
        for (auto at = first_definition; at != lines.end();) {
            const auto next = std::find_if(at + 1, lines.end(), is_definition);
            std::vector<Line> definition(at, next);
            strip_marker(definition.front());
            cmark_node* dd = part("definition-details", {{"loose", loose}});
            (loose ? loose_ : tight_).insert(dd);
            cmark_node* into = dd;
            if (loose) {
                into = cmark_node_new(CMARK_NODE_PARAGRAPH);
                cmark_node_append_child(dd, into);
            }
            move_lines(definition, into);
            cmark_node_append_child(list, dd);
            at = next;
        }
        cmark_node_free(paragraph);
    }

    // The <dl> right before `first` (terms separated by blank lines share one), or a new one.
    cmark_node* list_at(cmark_node* first) {
        if (cmark_node* before = cmark_node_previous(first); lists_.contains(before)) {
            return before;
        }
        cmark_node* dl = part("definition-list", nlohmann::json::object());
        cmark_node_insert_before(first, dl);
        lists_.insert(dl);
        return dl;
    }

    void add_term(cmark_node* list, const std::vector<Line>& lines) {
        cmark_node* dt = part("definition-term", nlohmann::json::object());
        move_lines(lines, dt);
        cmark_node_append_child(list, dt);
        terms_.push_back(dt);
    }

    // An indented code block after a definition holds the definition's further blocks (their
    // four spaces of indentation already taken by cmark): parsed as Markdown into the last <dd>.
    void more_of_definition(cmark_node* code, cmark_node* list) {
        cmark_node* dd = cmark_node_last_child(list);
        if (!is_dd(dd)) {
            return; // no definition yet: the code block stays one
        }
        if (tight_.erase(dd) > 0) { // tight so far: now loose
            cmark_node* paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH);
            for (cmark_node* child : children_of(dd)) {
                cmark_node_append_child(paragraph, child);
            }
            cmark_node_append_child(dd, paragraph);
            const auto [before, after] = tags("definition-details", {{"loose", true}});
            cmark_node_set_on_enter(dd, before.c_str());
            cmark_node_set_on_exit(dd, after.c_str());
            loose_.insert(dd);
        }
        Document inner(cmark_node_get_literal(code), syntax_);
        for (cmark_node* block : children_of(inner.root())) {
            own_literals(block);
            cmark_node_append_child(dd, block);
        }
        terms_.insert(terms_.end(), inner.terms().begin(), inner.terms().end());
        cmark_node_free(code);
    }

    // What the theme's partial `name` writes before and after its content.
    std::pair<std::string, std::string> tags(const char* name, nlohmann::json&& view) const {
        if (syntax_.markup == nullptr) {
            throw std::logic_error("Syntax::markup is not set: definition lists render through it");
        }
        return syntax_.markup->around(name, std::move(view), "content_html");
    }

    // A custom block that renders the theme's partial `name` around its children.
    cmark_node* part(const char* name, nlohmann::json&& view) const {
        const auto [before, after] = tags(name, std::move(view));
        return custom_block(before, after);
    }

    // Whether `node` is a definition (its partial's block) made here.
    bool is_dd(cmark_node* node) const { return tight_.contains(node) || loose_.contains(node); }

    std::vector<cmark_node*>& terms_;
    const Syntax& syntax_;
    std::set<cmark_node*> lists_;         ///< the definition lists made here
    std::set<cmark_node*> tight_, loose_; ///< the definitions made here, by their layout
};

} // namespace

void Document::make_admonitions(const Syntax& syntax) {
    std::vector<cmark_node*> quotes;
    cmark_iter* iter = cmark_iter_new(root_);
    for (auto event = cmark_iter_next(iter); event != CMARK_EVENT_DONE;
         event = cmark_iter_next(iter)) {
        cmark_node* node = cmark_iter_get_node(iter);
        if (event == CMARK_EVENT_ENTER && cmark_node_get_type(node) == CMARK_NODE_BLOCK_QUOTE) {
            quotes.push_back(node);
        }
    }
    cmark_iter_free(iter);
    for (cmark_node* quote : quotes) {
        cmark_node* first = cmark_node_first_child(quote);
        if (first == nullptr || cmark_node_get_type(first) != CMARK_NODE_PARAGRAPH) {
            continue;
        }
        auto lines = lines_of(first, true); // `[!NOTE]  ` ends in a hard break
        const int kind = admonition_kind(lines.front());
        if (kind < 0) {
            continue;
        }
        for (cmark_node* node : lines.front()) {
            cmark_node_free(node);
        }
        if (cmark_node* softbreak = cmark_node_first_child(first); softbreak != nullptr) {
            cmark_node_free(softbreak); // the line break after the tag
        } else {
            cmark_node_free(first);
        }
        if (syntax.markup == nullptr) {
            throw std::logic_error("Syntax::markup is not set: admonitions render through it");
        }
        const auto [before, after] = syntax.markup->around(
            "admonition", {{"kind", kAdmonitions[kind]}, {"title", syntax.admonition_titles[kind]}},
            "content_html");
        cmark_node* block = custom_block(before, after);
        own_literals(quote);
        for (cmark_node* child : children_of(quote)) {
            cmark_node_append_child(block, child);
        }
        cmark_node_replace(quote, block);
        cmark_node_free(quote);
    }
}

void Document::make_definition_lists(const Syntax& syntax) {
    DefinitionLists(terms_, syntax).in(root_);
}

} // namespace gpuguide::markdown
