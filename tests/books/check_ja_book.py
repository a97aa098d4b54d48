#!/usr/bin/env python3
"""Builds the Japanese book (tests/books/ja/) and checks that a reader sees no English interface
string on it.

Usage: check_ja_book.py GPUGUIDE

The book has its own templates/strings.json with a "ja" object. The check copies it with the
repository's reference measurements and GPU catalogue (content/measurements/reference/,
content/data/gpus.json) into a scratch folder, builds it as a user would (`gpuguide build` in the
folder of book.toml), runs `gpuguide check`, and fails when

* the build or the check prints a warning ("no interface strings for language", say) or fails;
* a page is not `<html lang="ja">`, or the fixture does not show the interface strings it is
  there to exercise (code buttons, admonitions, search box, 404, print page, figure notes);
* a page shows a line break between two Japanese characters as a space (check_cjk_breaks.py;
  the front page has a paragraph wrapped over several lines for it);
* any page, or the site's toc.js / search-index.js, holds an English interface string: in its
  text, in a title, aria-label, alt, placeholder or data-* attribute (the words scripts show),
  or in an inline script.

The English strings are taken from the built-in templates/strings.json "en" object itself, every
value (nested tables too) that differs from the fixture's "ja" value, so a string added later is
covered without touching this file. A value is cut at its {0}, {1} placeholders; a piece counts
when it still has a word of three letters or more after dropping the words its Japanese value
keeps as they are (product and tool names: STREAM, CUDA, Slurm, gpuguide).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

from check_cjk_breaks import stray_breaks

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
BOOK = HERE / "ja"

# Tables that are not words on a page: search synonyms are extra search terms, probe_reasons is
# keyed by the probes' English reasons (docs/src/design/templates.md, "Interface strings").
NOT_SHOWN = {"search_synonyms", "probe_reasons"}

# Attributes whose values a reader sees or hears (or a script shows); data-* are added below.
SHOWN_ATTRIBUTES = {"title", "aria-label", "aria-roledescription", "aria-valuetext", "alt",
                    "placeholder", "label", "summary"}
# data-* attributes that hold paths, not words.
PATH_ATTRIBUTES = {"data-page", "data-search", "data-assets"}

# Keys whose Japanese value the fixture's pages must show: what the book is there to exercise
# (old-measured.html is book.toml's redirect).
MUST_SHOW = {
    "code.html": ["code_copy", "code_copied", "code_hidden_lines", "admonition_tip"],
    "index.html": ["admonition_note", "admonition_warning", "search_placeholder", "search",
                   "skip", "edit_page", "repository", "next"],
    "measured.html": ["host_reference", "provenance_reference", "missing_no_gpu", "share_title",
                      "derived_peak_note", "chart_bar_summary", "previous", "built"],
    "estimates.html": ["estimate_mark", "estimate_title", "estimate_note", "input_datasheet",
                       "data_source", "data_as_of", "chart_scatter_summary"],
    "404.html": ["back_to_guide"],
    "print.html": ["print_version"],
    "contents.html": ["contents_heading"],
    "old-measured.html": ["redirecting"],
}


def flatten(value, path=()):
    """(key path, string) for every string of a strings.json language object."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if not path and key in NOT_SHOWN:
                continue
            yield from flatten(inner, path + (key,))
    elif isinstance(value, str):
        yield path, value


def lookup(obj, path):
    for key in path:
        if not isinstance(obj, dict) or key not in obj:
            return None
        obj = obj[key]
    return obj if isinstance(obj, str) else None


def english_pieces(en, ja):
    """{piece: key} of the English strings a Japanese page must not show."""
    pieces = {}
    for path, english in flatten(en):
        japanese = lookup(ja, path)
        if japanese == english:
            continue  # the same in both (a unit pattern, "{0}", "GEMM BF16")
        kept_words = set(re.findall(r"[A-Za-z]{3,}", japanese or ""))
        for piece in re.split(r"\{\d+\}", english):
            piece = piece.strip(" ,;:.()·")
            words = [w for w in re.findall(r"[A-Za-z]{3,}", piece) if w not in kept_words]
            if words:
                pieces.setdefault(piece, ".".join(path))
    return pieces


def is_path(text):
    return re.fullmatch(r"[\w./%-]+\.html(#.*)?", text) is not None


