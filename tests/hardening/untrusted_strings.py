#!/usr/bin/env python3
"""Untrusted strings are escaped everywhere they appear.

GPU names, host names, driver strings and whole measurement documents come from other machines.
This builds the bad-input base book plus a page that shows them in every place a page can (a
measured table with host columns, inline values, a provenance note, a measured chart, a data
table and a scatter chart), with this build's document and a reference document whose strings
carry <script>, quotes, `]]>`, comment openers and control characters. It then asserts that:
  * no output file (HTML, SVG, JS, JSON) contains the raw `<script>alert` or a raw control
    character;
  * the hostile text did reach each place, escaped (so the test cannot pass by showing nothing);
  * every inline <svg> is well-formed XML and every page parses as HTML without errors.
Usage: untrusted_strings.py GPUGUIDE
"""
import copy
import json
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
BASE = REPO / "tests/bad-input/base"

EVIL = "<script>alert(1)</script>\"'&]]><!-- \x01\x07\x1b\x7f </svg></title>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"  # what every place must show instead
CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # invalid in HTML and XML text
C0 = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")  # invalid raw in a JS string (DEL is fine)

PAGE = """---
title: Untrusted
---

# Untrusted

Name: `value:gpu.specs/devices/0/name`. BLAS: `value:cpu.gemm/blas`.
Skipped: `value:gpu.power/devices/0/energy`.

```gg-table
title: Bandwidth
probe: gpu.stream
hosts: all
rows:
  - {label: Triad, value: /devices/0/triad}
```

```gg-provenance
host: this
probe: gpu.specs
```

```gg-chart
type: bar
title: Measured
host: this
series:
  - {label: Copy, value: gpu.stream/devices/0/copy}
  - {label: Triad, value: gpu.stream/devices/0/triad}
```

```gg-data
data: gpus
columns: [name, year, fp32_tflops]
```

```gg-chart
type: scatter
title: Catalogue
data: gpus
x: {field: year, label: Year}
y: {field: fp32_tflops, label: FP32}
label: name
highlight: this
```
"""


def hostile_documents():
    """This build's document and a reference from an 'other machine', both hostile."""
    base = json.loads((BASE / "content/measurements/reference/ref-host.json").read_text())
    this = copy.deepcopy(base)
    prov = this["provenance"]
    for field in ("host", "driver", "cuda_driver", "cuda_runtime", "cublas", "compiler",
                  "command", "cpu", "probe_version"):
        prov[field] = f"{field} {EVIL}"
    prov["gpus"][0]["name"] = f"GPU {EVIL}"
    probes = this["probes"]
    probes["gpu.specs"] = {"status": "ok", "reason": None, "duration_s": 0.1,
                           "result": {"devices": [{"name": f"GPU {EVIL}", "uuid": EVIL}]}}
    probes["cpu.gemm"] = {"status": "ok", "reason": None, "duration_s": 1.0,
                          "result": {"blas": f"BLAS {EVIL}", "threads": 2, "n": 1024}}
    # A probe the reference lacks, so the page shows this build's own skip reason.
    probes["gpu.power"] = {"status": "skipped", "reason": f"reason {EVIL}", "duration_s": 0.0,
                           "result": None}
    triad = probes["gpu.stream"]["result"]["devices"][0]["triad"]
    triad["unit"] = "GB/s"  # units stay real: the formatter scales by them
    other = copy.deepcopy(base)
    other["provenance"]["host"] = f"other {EVIL}"
    other["provenance"]["gpus"][0]["name"] = f"Other GPU {EVIL}"
    return this, other


def make_book(root: Path):
    shutil.copytree(BASE / "content", root / "content")
    shutil.copytree(REPO / "templates", root / "templates")
    summary = root / "content/en/SUMMARY.md"
    summary.write_text(summary.read_text() + "- [Untrusted](untrusted.md)\n")
    (root / "content/en/untrusted.md").write_text(PAGE)
    gpus = json.loads((root / "content/data/gpus.json").read_text())
    gpus["records"][0]["name"] = f"GPU {EVIL}"
    gpus["records"][0]["source"] = f"https://example.com/{EVIL}"
    (root / "content/data/gpus.json").write_text(json.dumps(gpus))
    this, other = hostile_documents()
    (root / "this.json").write_text(json.dumps(this))
    (root / "content/measurements/reference/zz-other.json").write_text(json.dumps(other))


def main():
    gpuguide = Path(sys.argv[1]).resolve()
    failures = []
    with tempfile.TemporaryDirectory(prefix="gpuguide-untrusted.") as tmp:
        root = Path(tmp)
        make_book(root)
        run = subprocess.run([str(gpuguide), "build", "--content", "content", "--templates",
                              "templates", "--out", "site", "--measurements", "this.json"],
                             cwd=root, capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            sys.exit(f"untrusted strings: the build failed ({run.returncode}):\n{run.stderr}")
        site = root / "site"
        for file in sorted(p for p in site.rglob("*") if p.is_file()):
            data = file.read_bytes()
            name = file.relative_to(site)
            if b"<script>alert" in data:
                failures.append(f"{name}: raw <script>alert")
            if (C0 if file.suffix == ".js" else CONTROL).search(data):
                failures.append(f"{name}: raw control character")
        page = (site / "en/untrusted.html").read_text()
        check_places(page, failures)
        check_parses(site, failures)
    if failures:
        print("untrusted strings: FAILED\n  " + "\n  ".join(failures), file=sys.stderr)
        sys.exit(1)
    print("untrusted strings: escaped in every file and every place; SVG and HTML parse")


def check_places(page: str, failures: list):
    """The hostile text reached each place, escaped."""
    tables = re.findall(r"<table.*?</table>", page, re.S)
    svgs = re.findall(r"<svg.*?</svg>", page, re.S)
    places = {
        "host column label": any(f"other {ESCAPED}" in t for t in tables),
        "GPU name in a provenance note": f"GPU {ESCAPED}" in page and "provenance" in page,
        "string value inline": f"BLAS {ESCAPED}" in page,
        "skip reason": f"reason {ESCAPED}" in page,
        "data table cell": any(f"GPU {ESCAPED}" in t for t in tables),
        "chart SVG text": any(ESCAPED in s for s in svgs),
    }
    for place, ok in places.items():
        if not ok:
            failures.append(f"en/untrusted.html: the {place} does not show the escaped text")
    if len(svgs) < 2:
        failures.append(f"en/untrusted.html: expected 2 charts, found {len(svgs)} <svg>")


def check_parses(site: Path, failures: list):
    """Inline SVG is well-formed XML; every page parses as HTML (xmllint knows no HTML5 tags,
    so only its 'Tag x invalid' complaints are ignored)."""
    for file in sorted(site.rglob("*.html")):
        text = file.read_text()
        for svg in re.findall(r"<svg.*?</svg>", text, re.S):
            try:
                ElementTree.fromstring(svg)
            except ElementTree.ParseError as error:
                failures.append(f"{file.relative_to(site)}: an <svg> is not well-formed: {error}")
        lint = subprocess.run(["xmllint", "--html", "--noout", str(file)], capture_output=True)
        messages = re.findall(r"^\S+:\d+: HTML parser error : (.*)$",
                              lint.stderr.decode("utf-8", "replace"), re.M)
        errors = [m for m in messages if not re.fullmatch(r"Tag \S+ invalid", m.strip())]
        if errors:
            failures.append(f"{file.relative_to(site)}: xmllint: {errors[0]}")


if __name__ == "__main__":
    main()
