#!/usr/bin/env python3
"""Checks a document the probe bundle wrote on a host without a GPU (a fresh root, a CI
container): every probe that `gpuguide-probe --list` names has its entry, the CPU probes measured,
the GPU probes were skipped with a reason, and provenance.bundle names the build that ran.
Prints what it found, one line per probe; exits 1 if anything is missing.

usage: check-document.py [--no-bundle] DOCUMENT LIST_OUTPUT
  --no-bundle  gpuguide-probe was not the bundle's launcher (the release tests' own builds): no
               provenance.bundle is expected
  DOCUMENT     the file `gpuguide-probe --all --out DOCUMENT` wrote
  LIST_OUTPUT  the output of `gpuguide-probe --list` (key, [cpu] or [gpu], description)
"""
import json
import sys


def main(document_path, list_path, bundle_expected=True):
    with open(document_path, encoding="utf-8") as f:
        document = json.load(f)
    with open(list_path, encoding="utf-8") as f:
        listed = [line.split()[:2] for line in f if line.strip()]
    problems = []
    probes = document.get("probes", {})
    for key, kind in listed:
        entry = probes.get(key)
        if entry is None:
            problems.append(f"{key}: no entry")
            continue
        status, reason = entry.get("status"), entry.get("reason") or ""
        print(f"  {key:14} {kind:6} {status:8} {reason[:90]}")
        if kind == "[cpu]" and status != "ok":
            problems.append(f"{key}: a CPU probe did not measure ({status}: {reason})")
        if kind == "[gpu]" and (status != "skipped" or not reason):
            problems.append(f"{key}: a GPU probe on a host without a GPU is {status}, not skipped "
                            "with a reason")
    if not listed:
        problems.append("gpuguide-probe --list named no probe")
    bundle = document.get("provenance", {}).get("bundle")
    print(f"  provenance.bundle: {json.dumps(bundle)}")
    if bundle_expected and (not isinstance(bundle, dict) or not bundle.get("build")):
        problems.append("provenance.bundle does not name the build that ran")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    bundle_expected = "--no-bundle" not in arguments
    arguments = [a for a in arguments if a != "--no-bundle"]
    if len(arguments) != 2:
        sys.exit(__doc__)
    sys.exit(main(arguments[0], arguments[1], bundle_expected))
