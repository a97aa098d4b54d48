#!/usr/bin/env python3
"""Checks a document the probe bundle wrote on a host without a GPU (a fresh root, a CI
container): every probe that `gpuguide-probe --list` names has its entry, the CPU probes measured,
the GPU probes were skipped with a reason, and provenance.bundle names the build that ran.
Prints what it found, one line per probe; exits 1 if anything is missing.

usage: check-document.py DOCUMENT LIST_OUTPUT
  DOCUMENT     the file `gpuguide-probe --all --out DOCUMENT` wrote
  LIST_OUTPUT  the output of `gpuguide-probe --list` (key, [cpu] or [gpu], description)
"""
import json
import sys


def main(document_path, list_path):
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
    bundle = document.get("provenance", {}).get("bundle")
    print(f"  provenance.bundle: {json.dumps(bundle)}")
    if not isinstance(bundle, dict) or not bundle.get("build"):
        problems.append("provenance.bundle does not name the build that ran")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
