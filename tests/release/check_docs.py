#!/usr/bin/env python3
"""Fails when the README or the manual gives a command with a placeholder to replace: <owner>,
<repo>, OWNER/REPO and the like, in a fenced code block or an inline code span. A reader copies
commands; the project's links are relative (../../releases/latest) or come from book.toml's
git-repository-url, which a fork changes in one place.

usage: check_docs.py PATH...   (files, or folders searched for *.md)
"""
import pathlib
import re
import sys

PLACEHOLDER = re.compile(r"<\s*(owner|repo|user|org|repository)\s*>|\b(OWNER|USER)/REPO\b", re.I)
FENCE = re.compile(r"^(```|~~~)")


def commands(text):
    """(line number, text) of every line in a fenced block and every inline code span."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line.strip()):
            inside = not inside
            continue
        if inside:
            yield number, line
        else:
            for span in re.findall(r"`([^`]+)`", line):
                yield number, span


def main(paths):
    files = []
    for path in map(pathlib.Path, paths):
        files += sorted(path.rglob("*.md")) if path.is_dir() else [path]
    if not files:
        sys.exit("check_docs.py: no Markdown file to check")
    problems = 0
    for file in files:
        for number, text in commands(file.read_text(encoding="utf-8")):
            if PLACEHOLDER.search(text):
                print(f"{file}:{number}: a command with a placeholder to replace: {text.strip()}")
                problems += 1
    print(f"check_docs.py: {len(files)} files, {problems} placeholders in commands")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
