#!/usr/bin/env python3
"""Checks the live estimates of a built guide as a reader would read them.

  check_estimates.py SITE_DIR

1. No estimate note or estimate tooltip shows an internal data path: a formula note names each
   input in words ("GPU memory: 140 GiB = 150 GB (reference measurement, reference-h200)"), so no
   `{` may appear in one, nor a probe key such as "gpu.specs/devices/0".
2. Page 27, worked example 1 (a 1B-parameter model on 20B tokens): the live row for the measured
   GPU applies the MFU to its dense datasheet peak, as the static H100 row above it does. An H200
   has the H100's dense BF16 peak (989 TFLOP/s) and more bandwidth, so its time may not exceed the
   H100 row's. (Applied to the measured GEMM rate instead, about 70 % of the peak, the H200 took
   120 h against the H100's 84 h.)
Exit status 1 with one line per finding.
"""
import html
import re
import sys
from pathlib import Path

PATH_PATTERN = re.compile(r"\{|\b(?:gpu|cpu)\.[a-z]+/devices/\d|\bdatasheet:[a-z_]+")


def text_of(fragment):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def notes_and_titles(page):
    """(what, text) for every estimate note and every estimate's tooltip on a page."""
    for match in re.finditer(r'<p class="provenance provenance-estimate">(.*?)</p>', page, re.S):
        yield "estimate note", text_of(match.group(1))
    for match in re.finditer(r'class="(?:estimate|kind-estimate[^"]*)"[^>]*title="([^"]*)"', page):
        yield "estimate tooltip", html.unescape(match.group(1))


def hours(text):
    """The first "N h" figure in a text ("≈ 84 h", "84.2 h"), in hours."""
    match = re.search(r"([0-9][0-9,]*(?:\.[0-9]+)?)\s*(?:h\b|小时)", text.replace("\u00a0", " "))
    return float(match.group(1).replace(",", "")) if match else None


def first_row_cells(table):
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", table, re.S) or re.search(r"<tr>(.*?)</tr>",
                                                                          table.split("</thead>")[-1], re.S)
    return [text_of(cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row.group(1), re.S)]


def check_training_time(site, lang):
    page = (site / lang / "27-training-time-and-cost.html").read_text(encoding="utf-8")
    tables = re.findall(r"<table.*?</table>", page, re.S)
    # The worked example's static table starts with one H100 SXM and its time; the live table
    # after it starts with the same run on the measured GPU.
    static = next((t for t in tables if "measured-table" not in t and
                   "H100 SXM" in first_row_cells(t)[0] and hours(first_row_cells(t)[3])), None)
    live = next((t for t in tables if "measured-table" in t and
                 any(hours(cell) for cell in first_row_cells(t)[1:])), None)
    if static is None or live is None:
        return [f"{lang}/27: the worked example's static table or its live table is missing"]
    h100 = hours(first_row_cells(static)[3])
    measured = next((hours(cell) for cell in first_row_cells(live)[1:] if hours(cell)), None)
    if h100 is None or measured is None:
        return [f"{lang}/27: no hours in the first rows (static: {first_row_cells(static)}, "
                f"live: {first_row_cells(live)})"]
    if measured > h100 * 1.01:
        return [f"{lang}/27: the measured GPU takes {measured} h for 1B parameters on 20B tokens, "
                f"more than the H100 datasheet row's {h100} h: is the MFU applied to the "
                f"measured GEMM rate instead of the dense datasheet peak?"]
    print(f"check_estimates: {lang}/27 1B on 20B tokens: measured GPU {measured} h, "
          f"H100 datasheet row {h100} h")
    return []


def main(argv):
    if len(argv) != 2:
        print(__doc__)
        return 2
    site = Path(argv[1])
    findings = []
    pages = sorted((site / "en").glob("*.html")) + sorted((site / "zh").glob("*.html"))
    if not pages:
        print(f"check_estimates: no pages in {site}/en or {site}/zh; is this a built guide?")
        return 1
    notes = 0
    for page in pages:
        if page.name == "print.html":
            continue
        for what, text in notes_and_titles(page.read_text(encoding="utf-8")):
            notes += 1
            match = PATH_PATTERN.search(text)
            if match:
                findings.append(f"{page}: {what} shows an internal path at “{match.group(0)}”: "
                                f"{text[:160]}")
    if notes == 0:  # nothing checked is not a pass
        findings.append(f"{site}: no estimate note or tooltip in {len(pages)} pages; do estimates "
                        "still carry the classes this check looks for?")
    for lang in ("en", "zh"):
        findings += check_training_time(site, lang)
    for finding in findings:
        print(finding)
    print(f"check_estimates: {len(pages)} pages, {notes} estimate notes and tooltips, "
          f"{len(findings)} problems")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
