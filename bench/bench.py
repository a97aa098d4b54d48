#!/usr/bin/env python3
"""Times gpuguide against Hugo and the cmark-gfm floor, side by side, and prints the table.

Two parts, each run interleaved (round r runs every row once before round r + 1 starts, so a
burst of load from other work hits every row alike), one untimed warm-up round, then --runs
rounds; the table gives medians, and each ratio is the median of the per-round ratios:

* a synthetic book of N pages without probe directives (bench/make_book.py): the cmark-gfm
  floor, Hugo (with and without a sidebar of every page), a gpuguide cold build (no probe cache,
  no earlier site), a warm `--force` build and a no-change rebuild;
* the real guide (content/, templates/), cold with its probes (no cache, no site), and the same
  build with the probe results cached: the difference is the probes' share.

Peak RSS is /usr/bin/time's %M: the wait4() rusage of the command, whose ru_maxrss covers every
descendant it waited for (a probe child included); the largest single process of the tree.
"""
import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_book  # noqa: E402  (same folder)

TEMPLATES = None  # set by main(): the templates folder every gpuguide row builds with
CMARK_EXTENSIONS = ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"]


def tree_size(path):
    path = Path(path)
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def remove(path):
    path = Path(path)
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()


SET_ASIDE = ".set-aside"
set_aside_count = 0
set_aside_folders = set()  # every .set-aside folder made, for remove_set_aside()


def set_aside(path):
    """Moves `path` into a `.set-aside` folder beside it; remove_set_aside() deletes them after
    the timed rounds. A cold build is a first build: it does not follow the deletion of thousands
    of files. On an ext4 file system without a journal (this project's build machines), every
    new inode is checked against the inodes freed in the last one to six minutes
    (`recently_deleted` in fs/ext4/ialloc.c), so deleting the last round's output just before a
    cold row made that row pay for a scan no user's first build pays, Hugo's rows more than
    gpuguide's (it writes twice as many files and folders)."""
    global set_aside_count
    path = Path(path)
    if not path.exists():
        return
    folder = path.parent / SET_ASIDE
    folder.mkdir(exist_ok=True)
    set_aside_folders.add(folder)
    set_aside_count += 1
    path.rename(folder / f"{set_aside_count}-{path.name}")


def remove_set_aside():
    for folder in set_aside_folders:
        remove(folder)
    set_aside_folders.clear()


def timed(command, stdout_path=None):
    """Runs `command` under /usr/bin/time; returns (wall s, peak RSS KiB, user+system CPU s,
    stdout text or None)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", "-o", report.name, *command],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        if result.returncode != 0:
            sys.exit(f"bench: {' '.join(map(str, command))} failed:\n"
                     f"{result.stderr.decode(errors='replace')[-3000:]}")
        if stdout_path:
            Path(stdout_path).write_bytes(result.stdout)
        rss, user, system = report.read().strip().splitlines()[-1].split()
        return wall, int(rss), float(user) + float(system), result.stdout.decode(errors="replace")


class Row:
    """One row of the table: what to remove before each run, the command, where output goes."""

    def __init__(self, name, command, output, remove_first=(), stdout_to_output=False, pages=0,
                 prepare=None):
        self.name, self.command, self.output = name, command, Path(output)
        self.remove_first, self.stdout_to_output, self.pages = remove_first, stdout_to_output, pages
        self.prepare = prepare  # run before each timed command, not timed
        self.samples, self.last_stdout = [], ""

    def run(self, keep):
        for path in self.remove_first:
            set_aside(path)
        if self.prepare:
            self.prepare()
        wall, rss, cpu, stdout = timed(self.command, self.output if self.stdout_to_output else None)
        self.last_stdout = stdout
        if keep:
            self.samples.append((wall, rss, cpu))

    def summary(self):
        walls = [s[0] for s in self.samples]
        median = statistics.median(walls)
        size = tree_size(self.output)
        return {"tool": self.name, "median_s": median, "min_s": min(walls), "max_s": max(walls),
                "cpu_s": statistics.median(s[2] for s in self.samples),
                "pages_per_s": self.pages / median if self.pages else None,
                "rss_mb": max(s[1] for s in self.samples) / 1024,
                "size_mb": size / 1e6, "bytes_per_page": size / self.pages if self.pages else None}


def interleaved(rows, runs):
    for round_number in range(runs + 1):  # round 0 warms the file cache and is not kept
        for row in rows:
            row.run(keep=round_number > 0)
        print(f"  round {round_number}/{runs} done (load {os.getloadavg()[0]:.1f})", flush=True)


WALL, RSS, CPU = 0, 1, 2  # a sample's fields


def per_round_ratio(top, bottom, field=WALL):
    """The median over rounds of top / bottom (wall seconds, or CPU seconds with field=CPU): a
    burst of load from other work hits both rows of a round alike."""
    return statistics.median(a[field] / max(b[field], 0.001)
                             for a, b in zip(top.samples, bottom.samples))


def file_system(path):
    """The type of the file system holding `path` (`stat -f`), e.g. ext2/ext3 (ext4 prints so),
    tmpfs, xfs."""
    result = subprocess.run(["stat", "-f", "-c", "%T", str(path)], capture_output=True, text=True)
    return result.stdout.strip() or "unknown"


def append_sentence(page):
    """An edit of one page's text: a sentence appended (the one-page edit row, before each run)."""
    def prepare():
        with open(page, "a", encoding="utf-8") as f:
            f.write("\nOne more sentence, as an author would add it.\n")
    return prepare


