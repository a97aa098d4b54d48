#!/usr/bin/env python3
"""Fails when C++ under generator/ writes a tag itself instead of through the theme's templates.

The theme owns every piece of markup (docs/src/writing/themes.md "Partials"): a C++ string
literal that opens or closes a tag (`<` then a letter, `/` or `!`), or that ends in `<` to build
one from a name, is reported, unless ALLOWED lists it with its reason. Comments are not code, so
they are skipped. Usage: no_markup_outside_theme.py [REPOSITORY_ROOT]
"""
import pathlib
import re
import sys

# (path under generator/, regular expression the literal's text must match in full, reason).
ALLOWED = [
    ("charts/svg_writer.cpp", r".*",
     "writes the SVG charts' own elements (line, rect, circle, path, text, g)"),
    ("charts/figure.cpp", r"<svg .*|<title id=.*|<desc id=.*|</title>\\n|</desc>\\n|\\n</svg>",
     "the chart's <svg> root and its title and description, SVG elements of the chart itself"),
    ("render/check.cpp", r"<!--|</",
     "parses built HTML to check its links and ids (finds comments and closing tags)"),
    ("load/summary.cpp", r"<!--",
     "parses SUMMARY.md, skipping the author's HTML comments"),
    ("load/summary.cpp", r".*`<my file\.md>`.*",
     "an error message that shows Markdown's `<link destination>` syntax"),
    ("serve/serve.cpp", r"</body>",
     "finds where the theme's serve-reload partial goes in a built page"),
    ("theme/theme.cpp", r"<built-in theme>",
     "names the built-in theme's files in messages, not markup"),
    ("markdown/heading_attributes.cpp", r"<span></span>",
     "a parser trick that keeps a setext heading's line, removed from the tree after parsing"),
]

TAG = re.compile(r"<[A-Za-z/!]|<$")


def literals(source):
    """Yields (line, text) for every string literal of C++ `source`, comments skipped."""
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
        elif c == "R" and source.startswith('"', i + 1) and not (
                i > 0 and (source[i - 1].isalnum() or source[i - 1] == "_")
                and source[i - 1] not in "uL8"):
            open_end = source.find("(", i + 2)
            delimiter = ")" + source[i + 2:open_end] + '"'
            end = source.find(delimiter, open_end)
            yield line, source[open_end + 1:end]
            line += source.count("\n", i, end)
            i = end + len(delimiter)
        elif c == '"' or c == "'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            if c == '"':
                yield line, source[i + 1:j]
            i = j + 1
        elif c == "\n":
            line += 1
            i += 1
        elif c.isdigit():
            # A digit separator (1'000) is not a character literal.
            while i < n and (source[i].isalnum() or source[i] in "'._"):
                i += 1
        else:
            i += 1


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    generator = root / "generator"
    files = sorted(p for p in generator.rglob("*") if p.suffix in (".cpp", ".hpp"))
    if not files:
        print(f"no C++ files under {generator}: give the repository root", file=sys.stderr)
        return 2
    found = []
    for path in files:
        relative = path.relative_to(generator).as_posix()
        allowed = [re.compile(pattern) for where, pattern, _ in ALLOWED if where == relative]
        for line, text in literals(path.read_text(encoding="utf-8")):
            if TAG.search(text) and not any(p.fullmatch(text) for p in allowed):
                found.append(f"generator/{relative}:{line}: \"{text}\"")
    if found:
        print("C++ writes markup that a book's theme cannot change; render it through a partial "
              "(theme::Markup, templates/partials/) or, if it is not page markup, add it to "
              "ALLOWED in tests/generator/no_markup_outside_theme.py with the reason:",
              file=sys.stderr)
        print("\n".join(found), file=sys.stderr)
        return 1
    print(f"{len(files)} C++ files under generator/ write no tag outside the theme's templates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
