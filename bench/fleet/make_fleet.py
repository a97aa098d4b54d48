#!/usr/bin/env python3
"""Writes N SYNTHETIC fleet host documents (DIR/HOST.json) for the fleet benchmark and tests.

Each is tests/books/full_shape_document.py's complete document (every field the probes give) with
its own host name, one of four node types (GPU model and count, CPU) and its measured figures
scaled by a per-host factor from 0.70 to 1.05, so about a fifth of the hosts fall under 80 % of
the datasheet peak. Seeded: same N, same bytes. Test data, not measurements; never under content/.

    make_fleet.py N DIR
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "books"))
import full_shape_document  # noqa: E402

TYPES = [("Synthetic H100-class GPU", 8, "Synthetic Xeon 8480+"),
         ("Synthetic A100-class GPU", 4, "Synthetic EPYC 7763"),
         ("Synthetic L40S-class GPU", 4, "Synthetic EPYC 9354"),
         ("Synthetic V100-class GPU", 8, "Synthetic Xeon 6248")]


def scaled(node, factor):
    """Measured statistics (median/min/max) times factor; spec values (`value`) unchanged."""
    if isinstance(node, dict):
        return {k: (v * factor if k in ("median", "min", "max") and isinstance(v, (int, float))
                    else scaled(v, factor)) for k, v in node.items()}
    if isinstance(node, list):
        return [scaled(v, factor) for v in node]
    return node


def main():
    count, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(14)
    base = full_shape_document.document()
    for i in range(count):
        gpu, gpus, cpu = TYPES[i % len(TYPES)]
        host = "node%04d" % i
        doc = json.loads(json.dumps(base))
        factor = rng.uniform(0.70, 1.05)
        doc["probes"] = {k: (v if k == "gpu.specs" else scaled(v, factor))
                         for k, v in doc["probes"].items()}
        prov = doc["provenance"]
        prov["host"] = host
        prov["cpu"] = cpu
        prov["gpus"] = [{"index": g, "name": gpu, "uuid": "GPU-%08d-0000-0000-0000-%012d" % (i, g)}
                        for g in range(gpus)]
        prov["command"] = "bench/fleet/make_fleet.py"
        with open(os.path.join(out, host + ".json"), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