def gpuguide_rows(binary, book, out, pages, suffix="", label="", templates=None):
    """The cold, warm --force and no-change rebuild rows of one gpuguide binary; `suffix` keeps a
    baseline binary's rows and folders apart from the binary under test's."""
    gg = [str(binary), "build", "--content", str(book / "content"), "--templates",
          str(templates or TEMPLATES)]
    cold_out, warm_out, rebuild_out = (out / f"{name}{suffix}" for name in ("cold", "warm", "rebuild"))
    cold_cache, warm_cache = out / f"cold-cache{suffix}", out / f"warm-cache{suffix}"
    edit_book, edit_out = out / f"edit-book{suffix}", out / f"edit{suffix}"
    shutil.rmtree(edit_book, ignore_errors=True)
    shutil.copytree(book / "content", edit_book)
    return {
        f"cold{suffix}": Row(f"{label}gpuguide cold build",
                             [*gg, "--out", str(cold_out), "--cache-dir", str(cold_cache)], cold_out,
                             remove_first=[cold_out, cold_cache,
                                           Path(str(cold_out) + ".gpuguide-manifest")],
                             pages=pages),
        f"warm{suffix}": Row(f"{label}gpuguide warm --force build",
                             [*gg, "--out", str(warm_out), "--cache-dir", str(warm_cache), "--force"],
                             warm_out, pages=pages),
        f"rebuild{suffix}": Row(f"{label}gpuguide no-change rebuild",
                                [*gg, "--out", str(rebuild_out), "--cache-dir", str(warm_cache)],
                                rebuild_out, pages=pages),
        # Issue 61 point 3: a sentence appended to the middle page of a copy of the book (so that
        # the no-change rows' inputs stay as they are), then a build without --force.
        f"edit{suffix}": Row(f"{label}gpuguide one-page edit",
                             [str(binary), "build", "--content", str(edit_book), "--templates",
                              str(templates or TEMPLATES), "--out", str(edit_out), "--cache-dir",
                              str(warm_cache)],
                             edit_out, pages=pages,
                             prepare=append_sentence(edit_book / "en" / f"page-{pages // 2:04d}.md")),
    }


