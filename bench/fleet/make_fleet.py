#!/usr/bin/env python3
"""Writes N SYNTHETIC fleet host documents (DIR/HOST.json) for the fleet benchmark and tests.

Each is tests/books/full_shape_document.py's complete document (every field the probes give; one
GPU measured, as with `gpuguide-probe --devices 0`) with its own host name, one of four node types
(GPU model and count, CPU), a VBIOS and ECC mode per type, and each probe's measured figures
scaled by a factor of its own drawn from 1 - NOISE to 1 + NOISE (healthy noise, default 2 %;
hosts of a type share 64 such draws, so 20,000 documents are written in seconds).
Seeded: same arguments, same bytes. Test data, not measurements; never under content/.

With --faults FILE it plants four faults and lists them in FILE (JSON, outside DIR):
  slow     one node whose memory bandwidth (gpu.stream) is 85 % of its type's;
  off_bus  one node of a 4-GPU type that shows 3 GPUs (one fell off the bus);
  driver   one node with another driver version than the rest of its type;
  silent   one node that sent nothing (no document; it is in the list of nodes asked).

    make_fleet.py N DIR [--faults FILE] [--noise 0.02] [--scale PROBE=FACTOR]... [--hosts a,b]
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "books"))
import full_shape_document  # noqa: E402

TYPES = [("Synthetic H100-class GPU", 8, "Synthetic Xeon 8480+", "96.00.CF.00.01"),
         ("Synthetic A100-class GPU", 4, "Synthetic EPYC 7763", "92.00.45.00.06"),
         ("Synthetic L40S-class GPU", 4, "Synthetic EPYC 9354", "95.02.3C.00.8E"),
         ("Synthetic V100-class GPU", 8, "Synthetic Xeon 6248", "88.00.4E.00.08")]
OTHER_DRIVER = "575.57.08"


def scaled(node, factor):
    """Measured statistics (median/min/max) times factor; spec values (`value`) unchanged."""
    if isinstance(node, dict):
        return {k: (v * factor if k in ("median", "min", "max") and isinstance(v, (int, float))
                    else scaled(v, factor)) for k, v in node.items()}
    if isinstance(node, list):
        return [scaled(v, factor) for v in node]
    return node


def planted(count):
    """Host indexes of the four faults, spread over the fleet; off_bus in a 4-GPU type."""
    def near(share, types):
        i = int(count * share)
        while TYPES[i % len(TYPES)][1] not in types:
            i += 1
        return i
    return {"slow": near(0.2, (4, 8)), "off_bus": near(0.4, (4,)), "driver": near(0.6, (4, 8)),
            "silent": near(0.8, (4, 8))}


def host_document(base, i, rng, noise, faults, scale):
    gpu, gpus, cpu, vbios = TYPES[i % len(TYPES)]
    host = "node%04d" % i
    doc = json.loads(json.dumps(base))
    probes = {}
    for key, entry in doc["probes"].items():
        factor = rng.uniform(1 - noise, 1 + noise) * scale.get(key, 1.0)
        probes[key] = entry if key == "gpu.specs" else scaled(entry, factor)
    if faults.get("slow") == i:
        probes["gpu.stream"] = scaled(doc["probes"]["gpu.stream"], 0.85)
    for device in probes["gpu.specs"]["result"]["devices"]:
        device["vbios"] = vbios
        device["ecc"] = True
    doc["probes"] = probes
    prov = doc["provenance"]
    prov["host"] = host
    prov["cpu"] = cpu
    shown = gpus - 1 if faults.get("off_bus") == i else gpus
    prov["gpus"] = [{"index": g, "name": gpu, "uuid": "GPU-%08d-0000-0000-0000-%012d" % (i, g)}
                    for g in range(shown)]
    if faults.get("driver") == i:
        prov["driver"] = OTHER_DRIVER
        probes["gpu.specs"]["result"]["driver"] = OTHER_DRIVER
    prov["command"] = "bench/fleet/make_fleet.py"
    return host, doc


HOST_MARK, UUID_MARK = "@@host@@", "@@uuid@@"
# Hosts share this many noise draws per node type: writing JSON with indentation is what takes a
# pure-Python generator's time, so each draw is written once and copied with the names replaced.
VARIANTS = 64


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def render(doc):
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--faults", metavar="FILE", help="plant four faults; list them in FILE")
    parser.add_argument("--noise", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--scale", action="append", default=[],
                        help="PROBE=FACTOR: that probe's figures times FACTOR on every host")
    parser.add_argument("--hosts", help="only these hosts (comma-separated names)")
    args = parser.parse_args()
    scale = {k: float(v) for k, v in (item.split("=", 1) for item in args.scale)}
    only = set(args.hosts.split(",")) if args.hosts else None
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    base = full_shape_document.document()
    faults = planted(args.count) if args.faults else {}
    variants = {}  # (type, draw) -> text with HOST_MARK and UUID_MARK
    for i in range(args.count):
        host = "node%04d" % i
        if faults.get("silent") == i or (only is not None and host not in only):
            continue
        if i in faults.values():  # a fault of its own: written in full
            _, doc = host_document(base, i, rng, args.noise, faults, scale)
            write(os.path.join(args.out, host + ".json"), render(doc))
            continue
        key = (i % len(TYPES), (i // len(TYPES)) % VARIANTS)
        if key not in variants:
            _, doc = host_document(base, key[0], rng, args.noise, {}, scale)
            doc["provenance"]["host"] = HOST_MARK
            for g, gpu in enumerate(doc["provenance"]["gpus"]):
                gpu["uuid"] = "GPU-%s-0000-0000-0000-%012d" % (UUID_MARK, g)
            variants[key] = render(doc)
        text = variants[key].replace(HOST_MARK, host).replace(UUID_MARK, "%08d" % i)
        write(os.path.join(args.out, host + ".json"), text)
    if args.faults:
        names = {kind: "node%04d" % i for kind, i in faults.items()}
        names["other_driver"] = OTHER_DRIVER
        with open(args.faults, "w", encoding="utf-8") as f:
            json.dump(names, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
