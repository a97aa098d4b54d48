#!/usr/bin/env python3
"""Checks that the words around each figure of a built guide match what the figure is.

  check_figure_wording.py SITE_DIR [--measured]

Without --measured (a build without a GPU, whose GPU figures are the committed reference's): no
heading, table, chart, paragraph or list item that shows a reference figure may call it "this
machine's" (or "this GPU", "this build's", "the GPU this guide was built on"; 本机, 本构建, ...),
in either language. With --measured (a build whose own document has every figure, as on a GPU
host): no paragraph, list item or heading next to this machine's figures may call them the
reference host's (tables and charts may set a reference column beside this machine's).

"Next to" a figure means: in the same paragraph or list item; anywhere in the same table (caption,
headers, cells) or chart (title, description, labels, caption); or in the heading of the section
that holds it. Provenance notes are left out: they state each figure's kind by design.
Exit status 1 with one line per finding (file, phrase, the text around it).
"""
import html.parser
import re
import sys
from pathlib import Path

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
BLOCKS = {"p", "li", "dt", "dd", "blockquote"}
UNITS = {"table", "figure"}  # everything inside is next to every figure inside
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}

THIS_MACHINE = [
    r"\bthis machine\b", r"\bthis build'?s\b", r"\bthis build’s\b", r"\bthis gpu\b",
    r"\bthis guide was built on\b", r"\bbuilt this (?:guide|copy)\b",
    r"\bthe machine (?:that built|this guide)\b",
    "本机", "本构建", "构建本指南的", "构建本书的", "这台机器",
]
REFERENCE_HOST = [r"\breference (?:host|machine|gpu)\b", r"\bthe reference h\d", "参考机", "参考 GPU"]


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def classes(self):
        return set((self.attrs.get("class") or "").split())


class TreeBuilder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def elements(node):
    for child in node.children:
        if isinstance(child, Node):
            yield child
            yield from elements(child)


def visible_text(node):
    """Text a reader sees, provenance notes, scripts and styles left out."""
    parts = []
    for child in node.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.tag not in ("script", "style") and "provenance" not in child.classes():
            parts.append(visible_text(child))
    return " ".join(" ".join(parts).split())


def provenance_kind_after(node):
    """The kind of the provenance notes right after a table's wrapper or a chart's figure."""
    siblings = [c for c in node.parent.children if isinstance(c, Node)]
    kinds = set()
    for sibling in siblings[siblings.index(node) + 1:]:
        classes = sibling.classes()
        if "provenance" not in classes and "figures-missing" not in classes:
            break
        kinds |= {c[len("provenance-"):] for c in classes if c.startswith("provenance-")}
    return kinds


def figure_kind(node):
    """'reference', 'measured' or None for an element that shows a figure."""
    classes = node.classes()
    title = node.attrs.get("title") or ""
    if "kind-reference" in classes or "reference" in classes:
        return "reference"
    if "kind-measured" in classes:
        return "measured"
    if classes & {"measured", "estimate", "derived-peak"} or \
            classes & {"kind-estimate", "kind-derived-peak"}:
        # A value's title is its provenance; an estimate's lists its inputs and their kinds.
        if "reference measurement" in title or "参考测量" in title:
            return "reference"
        if "measured on this machine" in title or "本机测量" in title or "本机实测" in title:
            return "measured"
    if node.tag == "figure" and "chart" in classes:
        kinds = provenance_kind_after(node)
        if "reference" in kinds:
            return "reference"
        if "measured" in kinds:
            return "measured"
    return None


def unit_of(node, units):
    """The element whose whole text counts as next to `node`'s figure."""
    up = node
    while up is not None and up.tag != "#root":
        if up.tag in units or up.tag in BLOCKS:
            return up
        if up.tag in UNITS:  # a table or chart whose text is not checked (--measured)
            return None
        up = up.parent
    return None


def check_page(path, patterns, wanted_kind):
    """(findings, how many figures of `wanted_kind` the page shows)."""
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    main = next((n for n in elements(builder.root) if n.tag == "main"), builder.root)
    findings = []
    seen_units = set()
    heading = None
    headings_flagged = set()
    figures = 0
    for node in elements(main):
        if node.tag in HEADINGS:
            heading = node
            continue
        if figure_kind(node) != wanted_kind:
            continue
        figures += 1
        # Tables: the wrapper section whose aria-label is the title counts as the table too.
        # Built with this machine's figures, a table may set the reference's column beside this
        # machine's: its headers name both. Only prose is checked then.
        unit = unit_of(node, set() if wanted_kind == "measured" else UNITS)
        for candidate in (unit, heading):
            if candidate is None or id(candidate) in seen_units:
                continue
            seen_units.add(id(candidate))
            text = visible_text(candidate)
            if candidate.tag == "table" and candidate.parent is not None:
                text += " " + (candidate.parent.attrs.get("aria-label") or "")
            for pattern in patterns:
                match = re.search(pattern, text, re.IGNORECASE)
                if match:
                    start = max(0, match.start() - 60)
                    findings.append(f"{path}: “{match.group(0)}” next to a {wanted_kind} figure, "
                                    f"in <{candidate.tag}>: …{text[start:match.end() + 60]}…")
                    break
    return findings, figures


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    site = Path(argv[1])
    measured = "--measured" in argv[2:]
    patterns = REFERENCE_HOST if measured else THIS_MACHINE
    wanted = "measured" if measured else "reference"
    findings = []
    pages = figures = 0
    for lang in ("en", "zh"):
        for page in sorted((site / lang).glob("*.html")):
            if page.name in ("print.html", "404.html", "search.html"):
                continue
            pages += 1
            found, count = check_page(page, patterns, wanted)
            findings += found
            figures += count
    # Nothing checked is not a pass: a wrong folder, or figures no longer recognised.
    if figures == 0:
        findings.append(f"{site}: no {wanted} figure found in {pages} pages; is this a built "
                        "guide, and do its figures still carry their kind's class?")
    for finding in findings:
        print(finding)
    what = "this build's figures called the reference's" if measured else \
        "reference figures called this machine's"
    print(f"check_figure_wording: {pages} pages, {figures} {wanted} figures, {len(findings)} "
          f"places where {what}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