class Visible(HTMLParser):
    """The text and the shown attribute values of a page, code blocks left out (author's)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.inside = []
        self.lang = None

    def handle_starttag(self, tag, attrs):
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        attributes = dict(attrs)
        for name, value in attrs:
            shown = name in SHOWN_ATTRIBUTES or (
                name.startswith("data-") and name not in PATH_ATTRIBUTES)
            if tag == "meta" and name == "content":
                shown = attributes.get("name") == "description"
            if shown and value:
                self.parts.append(value)
        if tag in ("code", "pre", "script", "style"):
            self.inside.append(tag)

    def handle_endtag(self, tag):
        if self.inside and self.inside[-1] == tag:
            self.inside.pop()

    def handle_data(self, data):
        # Inline scripts' strings are shown by them; a page path as a link's text (the redirect
        # page's) is not a word.
        if (not self.inside or self.inside[-1] == "script") and not is_path(data.strip()):
            self.parts.append(data)


def script_strings(source):
    """The strings of toc.js / search-index.js (`window.NAME = JSON;`), page paths left out."""
    data = json.loads(source[source.index("=") + 1:].strip().rstrip(";"))
    stack, strings = [data], []
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and not is_path(item):
            strings.append(item)
    return strings


def find(piece, text):
    """Whether `piece` stands in `text` as words (not inside "reference-h200" or a longer word)."""
    pattern = r"(?<![A-Za-z0-9_-])" + re.escape(piece) + r"(?![A-Za-z0-9_-])"
    return re.search(pattern, text) is not None


def build(gpuguide, root):
    env = dict(os.environ, SOURCE_DATE_EPOCH="1763755200")
    log = []
    for args in (["build", "--measure", "reference"], ["check", "--site", "book"]):
        run = subprocess.run([gpuguide, *args], cwd=root, env=env, capture_output=True,
                             text=True, timeout=300)
        output = run.stdout + run.stderr
        log.append(output)
        if run.returncode != 0:
            sys.exit(f"FAIL: gpuguide {' '.join(args)} exited {run.returncode}:\n{output}")
        warnings = [line for line in output.splitlines() if "warning" in line.lower()]
        if warnings:
            sys.exit(f"FAIL: gpuguide {' '.join(args)} warned:\n" + "\n".join(warnings))
    return "".join(log)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gpuguide = str(Path(sys.argv[1]).resolve())
    en = json.loads((REPO / "templates" / "strings.json").read_text(encoding="utf-8"))["en"]
    ja = json.loads((BOOK / "templates" / "strings.json").read_text(encoding="utf-8"))["ja"]
    pieces = english_pieces(en, ja)
    if len(pieces) < 100:
        sys.exit(f"FAIL: only {len(pieces)} English pieces from templates/strings.json")

    with tempfile.TemporaryDirectory(prefix="gpuguide-ja-book.") as work:
        root = Path(work) / "ja"
        shutil.copytree(BOOK, root)
        shutil.copytree(REPO / "content" / "measurements" / "reference",
                        root / "measurements" / "reference")
        shutil.copy(REPO / "content" / "data" / "gpus.json", root / "data" / "gpus.json")
        build(gpuguide, root)
        site = root / "book"

        problems = []
        files = sorted(p for p in site.rglob("*") if p.suffix in (".html", ".js")
                       and "assets" not in p.relative_to(site).parts)
        texts = {}
        for path in files:
            name = path.relative_to(site).as_posix()
            source = path.read_text(encoding="utf-8")
            if path.suffix == ".html":
                page = Visible()
                page.feed(source)
                if page.lang != "ja":
                    problems.append(f"{name}: <html lang={page.lang!r}>, expected \"ja\"")
                for context in stray_breaks(source) or []:
                    problems.append(f"{name}: a line break shows as a space in “{context}”")
                texts[name] = "\n".join(page.parts)
            else:
                texts[name] = "\n".join(script_strings(source))
            for piece, key in sorted(pieces.items()):
                if find(piece, texts[name]):
                    problems.append(f"{name}: English interface string {piece!r} (key {key})")
        for name, keys in MUST_SHOW.items():
            if name not in texts:
                problems.append(f"{name}: not written")
                continue
            for key in keys:
                if not isinstance(ja.get(key), str):
                    problems.append(f"{name}: the fixture's strings.json has no \"ja\" {key}")
                    continue
                shown = max(re.split(r"\{\d+\}", ja[key]), key=len).strip()
                if shown not in texts[name]:
                    problems.append(f"{name}: does not show {key} ({shown!r}): the fixture no "
                                    "longer exercises it")
        # The wrapped paragraph joined where the source wraps it, a Latin word keeping its space.
        for joined in ("折り返してあり、読者の画面", "（<strong>強調</strong>や「かぎ括弧」",
                       "ただし\nGPU"):
            if joined not in (site / "index.html").read_text(encoding="utf-8"):
                problems.append(f"index.html: does not show the wrapped paragraph as {joined!r}")
        if problems:
            print("\n".join(problems))
            sys.exit(f"FAIL: {len(problems)} problem(s) in the Japanese book")
        print(f"ok: {len(files)} files of the Japanese book, {len(pieces)} English strings "
              "looked for, none found")


if __name__ == "__main__":
    main()