def book_rows(book, pages, args):
    out = args.out or book / "out"
    out.mkdir(parents=True, exist_ok=True)
    rows = {
        "floor": Row("cmark-gfm floor", ["cmark-gfm", *[a for e in CMARK_EXTENSIONS for a in ("-e", e)],
                                          str(book / "floor.md")], out / "floor.html",
                     stdout_to_output=True, pages=pages),
        "hugo": Row("hugo (sidebar of every page)",
                    ["hugo", "--quiet", "-s", str(book / "hugo"), "-d", str(out / "hugo")],
                    out / "hugo", remove_first=[out / "hugo"], pages=pages),
        "hugo-plain": Row("hugo (page alone)",
                          ["hugo", "--quiet", "-s", str(book / "hugo-plain"), "-d", str(out / "hugo-plain")],
                          out / "hugo-plain", remove_first=[out / "hugo-plain"], pages=pages),
    }
    rows.update(gpuguide_rows(args.gpuguide, book, out, pages))
    if args.baseline:
        rows.update(gpuguide_rows(args.baseline, book, out, pages, "-baseline", "baseline: ",
                                  args.baseline_templates))
    return rows


def guide_rows(args):
    out = args.work / "guide"
    out.mkdir(parents=True, exist_ok=True)
    gg = [str(args.gpuguide), "build", "--content", str(args.content), "--templates", str(args.templates)]
    cold_cache, warm_cache = out / "cold-cache", out / "warm-cache"
    return {
        "guide-cold": Row("real guide cold build (probes run)",
                          [*gg, "--out", str(out / "cold"), "--cache-dir", str(cold_cache)], out / "cold",
                          remove_first=[out / "cold", cold_cache,
                                        Path(str(out / "cold") + ".gpuguide-manifest")]),
        "guide-cached": Row("real guide build, probe results cached",
                            [*gg, "--out", str(out / "cached"), "--cache-dir", str(warm_cache)], out / "cached",
                            remove_first=[out / "cached", Path(str(out / "cached") + ".gpuguide-manifest")]),
    }


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
    return f"{model}, {os.cpu_count()} cores, {memory:.0f} GiB RAM, {platform.system()} {platform.release()}"


def version(command):
    try:
        text = subprocess.run(command, capture_output=True, text=True).stdout.strip()
        return text.splitlines()[0] if text else "?"
    except OSError:
        return "not installed"


def loadavg():
    return Path("/proc/loadavg").read_text().split()[:3]


