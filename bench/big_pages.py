#!/usr/bin/env python3
"""Cost grows with bytes, not with page shape (issue 61, point 2): times gpuguide on one big page
against the same bytes spread over many pages, and a page of plain paragraphs against cmark-gfm.

Writes under --work (each form a book of its own, links between pages made external so that every
form has the same bytes and no link points outside its book):

  spread/   the synthetic book of bench/make_book.py, N pages (12 MB at N = 2,000)
  one/      the same page bodies joined into one page
  paras/    one page of P plain paragraphs (40,000 by default), and paras.md for cmark-gfm

and prints, for each, the median wall time, CPU seconds and peak RSS over --runs interleaved
rounds after a warm-up round, the memory per input byte, and the verdicts against the targets:
one page ≤ 2× the time of the same bytes spread, ≤ 150 MB; P paragraphs ≤ 1.5× cmark-gfm's CPU s;
memory per input byte ≤ 12.
"""
import argparse
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_book  # noqa: E402  (same folder)

CMARK = ["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter",
         "-e", "tasklist", "-e", "footnotes"]
LINK = re.compile(r"\(page-(\d{4})\.md\)")


def external(body):
    return LINK.sub(r"(https://example.com/page-\1.html)", body)


def write_book(folder, pages):
    """pages: [(file name, front matter, body)] -> a content folder with en/SUMMARY.md."""
    if folder.exists():
        shutil.rmtree(folder)
    en = folder / "content" / "en"
    en.mkdir(parents=True)
    (folder / "content" / "data").mkdir()
    lines = ["# Summary", ""]
    for name, front, body in pages:
        (en / name).write_text(front + "\n" + body, encoding="utf-8")
        lines.append(f"- [{name}]({name})")
    (en / "SUMMARY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return sum(len((front + "\n" + body).encode()) for _, front, body in pages)


def write_forms(work, n_pages, paragraphs, reference):
    rng = random.Random(20261121 + n_pages)
    pointers = make_book.collect_pointers(reference)
    spread = []
    for index in range(n_pages):
        front, body = make_book.page(rng, index, n_pages, pointers, probes=False)
        # Footnote labels are per page; in one page they would collide, so each gets its own.
        body = external(body).replace("[^note]", f"[^note{index}]")
        spread.append((f"page-{index:04d}.md", front, body))
    sizes = {"spread": write_book(work / "spread", spread)}
    joined = "\n".join(body for _, _, body in spread)
    sizes["one"] = write_book(work / "one", [("one.md", "---\ntitle: One page\n---\n", joined)])
    rng = random.Random(40000)
    paras = "\n\n".join(make_book.sentence(rng, i % 2 == 1) + " " + make_book.sentence(rng, False)
                        for i in range(paragraphs)) + "\n"
    sizes["paras"] = write_book(work / "paras", [("paras.md", "---\ntitle: Paragraphs\n---\n", paras)])
    (work / "paras.md").write_text(paras, encoding="utf-8")
    return sizes


def timed(command):
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        result = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", "-o", report.name, *command],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if result.returncode != 0:
            sys.exit(f"big_pages: {' '.join(command)} failed:\n{result.stderr.decode()[-2000:]}")
        wall, rss, user, system = report.read().split("\n")[-2].split()
        return float(wall), int(rss) / 1024, float(user) + float(system)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpuguide", type=Path, required=True)
    parser.add_argument("--templates", type=Path, default=Path("templates"))
    parser.add_argument("--reference", type=Path, default=Path("content/measurements/reference"))
    parser.add_argument("--work", type=Path, default=Path("bench/work/big"))
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--paragraphs", type=int, default=40000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0, help="gpuguide --jobs (0: one per core)")
    args = parser.parse_args()
    work = args.work.resolve()
    sizes = write_forms(work, args.pages, args.paragraphs, args.reference)
    rows = {}
    for form in ("spread", "one", "paras"):
        rows[form] = [str(args.gpuguide.resolve()), "build", "--content", str(work / form / "content"),
                      "--templates", str(args.templates.resolve()), "--out", str(work / form / "out"),
                      "--cache-dir", str(work / form / "cache"), "--force", "-q", "--jobs",
                      str(args.jobs)]
    rows["cmark-gfm paras"] = [*CMARK, str(work / "paras.md")]
    samples = {name: [] for name in rows}
    for round_number in range(args.runs + 1):
        for name, command in rows.items():
            # Each build highlights its code afresh: a cache kept from the last round (or shared
            # by two forms with the same code) would make one form's run cheaper than another's.
            shutil.rmtree(work / name / "cache", ignore_errors=True)
            sample = timed(command)
            if round_number:
                samples[name].append(sample)
    median = {name: tuple(statistics.median(s[i] for s in runs) for i in range(3))
              for name, runs in samples.items()}
    print("| form | input MB | median wall s | CPU s | peak RSS MB | RSS bytes per input byte |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (wall, rss, cpu) in median.items():
        size = sizes.get(name, sizes["paras"])
        print(f"| {name} | {size / 1e6:.2f} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | "
              f"{rss * 2**20 / size:.1f} |")
    one, spread, paras, floor = median["one"], median["spread"], median["paras"], median["cmark-gfm paras"]
    per_byte = one[1] * 2**20 / sizes["one"]
    print()
    print(f"one page / spread: {one[0] / spread[0]:.2f}× wall, {one[2] / spread[2]:.2f}× CPU s "
          f"(target ≤ 2×); one page peak {one[1]:.0f} MB (target ≤ 150 MB), {per_byte:.1f} bytes "
          f"per input byte (target ≤ 12)")
    print(f"{args.paragraphs} paragraphs: {paras[2] / max(floor[2], 0.01):.2f}× cmark-gfm's CPU s "
          f"({paras[2]:.2f} against {floor[2]:.2f}; target ≤ 1.5×)")


if __name__ == "__main__":
    main()
