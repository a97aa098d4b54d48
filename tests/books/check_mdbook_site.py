#!/usr/bin/env python3
"""Checks a site gpuguide built from an mdBook book (tests/books/mdbook-books.sh).

usage: check_mdbook_site.py BOOK_ROOT SITE

* every chapter SUMMARY.md lists has its page at mdBook's path (a/b.md -> a/b.html, README.md ->
  index.html);
* no mdBook expression ({{#include}}, {{#rustdoc_include}}, {{#playground}}, {{#title}}) is left
  in a page, but those the source escaped (\\{{#...}}), which show as text;
* each {{#include}}-like expression's file shows in its page: at least one of its lines.
"""
import html
import re
import sys
import tomllib
import urllib.parse
from pathlib import Path

EXPRESSION = re.compile(r"\{\{\s*#(include|rustdoc_include|playground|playpen|title)\s+[^}]+\}\}")
LINK = re.compile(r"\]\(\s*(<[^>]*>|[^)\s]*)")


def chapters(summary: str):
    text = re.sub(r"<!--.*?-->", "", summary, flags=re.S)
    for match in LINK.finditer(text):
        target = match.group(1).strip("<>")
        if target:
            yield urllib.parse.unquote(target)


def output_of(source: str) -> str:
    path = Path(source.removeprefix("./"))
    if path.name == "README.md":
        path = path.with_name("index.md")
    return path.with_suffix(".html").as_posix()


def main() -> int:
    root, site = Path(sys.argv[1]), Path(sys.argv[2])
    config = tomllib.loads((root / "book.toml").read_text())
    src = root / config.get("book", {}).get("src", "src")
    problems, pages, includes = [], 0, 0
    for source in chapters((src / "SUMMARY.md").read_text()):
        pages += 1
        page = site / output_of(source)
        if not page.is_file():
            problems.append(f"SUMMARY.md lists {source}, but {page} is missing")
            continue
        markdown = (src / source).read_text()
        # text without markup: highlighted code has its tokens in <span>s
        shown = html.unescape(re.sub(r"<[^>]*>", "", page.read_text()))
        escaped = set()
        for line in markdown.splitlines():
            if "\\{{#" in line:
                escaped.update(m.group(0) for m in EXPRESSION.finditer(line))
        for match in EXPRESSION.finditer(shown):
            if match.group(0) not in escaped:
                problems.append(f"{page}: unexpanded {match.group(0)}")
        for line in markdown.splitlines():
            if "\\{{#" in line:
                continue
            for match in EXPRESSION.finditer(line):
                if match.group(1) == "title":
                    continue
                target = match.group(0)[2:-2].split()[1].split(":")[0]
                lines = [l.strip() for l in ((src / source).parent / target).read_text().splitlines()]
                candidates = [l for l in lines if len(l) >= 6 and "ANCHOR" not in l]
                includes += 1
                if candidates and not any(l in shown for l in candidates):
                    problems.append(f"{page}: no line of {target} ({match.group(0)}) shows")
    for problem in problems:
        print(problem)
    print(f"{pages} SUMMARY chapters at their paths, {includes} includes shown, "
          f"{len(problems)} problems")
    return 1 if problems or pages == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
