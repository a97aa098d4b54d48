#!/usr/bin/env python3
"""Checks the real guide built from a complete measurement document (full_shape_document.py):
every cell of a "This machine" column, every estimate (gg-estimate cell or inline `estimate:`),
every chart and every inline measured value holds a figure, and no `when-measured:` sentence gives way to its fallback. The only
exceptions are the probes that document skips for a reason of their own, and those must show
that reason.

    check_full_shape_site.py SITE_DIR DOCUMENT.json

Exits 1 listing each page, row and cell that shows no figure; this catches content pointers that
name no field the probes write, and renderer paths that drop a figure, before a GPU run exists.
"""
import glob
import html
import json
import os
import re
import sys

THIS_MACHINE = {"This machine", "本机"}
NOT_MEASURED = {"not measured", "未测量", "—", ""}
NO_GPU_HERE = ("this build has no GPU measurements", "本次构建没有 GPU 测量结果")  # strings.json


def text_of(fragment):
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def cells(row):
    return re.findall(r"<t[hd]([^>]*)>(.*?)</t[hd]>", row, re.S)


def main(site, document_path):
    document = json.load(open(document_path, encoding="utf-8"))
    own_skips = {entry["reason"] for entry in document["probes"].values() if entry["status"] == "skipped"}
    problems, figures, estimates = [], 0, 0
    for page in sorted(glob.glob(os.path.join(site, "*", "[0-9]*.html"))):
        name = os.path.relpath(page, site)
        source = open(page, encoding="utf-8").read()
        for table in re.findall(r"<table.*?</table>", source, re.S):
            rows = re.findall(r"<tr.*?</tr>", table, re.S)
            if not rows:
                continue
            header = [text_of(cell) for _, cell in cells(rows[0])]
            columns = [i for i, label in enumerate(header) if label in THIS_MACHINE]
            for row in rows[1:]:
                row_cells = cells(row)
                for column in columns:
                    if column >= len(row_cells):
                        continue
                    attributes, cell = row_cells[column]
                    title = re.search(r'title="([^"]*)"', attributes)
                    reason = html.unescape(title.group(1)) if title else ""
                    # A datasheet row for a GPU the catalogue does not list (the synthetic one):
                    # "—" with the catalogue's reason is the right output, not a lost figure.
                    if "kind-missing" in attributes and "cuda_names" in reason:
                        continue
                    if text_of(cell) in NOT_MEASURED and reason not in own_skips:
                        problems.append(f"{name}: {text_of(row_cells[0][1])}: '{text_of(cell)}' ({reason})")
                    else:
                        figures += 1
        # Estimates computed from this machine's figures (gg-estimate cells, inline estimate: spans).
        for attributes, cell in re.findall(r'<td class="kind-estimate[^"]*"([^>]*)>(.*?)</td>', source, re.S):
            if text_of(cell) in NOT_MEASURED:
                title = re.search(r'title="([^"]*)"', attributes)
                problems.append(f"{name}: estimate cell '{text_of(cell)}' ({html.unescape(title.group(1)) if title else ''})")
            else:
                estimates += 1
        estimates += len(re.findall(r'<span class="estimate"', source))
        # A chart with nothing to draw is one line saying why; only a probe's own skip may cause it.
        for line in re.findall(r'<figure class="chart chart-unmeasured"[^>]*>(.*?)</figure>', source, re.S):
            if not any(reason in text_of(line) for reason in own_skips):
                problems.append(f"{name}: chart drew nothing: '{text_of(line)}'")
        # A collapsed host column: this build's columns must never collapse here (the reference's
        # may, while it is a placeholder).
        for line in re.findall(r'<p class="figures-missing">(.*?)</p>', source, re.S):
            if any(words in text_of(line) for words in NO_GPU_HERE):
                problems.append(f"{name}: this machine's column collapsed: '{text_of(line)}'")
        # A `when-measured:` sentence that gave way to its fallback for any other reason.
        for reason, text in re.findall(r'<span class="figures-fallback" title="([^"]*)">(.*?)</span>', source, re.S):
            if html.unescape(reason) not in own_skips:
                problems.append(f"{name}: fallback shown ({html.unescape(reason)}): '{text_of(text)[:60]}'")
        for attributes, value in re.findall(r'<span class="not-measured"([^>]*)>(.*?)</span>', source):
            reason = html.unescape(re.search(r'title="([^"]*)"', attributes).group(1))
            if reason not in own_skips:
                problems.append(f"{name}: inline value '{text_of(value)}' ({reason})")
    if problems:
        print(f"full-shape site: {len(problems)} measured places show no figure:", *problems, sep="\n  ")
        return 1
    if figures < 100:
        print(f"full-shape site: only {figures} measured cells found; are the tables still there?")
        return 1
    if estimates == 0:
        print("full-shape site: no estimate found; are the gg-estimate tables still there?")
        return 1
    print(f"full-shape site: {figures} measured table cells, {estimates} estimates and every inline value hold figures")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
