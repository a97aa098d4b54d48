#!/usr/bin/env python3
"""Checks that no rendered page shows a stray space inside Chinese or Japanese text (issue 67).

Usage: check_cjk_breaks.py FOLDER

Every .html page under FOLDER (the guide's site/zh/, say) is read as a browser lays it out: a
newline between two East Asian wide characters in a paragraph's text shows as a space, which a
Chinese or Japanese reader sees as a gap in the middle of a sentence. The generator removes such
soft line breaks (generator/markdown/east_asian_breaks.cpp); this check fails when one is left
in the text of a page's <article> outside <pre>, <code>, <script> and <style>, naming the page
and the words around it, and when no page under FOLDER has an <article> (a check of nothing
must not pass).

The rule is the generator's: CSS Text 3's (East Asian Width F, W or H on both sides, neither
side Hangul, as Korean puts spaces between words), and East Asian punctuation on either side
whatever is on the other (no space after `，` or `：` before a digit either).
"""
import re
import sys
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

# Elements that sit inside a line of text: a newline between their text and the text around
# them is the same space as one inside a text node. Any other tag ends the run of text.
INLINE = {"a", "abbr", "b", "bdi", "bdo", "cite", "del", "dfn", "em", "i", "ins", "kbd", "mark",
          "q", "s", "samp", "small", "span", "strong", "sub", "sup", "u", "var"}
# Text that is the author's code or not shown as prose.
SKIPPED = {"pre", "code", "script", "style"}
BOUNDARY = "\0"


def is_hangul(c):
    return unicodedata.name(c, "").startswith(("HANGUL", "HALFWIDTH HANGUL"))


def is_east_asian(c):
    return unicodedata.east_asian_width(c) in ("F", "W", "H") and not is_hangul(c)


def is_east_asian_punctuation(c):
    return unicodedata.east_asian_width(c) in ("F", "W", "H") and (
        unicodedata.category(c).startswith("P") or "\u3000" <= c <= "\u303f")


def joins(before, after):
    """Whether a line break between the two shows as a stray space (the generator's rule)."""
    return ((is_east_asian(before) and is_east_asian(after))
            or (is_east_asian_punctuation(before) and not is_hangul(after))
            or (is_east_asian_punctuation(after) and not is_hangul(before)))


class Prose(HTMLParser):
    """The text of the page's <article> (what its Markdown became) outside code, with a boundary
    mark wherever a non-inline tag stands. The theme's navigation around it lays its items out as
    flex boxes, where the newlines between them show as nothing."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text = []
        self.skipping = []
        self.articles = 0
        self.depth = 0  # of <article> elements open

    def handle_starttag(self, tag, attrs):
        if tag == "article":
            self.articles += 1
            self.depth += 1
        if tag not in INLINE:
            self.text.append(BOUNDARY)
        if tag in SKIPPED:
            self.skipping.append(tag)

    def handle_startendtag(self, tag, attrs):
        if tag not in INLINE:
            self.text.append(BOUNDARY)

    def handle_endtag(self, tag):
        if tag == "article" and self.depth:
            self.depth -= 1
        if tag not in INLINE:
            self.text.append(BOUNDARY)
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data):
        if self.depth and not self.skipping:
            self.text.append(data)


def stray_breaks(html):
    """The words around every newline between two East Asian wide characters in the text of
    `html`'s <article>; None when the page has no <article>."""
    prose = Prose()
    prose.feed(html)
    prose.close()
    if not prose.articles:
        return None
    text = "".join(prose.text)
    found = []
    # A run of white space holding a newline (one space on the screen) between two characters.
    for run in re.finditer(r"[ \t\r]*\n[ \t\r\n]*", text):
        before, after = run.start() - 1, run.end()
        if (before >= 0 and after < len(text) and text[before] != BOUNDARY
                and text[after] != BOUNDARY and joins(text[before], text[after])):
            context = text[max(0, before - 8):after + 9].replace(BOUNDARY, " ")
            found.append(context.replace("\n", "⏎"))
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    pages = sorted(Path(sys.argv[1]).rglob("*.html"))
    if not pages:
        sys.exit(f"FAIL: no .html page under {sys.argv[1]}; nothing was checked")
    problems, checked = [], 0
    for page in pages:
        found = stray_breaks(page.read_text(encoding="utf-8"))
        if found is None:
            continue  # a redirect page: no text of a page
        checked += 1
        for context in found:
            problems.append(f"{page}: a line break shows as a space in “{context}”")
    if not checked:
        sys.exit(f"FAIL: no page with an <article> under {sys.argv[1]}; nothing was checked")
    if problems:
        print("\n".join(problems))
        sys.exit(f"FAIL: {len(problems)} line break(s) inside Chinese or Japanese text in "
                 f"{checked} page(s) (docs/src/writing/README.md, \"Line breaks in Chinese "
                 "and Japanese text\")")
    print(f"ok: {checked} page(s) under {sys.argv[1]}, no line break inside Chinese or Japanese "
          "text")


if __name__ == "__main__":
    main()
