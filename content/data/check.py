#!/usr/bin/env python3
"""Validate the catalogue data files in content/data/ (schema:
docs/src/reference/summary.md, "Catalogue data files").

usage: python3 content/data/check.py [FILE.json ...]   (default: every *.json beside this script)
Checks: valid UTF-8 JSON; title {en, zh}; as_of; key; columns with en/zh headers; unique keys;
every record has exactly the column keys and a non-empty source; numbers are numbers (or null);
language objects have both en and zh; cuda_names lists of names, each in one record only. Exit 0 when all files pass, 1 otherwise.
"""
import json
import pathlib
import sys

NUMERIC_SUFFIXES = ("_gb", "_gbs", "_tflops", "_gflops", "_w", "_usd", "_mhz")
NUMERIC_FIELDS = {"year", "cores", "first_release"}


def is_lang(v):
    return isinstance(v, dict) and set(v) == {"en", "zh"} and all(isinstance(x, str) and x for x in v.values())


def check(path):
    errs = []
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return [f"{path}: not valid UTF-8 JSON: {e}"]
    for k in ("title", "as_of", "key", "columns", "records"):
        if k not in doc:
            errs.append(f"{path}: missing top-level '{k}'")
    if errs:
        return errs
    if not is_lang(doc["title"]):
        errs.append(f"{path}: title must be {{en, zh}}")
    if "notes" in doc and not is_lang(doc["notes"]):
        errs.append(f"{path}: notes must be {{en, zh}}")
    cols, key = doc["columns"], doc["key"]
    if key not in cols:
        errs.append(f"{path}: key '{key}' is not a column")
    for c, meta in cols.items():
        if not (isinstance(meta, dict) and isinstance(meta.get("en"), str) and isinstance(meta.get("zh"), str)):
            errs.append(f"{path}: column '{c}' needs en and zh headers")
        if "source" not in cols:
            pass
    if "source" not in cols:
        errs.append(f"{path}: no 'source' column")
    seen = set()
    cuda_names = {}
    for i, r in enumerate(doc["records"]):
        rid = r.get(key)
        where = f"{path}: record {i} ({rid})"
        if not isinstance(rid, str) or not rid:
            errs.append(f"{where}: missing key")
        elif rid in seen:
            errs.append(f"{where}: duplicate key")
        seen.add(rid)
        missing, extra = set(cols) - set(r), set(r) - set(cols)
        if missing:
            errs.append(f"{where}: missing fields {sorted(missing)}")
        if extra:
            errs.append(f"{where}: fields without a column {sorted(extra)}")
        src = r.get("source")
        if not (isinstance(src, str) and src.startswith("http")):
            errs.append(f"{where}: source must be a URL")
        for f, v in r.items():
            numeric = f in NUMERIC_FIELDS or f.endswith(NUMERIC_SUFFIXES)
            if numeric and v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
                errs.append(f"{where}: '{f}' must be a number or null, got {v!r}")
            if isinstance(v, dict) and not is_lang(v):
                errs.append(f"{where}: '{f}' must be {{en, zh}}")
        # cuda_names: the GPU's name as CUDA reports it, which matches a measured GPU to its
        # datasheet; a name belongs to one record.
        names = r.get("cuda_names")
        if names is not None:
            if not (isinstance(names, list) and names and all(isinstance(n, str) and n for n in names)):
                errs.append(f"{where}: 'cuda_names' must be null or a non-empty list of names")
            else:
                for n in names:
                    if n in cuda_names:
                        errs.append(f"{where}: cuda_names '{n}' is already {cuda_names[n]}'s")
                    cuda_names[n] = rid
    return errs


def main(argv):
    here = pathlib.Path(__file__).resolve().parent
    files = [pathlib.Path(a) for a in argv[1:]] or sorted(here.glob("*.json"))
    if not files:  # nothing checked is not a pass
        print(f"check.py: no catalogue file (*.json) in {here}", file=sys.stderr)
        return 1
    errs = []
    for f in files:
        e = check(f)
        errs += e
        n = len(json.loads(f.read_text(encoding="utf-8")).get("records", [])) if not e else "?"
        print(f"{f.name}: {'ok' if not e else 'FAILED'} ({n} records)")
    for e in errs:
        print(e, file=sys.stderr)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
