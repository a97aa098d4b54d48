#!/usr/bin/env python3
"""Checks what a reader sees in a site gpuguide built from an mdBook book (tests/books/mdbook-books.sh).

usage: check_reader_view.py BOOK_ROOT SITE [READER_VIEW_JSON]

On every page:
* a code block's class is mdBook's: `language-rust ignore`, never `language-rust,ignore`;
* no Rust code block shows a hidden line (`# x` or a lone `#`) outside its `<span class="boring">`,
  unless the book's source escapes it as `## x`;
* no heading shows its attribute block (`{#id}`) as text.

Then what READER_VIEW_JSON (the fixture's `reader-view.json`) lists for named pages:
  {"pages": {"unsafe/asm.html": {
      "ids": ["options"],                   elements with these ids
      "hidden": ["fn main() {"],            text inside a hidden line of a code block
      "shown": ["use std::arch::asm;"],     text in a code block, outside hidden lines
      "classes": ["hljs-keyword"],          class names some element has
      "admonitions": ["note"],              <blockquote class="blockquote-tag-note">s
      "terms": ["term A"],                  <dt> texts of definition lists
      "no_text": ["{#options}"]}}}          text that must not show anywhere on the page
"""
import html.parser
import json
import re
import sys
import tomllib
from pathlib import Path

HIDDEN_RUST_LINE = re.compile(r"^\s*#(?: |$)")
ATTRIBUTE_BLOCK = re.compile(r"\{\s*[#.][^{}<>\\]*\}\s*$")


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.classes, self.admonitions, self.terms = set(), set(), set(), []
        self.code_blocks = []  # [class, visible text, hidden text]
        self.headings = []
        self.text = []
        self._stack = []  # (tag, is_boring)
        self._code = None
        self._heading = None
        self._term = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        self.classes.update(classes)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "blockquote":
            self.admonitions.update(c[len("blockquote-tag-"):] for c in classes
                                    if c.startswith("blockquote-tag-") and c != "blockquote-tag-title")
        if tag == "code" and self._stack and self._stack[-1][0] == "pre":
            self._code = [attrs.get("class") or "", "", ""]
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = ""
        if tag == "dt":
            self._term = ""
        if tag not in ("br", "img", "hr", "input", "meta", "link"):
            self._stack.append((tag, "boring" in classes))

    def handle_endtag(self, tag):
        while self._stack:
            open_tag, _ = self._stack.pop()
            if open_tag == tag:
                break
        if tag == "code" and self._code is not None:
            self.code_blocks.append(self._code)
            self._code = None
        if re.fullmatch(r"h[1-6]", tag) and self._heading is not None:
            self.headings.append(self._heading.strip())
            self._heading = None
        if tag == "dt" and self._term is not None:
            self.terms.append(" ".join(self._term.split()))
            self._term = None

    def handle_data(self, data):
        if self._stack and self._stack[-1][0] in ("script", "style"):
            return
        self.text.append(data)
        if self._code is not None:
            hidden = any(boring for _, boring in self._stack)
            self._code[2 if hidden else 1] += data
        if self._heading is not None:
            self._heading += data
        if self._term is not None:
            self._term += data


def escaped_lines(src):
    """Lines that the book's sources write as `## x`, which mdBook shows as `# x`."""
    lines = set()
    for path in src.rglob("*.md"):
        for line in path.read_text(errors="replace").splitlines():
            stripped = line.strip()
            if stripped.startswith("##") and not stripped.startswith("###"):
                lines.add(stripped[1:])
    return lines


def main():
    root, site = Path(sys.argv[1]), Path(sys.argv[2])
    expected = {}
    if len(sys.argv) > 3:
        expected = json.loads(Path(sys.argv[3]).read_text())["pages"]
    config = tomllib.loads((root / "book.toml").read_text())
    escaped = escaped_lines(root / config.get("book", {}).get("src", "src"))
    problems, pages, hidden_lines = [], 0, 0
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        page = Page()
        page.feed(path.read_text(errors="replace"))
        pages += 1
        for classes, visible, hidden in page.code_blocks:
            if "," in classes:
                problems.append(f"{rel}: code class with a comma: {classes!r}")
            hidden_lines += hidden.count("\n") + (1 if hidden and not hidden.endswith("\n") else 0)
            if classes.split()[:1] == ["language-rust"]:
                for line in visible.splitlines():
                    if HIDDEN_RUST_LINE.match(line) and line.strip() not in escaped:
                        problems.append(f"{rel}: a hidden Rust line shows: {line!r}")
        for heading in page.headings:
            if ATTRIBUTE_BLOCK.search(heading):
                problems.append(f"{rel}: a heading shows its attribute block: {heading!r}")
        view = expected.get(rel)
        if view is None:
            continue
        text = "".join(page.text)
        code_hidden = "".join(h for _, _, h in page.code_blocks)
        code_visible = "".join(v for _, v, _ in page.code_blocks)
        checks = [("ids", lambda x: x in page.ids, "no element with id"),
                  ("hidden", lambda x: x in code_hidden, "not in a hidden code line"),
                  ("shown", lambda x: x in code_visible, "not shown in a code block"),
                  ("classes", lambda x: x in page.classes, "no element with class"),
                  ("admonitions", lambda x: x in page.admonitions, "no admonition"),
                  ("terms", lambda x: x in page.terms, "no definition term"),
                  ("no_text", lambda x: x not in text, "shows the text")]
        for key, holds, message in checks:
            for item in view.get(key, []):
                if not holds(item):
                    problems.append(f"{rel}: {message} {item!r}")
        expected.pop(rel)
    for rel in expected:
        problems.append(f"reader-view.json names {rel}, which the site lacks")
    if pages == 0:  # nothing checked is not a pass
        problems.append(f"{site}: no HTML page; is this a built book?")
    for problem in problems:
        print(problem)
    print(f"reader view: {pages} pages, {hidden_lines} hidden code lines, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
