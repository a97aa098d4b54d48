#!/usr/bin/env python3
"""Times gpuguide, Hugo and the cmark-gfm floor on synthetic books and prints the table.

Each tool runs once untimed (warm file cache), then --runs times; the table gives the median
wall time, pages per second, the highest peak RSS of the runs (/usr/bin/time -f %M) and the
output size. Results go to stdout and to --results as Markdown.
"""
import argparse
import datetime
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_book  # noqa: E402  (same folder)

CMARK_EXTENSIONS = ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"]


def tree_size(path):
    path = Path(path)
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def timed(command, stdout_path=None):
    """Runs `command` under /usr/bin/time; returns (wall s, peak RSS KiB, user+system CPU s)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        stdout = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
        try:
            start = time.perf_counter()
            result = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", "-o", report.name, *command],
                                    stdout=stdout, stderr=subprocess.PIPE)
            wall = time.perf_counter() - start
        finally:
            if stdout_path:
                stdout.close()
        if result.returncode != 0:
            sys.exit(f"bench: {' '.join(map(str, command))} failed:\n"
                     f"{result.stderr.decode(errors='replace')[-3000:]}")
        rss, user, system = report.read().strip().splitlines()[-1].split()
        return wall, int(rss), float(user) + float(system)


class Tool:
    """One row of the table: how to prepare a run, the command, and where its output goes."""

    def __init__(self, name, command, output, fresh=True, stdout_to_output=False, warm_up=1):
        self.name, self.command, self.output = name, command, Path(output)
        self.fresh, self.stdout_to_output, self.warm_up = fresh, stdout_to_output, warm_up

    def run_once(self):
        if self.fresh and self.output.exists():
            shutil.rmtree(self.output) if self.output.is_dir() else self.output.unlink()
        return timed(self.command, self.output if self.stdout_to_output else None)


def measure(tool, pages, runs):
    for _ in range(tool.warm_up):
        tool.run_once()
    samples = [tool.run_once() for _ in range(runs)]
    walls = [wall for wall, _, _ in samples]
    median = statistics.median(walls)
    size = tree_size(tool.output)
    row = {"pages": pages, "tool": tool.name, "median_s": median, "min_s": min(walls),
           "cpu_s": statistics.median(cpu for _, _, cpu in samples),
           "pages_per_s": pages / median, "rss_mb": max(rss for _, rss, _ in samples) / 1024,
           "size_mb": size / 1e6, "bytes_per_page": size / pages, "runs": runs}
    print(f"  {tool.name:<28} {median:8.3f} s  {row['cpu_s']:7.2f} CPU s  "
          f"{row['pages_per_s']:9.0f} pages/s  "
          f"{row['rss_mb']:7.1f} MB RSS  {row['size_mb']:8.2f} MB out", flush=True)
    return row


def tools_for(book, pages, args):
    out = book / "out"
    tools = [
        Tool("cmark-gfm floor", ["cmark-gfm", *[a for e in CMARK_EXTENSIONS for a in ("-e", e)],
                                 str(book / "floor.md")], out / "floor.html",
             fresh=False, stdout_to_output=True),
        Tool("hugo", ["hugo", "--quiet", "-s", str(book / "hugo"), "-d", str(out / "hugo")],
             out / "hugo"),
    ]
    if args.gpuguide:
        command = [str(args.gpuguide), "build", "--content", str(book / "content"),
                   "--templates", str(args.templates), "--measure", "reference", "--quiet"]
        tools.append(Tool("gpuguide build", [*command, "--out", str(out / "gpuguide")],
                          out / "gpuguide"))
        # Same input, same output folder, after a first build: nothing should be rewritten.
        tools.append(Tool("gpuguide no-change rebuild", [*command, "--out", str(out / "rebuild")],
                          out / "rebuild", fresh=False))
    out.mkdir(parents=True, exist_ok=True)
    return tools


def machine():
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{model}, {os.cpu_count()} cores, {memory:.0f} GiB RAM, "
            f"{platform.system()} {platform.release()} (load average at the end: {load})")


def version(command):
    try:
        text = subprocess.run(command, capture_output=True, text=True).stdout.strip()
        return text.splitlines()[0] if text else "?"
    except OSError:
        return "not installed"


def targets(rows):
    """Checks the N = largest targets of the issue "Hardening and benchmarks"."""
    largest = max(r["pages"] for r in rows)
    by = {(r["pages"], r["tool"]): r for r in rows}
    lines = []
    gg, hugo, floor = (by.get((largest, t)) for t in ("gpuguide build", "hugo", "cmark-gfm floor"))
    rebuild = by.get((largest, "gpuguide no-change rebuild"))
    if not gg:
        return ["gpuguide was not measured (binary missing), so no target could be checked."]

    def verdict(ok):
        return "met" if ok else "**missed**"

    speedup = hugo["median_s"] / gg["median_s"]
    cpu_speedup = hugo["cpu_s"] / max(gg["cpu_s"], 0.01)  # /usr/bin/time counts in 0.01 s
    lines.append(f"| gpuguide ≥ 5× faster than Hugo | {speedup:.1f}× wall, {cpu_speedup:.1f}× CPU | "
                 f"{verdict(speedup >= 5)} |")
    ratio = gg["median_s"] / floor["median_s"]
    cpu_ratio = gg["cpu_s"] / max(floor["cpu_s"], 0.01)
    lines.append(f"| gpuguide within 1.5× of the cmark-gfm floor | {ratio:.2f}× wall, {cpu_ratio:.2f}× CPU | "
                 f"{verdict(ratio <= 1.5)} |")
    memory = gg["rss_mb"] / hugo["rss_mb"]
    lines.append(f"| gpuguide peak RSS < 1/10 of Hugo's | {memory:.3f} | {verdict(memory < 0.1)} |")
    lines.append(f"| no-change rebuild < 0.2 s | {rebuild['median_s']:.3f} s | "
                 f"{verdict(rebuild['median_s'] < 0.2)} |")
    per_page = {r["pages"]: r["bytes_per_page"] for r in rows if r["tool"] == "gpuguide build"}
    sizes = ", ".join(f"{per_page[n] / 1000:.1f} kB at N={n}" for n in sorted(per_page))
    smallest = min(per_page)
    growth = per_page[largest] / per_page[smallest]
    lines.append(f"| output bytes per page do not grow with N | {sizes} | {verdict(growth <= 1.1)} |")
    return ["| target (N = %d) | measured | verdict |" % largest, "|---|---|---|", *lines]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpuguide", type=Path, help="gpuguide binary (left out: not measured)")
    parser.add_argument("--templates", type=Path, required=True)
    parser.add_argument("--reference", type=Path, required=True)
    parser.add_argument("--work", type=Path, required=True, help="scratch folder for the books")
    parser.add_argument("--sizes", default="200,2000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--results", type=Path, help="write the Markdown table here")
    args = parser.parse_args()
    # Hugo resolves -d against its -s folder, so every path handed to a tool is absolute.
    args.work, args.templates = args.work.resolve(), args.templates.resolve()
    args.gpuguide = args.gpuguide.resolve() if args.gpuguide else None

    start_load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    rows = []
    for pages in (int(n) for n in args.sizes.split(",")):
        book = args.work / f"book-{pages}"
        print(f"N = {pages}: writing the synthetic book into {book}", flush=True)
        make_book.write_book(pages, book, args.reference)
        for tool in tools_for(book, pages, args):
            rows.append(measure(tool, pages, args.runs))

    header = ["| N | tool | median s | CPU s | pages/s | peak RSS MB | output MB | bytes/page |",
              "|---:|---|---:|---:|---:|---:|---:|---:|"]
    table = header + [f"| {r['pages']} | {r['tool']} | {r['median_s']:.3f} | {r['cpu_s']:.2f} | "
                      f"{r['pages_per_s']:.0f} | "
                      f"{r['rss_mb']:.1f} | {r['size_mb']:.2f} | {r['bytes_per_page']:.0f} |"
                      for r in rows]
    checks = targets(rows)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    report = ["# Benchmark results", "",
              f"Measured {now} on {machine()}; median of {args.runs} runs after one warm-up run "
              f"(load average at the start: {start_load}). CPU s is user + system time (also "
              "children), less disturbed than wall time when other work shares the cores.",
              "", f"Tools: {version(['hugo', 'version'])}; {version(['cmark-gfm', '--version'])}; "
              f"gpuguide {'at ' + str(args.gpuguide) if args.gpuguide else 'not measured'}.", "",
              *table, "", *checks, ""]
    print("\n".join(report))
    if args.results:
        args.results.write_text("\n".join(report), encoding="utf-8")


if __name__ == "__main__":
    main()
