#!/usr/bin/env python3
"""Breaks the code on purpose and reports which tests notice (issue 62).

  tests/mutations/run.py [--tree DIR] [--only SUBSTRING] [--jobs N] [--keep-going]

Each mutation of mutations.py is applied in turn to a copy of the committed tree (a detached git
worktree, build/mutants/tree by default: never the working files), which is built incrementally
(the test programs the chosen mutations name, and gpuguide with generator_tests or ctest entries; a
compiler launcher such as ccache makes the rebuilds cheap) and tested with the mutation's Catch2
spec (and ctest entries where it names some). The file is
restored before the next mutation. The unmutated tree is tested first: a mutation counts as
caught only if the same tests pass without it.

Prints a Markdown table: mutation, file, result (caught / MISSED / did not build / NOT APPLIED)
and the tests that failed. Exit status 1 when any mutation is missed or cannot be applied.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutations import MUTATIONS  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
# The Catch2 programs a mutation's `binary` may name (generator_tests by default).
BINARIES = {"generator_tests": Path("tests") / "generator" / "generator_tests",
            "probe_tests": Path("tests") / "probes" / "probe_tests"}


def targets_of(mutations) -> list[str]:
    """The build targets the chosen mutations' tests need."""
    names = []
    for mutation in mutations:
        binary = mutation.get("binary", "generator_tests")
        # generator_tests and the ctest entries run the gpuguide program too.
        for name in [binary] + (["gpuguide"] if binary == "generator_tests" or
                                mutation.get("ctest") else []):
            if name not in names:
                names.append(name)
    return names


def run(command, cwd=None, quiet=True):
    result = subprocess.run(command, cwd=cwd, text=True, capture_output=quiet)
    return result


def prepare_tree(tree: Path) -> Path:
    """A detached worktree of HEAD at `tree` (reset to HEAD when it exists); returns its build dir."""
    head = run(["git", "-C", str(REPO), "rev-parse", "HEAD"]).stdout.strip()
    if not (tree / ".git").exists():
        tree.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(tree), head],
                       check=True, capture_output=True)
    else:
        subprocess.run(["git", "-C", str(tree), "checkout", "--detach", "--force", head],
                       check=True, capture_output=True)
        subprocess.run(["git", "-C", str(tree), "reset", "--hard", head], check=True,
                       capture_output=True)
    # The same relative layout as build/default, so that a ccache with base_dir above both finds
    # the main build's objects.
    build = tree / "build" / "default"
    if not (build / "CMakeCache.txt").exists():
        command = ["cmake", "-S", str(tree), "-B", str(build), "-G", "Ninja",
                   "-DCMAKE_BUILD_TYPE=Release", "-DGPUGUIDE_TEST_HOOKS=ON"]
        if shutil.which("ccache"):
            command += [f"-DCMAKE_{lang}_COMPILER_LAUNCHER=ccache" for lang in ("C", "CXX", "CUDA")]
        subprocess.run(command, check=True, capture_output=True)
    return build


def build(build_dir: Path, jobs: int, targets: list[str]) -> tuple[bool, str]:
    result = run(["cmake", "--build", str(build_dir), "-j", str(jobs), "--target", *targets])
    return result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def failed_catch_tests(build_dir: Path, spec: str, program: str) -> tuple[list[str], int]:
    """Names of the failing test cases of `spec` in `program`, and how many ran."""
    binary = build_dir / BINARIES[program]
    with tempfile.NamedTemporaryFile(suffix=".xml") as report:
        run([str(binary), spec, "--reporter", "junit", "--out", report.name])
        try:
            root = ElementTree.parse(report.name).getroot()
        except ElementTree.ParseError:
            return [f"{program} crashed (no report)"], 0
    failed, total = [], 0
    for case in root.iter("testcase"):
        total += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(case.get("name", "?"))
    # Catch2 reports sections as test cases "case/section": name each case once.
    names = []
    for name in failed:
        top = name.split("/")[0]
        if top not in names:
            names.append(top)
    return names, total


def failed_ctest_entries(build_dir: Path, regex: str, jobs: int) -> list[str]:
    result = run(["ctest", "--test-dir", str(build_dir), "-R", regex, "-j", str(jobs)])
    return [m.group(1).strip() for m in re.finditer(r"^\s*\d+ - (.*?) \(Failed\)", result.stdout,
                                                     re.MULTILINE)]


def run_tests(build_dir: Path, mutation: dict, jobs: int) -> tuple[list[str], int]:
    failed, total = failed_catch_tests(build_dir, mutation["catch"],
                                       mutation.get("binary", "generator_tests"))
    if mutation.get("ctest"):
        failed += failed_ctest_entries(build_dir, mutation["ctest"], jobs)
    return failed, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=REPO / "build" / "mutants" / "tree")
    parser.add_argument("--only", default="", help="only mutations whose name contains this")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    mutations = [m for m in MUTATIONS if args.only in m["name"]]
    if not mutations:
        sys.exit(f"run.py: no mutation's name contains {args.only!r}")

    tree = args.tree.resolve()
    build_dir = prepare_tree(tree)
    targets = targets_of(mutations)
    ok, log = build(build_dir, args.jobs, targets)
    if not ok:
        sys.exit("run.py: the unmutated tree does not build:\n" + log)
    baseline = {(m.get("binary", ""), m["catch"], m.get("ctest", "")): m
                for m in mutations}.values()
    for mutation in baseline:  # every spec must run tests, and pass, before anything is mutated
        failed, total = run_tests(build_dir, mutation, args.jobs)
        if total == 0 or failed:
            sys.exit(f"run.py: without any mutation, {mutation['catch']!r} "
                     + ("runs no test" if total == 0 else "fails: " + "; ".join(failed)))

    rows, bad = [], 0
    for mutation in mutations:
        path = tree / mutation["file"]
        original = path.read_text()
        started = time.monotonic()
        if original.count(mutation["old"]) != 1:
            result, failed = "NOT APPLIED (text not found once)", []
        else:
            path.write_text(original.replace(mutation["old"], mutation["new"]))
            try:
                built, _ = build(build_dir, args.jobs, targets)
                failed = run_tests(build_dir, mutation, args.jobs)[0] if built else []
                result = ("caught" if failed else "MISSED") if built else "did not build"
            finally:
                path.write_text(original)
        bad += result != "caught"
        rows.append((mutation["name"], mutation["file"].removeprefix("generator/"), result,
                     "; ".join(failed[:3]) + (f"; +{len(failed) - 3} more" if len(failed) > 3
                                               else ""),
                     time.monotonic() - started))
        print(f"{result:>8}  {mutation['name']}  ({rows[-1][4]:.0f} s)", file=sys.stderr)
    build(build_dir, args.jobs, targets)  # leave the tree built as committed

    print("| mutation | file | result | failing tests |")
    print("|---|---|---|---|")
    for name, file, result, failed, _ in rows:
        print(f"| {name} | {file} | {result} | {failed} |")
    caught = sum(1 for row in rows if row[2] == "caught")
    print(f"\n{caught} of {len(rows)} mutations caught.")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