def verdict(ok):
    return "met" if ok else "**missed**"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpuguide", type=Path, required=True, help="gpuguide binary")
    parser.add_argument("--templates", type=Path, required=True)
    parser.add_argument("--content", type=Path, required=True, help="the real guide's content/")
    parser.add_argument("--work", type=Path, required=True, help="scratch folder for the books")
    parser.add_argument("--out", type=Path,
                        help="folder for every tool's output (default: WORK/book-N/out); put it "
                             "on another file system to see how much of a cold build is the "
                             "disk's (bench/README.md, 'the file system')")
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-guide", action="store_true", help="leave out the real guide's rows")
    parser.add_argument("--no-sidebar-hugo", action="store_true",
                        help="leave out Hugo with a sidebar of every page (its N² output takes "
                             "a minute per run at N = 2,000)")
    parser.add_argument("--baseline-templates", type=Path,
                        help="the templates folder the baseline builds with (default: --templates; "
                             "an older commit's own templates/ compares it as it was released)")
    parser.add_argument("--results", type=Path, help="write the Markdown table here")
    parser.add_argument("--baseline", type=Path,
                        help="another gpuguide binary (e.g. the last release's) timed beside this "
                             "one in the same interleaved rounds (cold, warm --force and no-change "
                             "rows), with each row's ratio against it: what a change costs")
    args = parser.parse_args()
    # Hugo resolves -d against its -s folder, so every path handed to a tool is absolute.
    args.work, args.templates = args.work.resolve(), args.templates.resolve()
    args.content, args.gpuguide = args.content.resolve(), args.gpuguide.resolve()
    global TEMPLATES
    TEMPLATES = args.templates
    if args.baseline:
        args.baseline = args.baseline.resolve()
    if args.baseline_templates:
        args.baseline_templates = args.baseline_templates.resolve()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        args.out = args.out.resolve()
    reference = args.content / "measurements" / "reference"
    start_load = loadavg()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "?"

    book = args.work / f"book-{args.pages}"
    print(f"N = {args.pages}: writing the synthetic book (no probe directives) into {book}", flush=True)
    make_book.write_book(args.pages, book, reference, probes=False)
    rows = book_rows(book, args.pages, args)
    if args.no_sidebar_hugo:
        del rows["hugo"]
    # The no-change rebuilds need a first build of their folders.
    for key in ("rebuild", "rebuild-baseline", "edit", "edit-baseline"):
        if key in rows:
            subprocess.run(rows[key].command, check=True, stdout=subprocess.DEVNULL)
    interleaved(list(rows.values()), args.runs)
    cold_log = rows["cold"].last_stdout
    if not args.no_guide:
        guide = guide_rows(args)
        subprocess.run(guide["guide-cached"].command, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)  # fills the warm cache
        print("real guide: cold with probes, and with the probes cached", flush=True)
        interleaved(list(guide.values()), args.runs)
        guide_log = guide["guide-cold"].last_stdout
    end_load = loadavg()
    remove_set_aside()

    header = ["| tool | median s | min–max s | CPU s | pages/s | peak RSS MB | output MB |",
              "|---|---:|---:|---:|---:|---:|---:|"]

    def line(r):
        pages_per_s = f"{r['pages_per_s']:.0f}" if r["pages_per_s"] else "–"
        return (f"| {r['tool']} | {r['median_s']:.3f} | {r['min_s']:.3f}–{r['max_s']:.3f} | "
                f"{r['cpu_s']:.2f} | {pages_per_s} | {r['rss_mb']:.1f} | {r['size_mb']:.2f} |")

    summaries = {key: row.summary() for key, row in rows.items()}
    out_folder = rows["cold"].output.parent
    table = header + [line(s) for s in summaries.values()]
    cold, warm, rebuild = summaries["cold"], summaries["warm"], summaries["rebuild"]
    vs_hugo = per_round_ratio(rows["hugo-plain"], rows["cold"])
    vs_hugo_sidebar = per_round_ratio(rows["hugo"], rows["cold"]) if "hugo" in rows else None
    no_child = "no probe process started" in cold_log
    cpu_vs_hugo = summaries["hugo-plain"]["cpu_s"] / max(cold["cpu_s"], 0.01)
    cold_cpu = per_round_ratio(rows["cold"], rows["floor"], CPU)
    warm_cpu = per_round_ratio(rows["warm"], rows["floor"], CPU)
    peak = max(cold["rss_mb"], warm["rss_mb"])
    checks = ["| target (N = %d, no probes) | measured | verdict |" % args.pages, "|---|---|---|",
              f"| cold build ≤ 1.5× the cmark-gfm floor's CPU s | {cold_cpu:.2f}× "
              f"({cold['cpu_s']:.2f} against {summaries['floor']['cpu_s']:.2f} CPU s) | "
              f"{verdict(cold_cpu <= 1.5)} |",
              f"| warm `--force` build ≤ 1.3× the floor's CPU s | {warm_cpu:.2f}× "
              f"({warm['cpu_s']:.2f} CPU s) | {verdict(warm_cpu <= 1.3)} |",
              f"| peak RSS ≤ 40 MB, every child counted | {peak:.1f} MB; "
              f"probe processes: {'none' if no_child else 'see the log'} | {verdict(peak <= 40)} |",
              f"| no-change rebuild < 0.1 s | {rebuild['median_s']:.3f} s | "
              f"{verdict(rebuild['median_s'] < 0.1)} |",
              f"| one-page edit ≤ 0.1 s (CPU s: the wall time depends on the load) | "
              f"{summaries['edit']['cpu_s']:.3f} CPU s, {summaries['edit']['median_s']:.3f} s wall | "
              f"{verdict(summaries['edit']['cpu_s'] <= 0.1)} |",
              f"| cold build ≥ 5× faster than Hugo (wall) | {vs_hugo:.1f}× Hugo without sidebar"
              + (f", {vs_hugo_sidebar:.1f}× Hugo with one" if vs_hugo_sidebar else "")
              + f"; CPU s {cpu_vs_hugo:.1f}× | {verdict(vs_hugo >= 5)} |"]
    if args.baseline:
        own = f" with the templates of `{args.baseline_templates}`" if args.baseline_templates else ""
        checks += ["", f"Against the baseline binary `{args.baseline}`{own}, same book, same rounds "
                       "(each ratio the median of the per-round ratios; below 1: this one is "
                       "cheaper):", "",
                   "| row | wall, this / baseline | CPU s, this / baseline | peak RSS MB, this / baseline |",
                   "|---|---:|---:|---:|"]
        for key, name in (("cold", "cold build"), ("warm", "warm `--force` build"),
                          ("rebuild", "no-change rebuild"), ("edit", "one-page edit")):
            mine, base = summaries[key], summaries[key + "-baseline"]
            checks.append(f"| {name} | {per_round_ratio(rows[key], rows[key + '-baseline']):.2f}× | "
                          f"{per_round_ratio(rows[key], rows[key + '-baseline'], CPU):.2f}× "
                          f"({mine['cpu_s']:.2f} / {base['cpu_s']:.2f}) | "
                          f"{mine['rss_mb'] / max(base['rss_mb'], 0.1):.2f}× "
                          f"({mine['rss_mb']:.1f} / {base['rss_mb']:.1f}) |")
    # What the 5x target asks, next to what parsing the same Markdown costs with no generator
    # around it: the floor's CPU seconds split perfectly over every core is a bound no build that
    # parses the pages with cmark-gfm can go under.
    floor = summaries["floor"]
    needed = summaries["hugo-plain"]["median_s"] / 5
    cores = os.cpu_count() or 1
    bound = [f"5× Hugo without sidebar means a cold build in {needed:.3f} s. The cmark-gfm floor "
             f"alone (parse and render the same Markdown, one process, no files written) took "
             f"{floor['median_s']:.3f} s and {floor['cpu_s']:.2f} CPU s; split perfectly over this "
             f"machine's {cores} cores that is {floor['cpu_s'] / cores:.3f} s. gpuguide's cold build "
             f"took {cold['cpu_s']:.2f} CPU s ({cold['cpu_s'] / max(floor['cpu_s'], 0.01):.1f}× the "
             f"floor's)."]
    guide_part = []
    if not args.no_guide:
        g = {key: row.summary() for key, row in guide.items()}
        share = g["guide-cold"]["median_s"] - g["guide-cached"]["median_s"]
        probes_line = next((l for l in guide_log.splitlines() if l.startswith("probes:")), "")
        measurements_line = next((l for l in guide_log.splitlines() if l.startswith("measurements:")), "")
        guide_part = ["", "The real guide (content/, both languages), cold: no probe cache, no earlier site.", "",
                      *header, *(line(s) for s in g.values()), "",
                      f"Probes' share of the cold build: {share:.2f} s of {g['guide-cold']['median_s']:.2f} s "
                      f"({100 * share / g['guide-cold']['median_s']:.0f} %); the rest (load, check, "
                      f"render, write, and the identity child that keys the cache): "
                      f"{g['guide-cached']['median_s']:.2f} s.", "",
                      f"Build log of the last cold run: `{measurements_line}`; `{probes_line}`."]
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    report = ["# Benchmark results", "",
              f"Measured {now} on {machine()}, commit `{commit}`; {args.runs} interleaved rounds after "
              f"one warm-up round; /proc/loadavg {' '.join(start_load)} at the start, "
              f"{' '.join(end_load)} at the end. CPU s is user + system time, children included.", "",
              f"Tools: {version(['hugo', 'version'])}; {version(['cmark-gfm', '--version'])}; "
              f"gpuguide at {args.gpuguide}.", "",
              f"A synthetic book of {args.pages} pages without probe directives "
              f"(`bench/make_book.py`). Build log of the last cold run: "
              f"`{' / '.join(l for l in cold_log.splitlines() if l.startswith('probes:'))}`.", "",
              f"Every output was written under {out_folder} ({file_system(out_folder)}); before each "
              f"run a row's earlier output was moved aside, and deleted after the last round.", "",
              *table, "", *checks, "", *bound, *guide_part, ""]
    print("\n".join(report))
    if args.results:
        args.results.write_text("\n".join(report), encoding="utf-8")


if __name__ == "__main__":
    main()
