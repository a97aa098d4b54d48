#!/usr/bin/env python3
"""Builds the real guide with two reference documents and checks the Measured GPUs page.

  check_measured_gpus.py GPUGUIDE WORK_DIR

The references are the committed H200 document and a SYNTHETIC H100 document made here from it
(memory figures scaled by the datasheets' bandwidth ratio; host `synthetic-h100-scaled`, its
provenance saying what it is). It is test data: it lives in WORK_DIR and never under content/.
Checked, in both languages:
  * the page has one column per reference, the book.toml's reference first, each headed with its
    host and of kind reference, and no column for this machine (the build has no GPU);
  * each cell shows its own document's figure (the H100 column the scaled triad, not the H200's);
  * a share of the datasheet is the figure over that GPU's catalogue entry (both 89.9 %-ish here,
    since the scaling keeps the share), and its title names both numbers;
  * the buying advice's `hosts: [references]` table has the same two columns.
Then three refusals, each with the file (and line) named: a figure above the datasheet, a second
document of one GPU model, and a book.toml `reference` that names no document.
"""
import copy
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
H200 = ROOT / "content/measurements/reference/h200-141gb-hbm3e.json"
SYNTHETIC = "synthetic-h100-scaled"
NOTE = "SYNTHETIC TEST DATA: the H200 reference scaled to an H100's datasheet bandwidth by " \
       "tests/books/check_measured_gpus.py; not a measurement"


def scale_metrics(node, factor):
    """Every metric ({median, min, max, ...}) under node, times factor."""
    if isinstance(node, dict):
        if "median" in node:
            for key in ("median", "min", "max"):
                node[key] *= factor
        else:
            for child in node.values():
                scale_metrics(child, factor)
    elif isinstance(node, list):
        for child in node:
            scale_metrics(child, factor)


def synthetic_h100(h200, catalogue):
    records = {r["id"]: r for r in catalogue["records"]}
    factor = records["h100-sxm"]["bandwidth_gbs"] / records["h200"]["bandwidth_gbs"]
    doc = copy.deepcopy(h200)
    doc["provenance"].update(host=SYNTHETIC, command=NOTE)
    doc["provenance"]["gpus"][0]["name"] = "NVIDIA H100 80GB HBM3"
    doc["probes"]["gpu.specs"]["result"]["devices"][0]["name"] = "NVIDIA H100 80GB HBM3"
    scale_metrics(doc["probes"]["gpu.stream"]["result"], factor)
    return doc, factor


def build(gpuguide, content, out):
    return subprocess.run([gpuguide, "build", "--content", str(content), "--templates",
                           str(ROOT / "templates"), "--out", str(out), "--measure", "reference",
                           "--quiet"], capture_output=True, text=True)


def tables(page):
    """[(header cells, {row label: [(text, class, title)]})] of every measured table."""
    found = []
    for table in re.findall(r'<table class="measured-table">.*?</table>', page, re.S):
        head = re.search(r"<thead>(.*?)</thead>", table, re.S).group(1)
        headers = [(html.unescape(re.sub(r"<[^>]+>", "", text)), cls) for cls, text in
                   re.findall(r'<th scope="col" class="([^"]*)">(.*?)</th>', head, re.S)]
        rows = {}
        for label, cells in re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table, re.S):
            rows[html.unescape(label)] = [
                (html.unescape(re.sub(r"<[^>]+>", "", text)), cls, html.unescape(title))
                for cls, title, text in
                re.findall(r'<td class="([^"]*)"(?: title="([^"]*)")?>(.*?)</td>', cells, re.S)]
        found.append((headers, rows))
    return found


def line_of(text, *keys):
    """The line of the last of `keys`, each looked for below the line of the one before."""
    lines, at = text.splitlines(), 0
    for key in keys:
        at = next(n for n in range(at, len(lines)) if key in lines[n])
    return at + 1


def fail(message):
    print(f"check_measured_gpus: {message}", file=sys.stderr)
    sys.exit(1)


def expect_refusal(gpuguide, content, out, needle, what):
    result = build(gpuguide, content, out)
    if result.returncode == 0 or needle not in result.stderr:
        fail(f"{what}: expected a refusal containing {needle!r}, got exit {result.returncode}: "
             f"{result.stderr.strip()[-600:]}")


def main():
    gpuguide, work = sys.argv[1], Path(sys.argv[2])
    content = work / "content"
    shutil.copytree(ROOT / "content", content)
    references = content / "measurements/reference"
    shutil.rmtree(references)
    # Prose that names the real H100's host names the synthetic one instead.
    for page in content.glob("*/*.md"):
        text = page.read_text()
        if "reference-h100" in text:
            page.write_text(text.replace("reference-h100", SYNTHETIC))
    references.mkdir()
    h200 = json.loads(H200.read_text())
    catalogue = json.loads((content / "data/gpus.json").read_text())
    h100, factor = synthetic_h100(h200, catalogue)
    shutil.copy(H200, references / H200.name)
    (references / "h100-synthetic.json").write_text(json.dumps(h100, indent=2))

    result = build(gpuguide, content, work / "site")
    if result.returncode != 0:
        fail(f"the build with two references failed: {result.stderr.strip()}")
    triad_h200 = h200["probes"]["gpu.stream"]["result"]["devices"][0]["triad"]["median"]
    for lang, share_label in (("en", "Triad as a share of the datasheet bandwidth"),
                              ("zh", "Triad 占官方带宽的比例")):
        page = (work / "site" / lang / "43-measured-gpus.html").read_text()
        headers, rows = tables(page)[0]
        names = [text for text, _ in headers]
        if len(headers) != 2 or "reference-h200" not in names[0] or SYNTHETIC not in names[1]:
            fail(f"{lang}: expected the columns reference-h200 then {SYNTHETIC}, got {names}")
        if any(cls != "kind-reference" for _, cls in headers):
            fail(f"{lang}: every column should be of kind reference: {headers}")
        triads = rows["STREAM triad" if lang == "en" else "STREAM 三元组（Triad）"]
        shown = [float(text.split()[0]) for text, _, _ in triads]
        expected = [triad_h200 / 1000, triad_h200 * factor / 1000]
        if any(abs(a - b) / b > 0.01 for a, b in zip(shown, expected)):
            fail(f"{lang}: triad shows {shown} TB/s, expected {expected}")
        if SYNTHETIC not in triads[1][2] or "reference-h200" not in triads[0][2]:
            fail(f"{lang}: each triad cell's title should name its own host: {triads}")
        shares = rows[share_label]
        for (text, cls, title), datasheet in zip(shares, (4800, 3350)):
            value = float(text.rstrip(" %"))
            if abs(value - 100 * triad_h200 / 4800) > 0.1 or cls != "kind-reference num":
                fail(f"{lang}: share {text} ({cls}), expected {100 * triad_h200 / 4800:.1f} %")
            if f"{datasheet / 1000:g}\N{NO-BREAK SPACE}TB/s" not in title:
                fail(f"{lang}: the share's title should name the datasheet figure: {title}")
        advice = tables((work / "site" / lang / "09-buying-advice.html").read_text())
        columns = [[text for text, _ in headers] for headers, rows in advice if rows]
        if not any(len(c) == 2 and SYNTHETIC in c[1] for c in columns):
            fail(f"{lang}: the buying advice should set both references side by side: {columns}")

    # A figure above the datasheet: the synthetic H100 with the H200's own bandwidth.
    above = copy.deepcopy(h200)
    above["provenance"].update(host=SYNTHETIC, command=NOTE)
    above["provenance"]["gpus"][0]["name"] = "NVIDIA H100 80GB HBM3"
    above["probes"]["gpu.specs"]["result"]["devices"][0]["name"] = "NVIDIA H100 80GB HBM3"
    (references / "h100-synthetic.json").write_text(json.dumps(above, indent=2))
    line = line_of(json.dumps(above, indent=2), '"gpu.stream"', '"copy"', '"median"')
    expect_refusal(gpuguide, content, work / "site",
                   f"h100-synthetic.json:{line}: /probes/gpu.stream/result/devices/0/copy/median",
                   "a figure above the datasheet")
    # Two documents of one GPU model.
    second = copy.deepcopy(h200)
    second["provenance"]["host"] = "another-h200"
    (references / "h100-synthetic.json").write_text(json.dumps(second, indent=2))
    expect_refusal(gpuguide, content, work / "site",
                   "h100-synthetic.json: measures the same GPU model (NVIDIA H200) as",
                   "two documents of one GPU model")
    # book.toml names a host no document has.
    (references / "h100-synthetic.json").write_text(json.dumps(h100, indent=2))
    toml = content / "book.toml"
    toml.write_text(toml.read_text().replace('reference = "reference-h200"',
                                             'reference = "reference-b200"'))
    expect_refusal(gpuguide, content, work / "site",
                   '`reference = "reference-b200"`: no reference measurement document has that host',
                   "an unknown reference host")
    print("check_measured_gpus: two references side by side in both languages; three refusals")


if __name__ == "__main__":
    main()
