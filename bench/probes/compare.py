"""Side-by-side table: the probes' two runs, their spread, the PyTorch anchor (and whether run 1
is within 5% of it, the issue's bar), the datasheet.

compare.py RUN1.json RUN2.json ANCHORS.json RUN1.time RUN2.time  → markdown on stdout.
The datasheet limits are the H100 SXM5 80GB's (the reference GPU); on another GPU that column
is only a yardstick.
"""
import json
import sys

# (label, probe, JSON pointer into the result, anchor name, datasheet limit, unit). A GEMM
# pointer may end in "sweep/n=8192": the sweep entry of that size, the anchors' own size.
ROWS = [
    ("Device memory, STREAM copy", "gpu.stream", "/devices/0/copy", "device_copy", 3350, "GB/s"),
    ("Device memory, STREAM triad", "gpu.stream", "/devices/0/triad", None, 3350, "GB/s"),
    ("Host to device, pinned, 256 MiB", "gpu.transfer", "/devices/0/peak/h2d_pinned", "h2d_pinned", 63, "GB/s"),
    ("Device to host, pinned, 256 MiB", "gpu.transfer", "/devices/0/peak/d2h_pinned", "d2h_pinned", 63, "GB/s"),
    ("GEMM BF16, n = 8192", "gpu.gemm", "/devices/0/precisions/bf16/sweep/n=8192", "matmul_bf16", 989, "TFLOP/s"),
    ("GEMM FP16, n = 8192", "gpu.gemm", "/devices/0/precisions/fp16/sweep/n=8192", "matmul_fp16", 989, "TFLOP/s"),
    ("GEMM TF32, n = 8192", "gpu.gemm", "/devices/0/precisions/tf32/sweep/n=8192", "matmul_tf32", 495, "TFLOP/s"),
    ("GEMM FP32, n = 8192", "gpu.gemm", "/devices/0/precisions/fp32/sweep/n=8192", "matmul_fp32", 67, "TFLOP/s"),
    ("GEMM FP8, n = 8192", "gpu.gemm", "/devices/0/precisions/fp8/sweep/n=8192", "matmul_fp8", 1979, "TFLOP/s"),
    ("GEMM FP64, best n", "gpu.gemm", "/devices/0/precisions/fp64/best", None, 67, "TFLOP/s"),
    ("GEMM INT8, best n", "gpu.gemm", "/devices/0/precisions/int8/best", None, 1979, "TOP/s"),
    ("Launch, back-to-back", "gpu.latency", "/devices/0/launch_async", None, None, "µs"),
    ("Launch, CUDA Graph", "gpu.latency", "/devices/0/graph_launch", None, None, "µs"),
    ("Latency, L2 hit", "gpu.latency", "/devices/0/chase/l2/ns", None, None, "ns"),
    ("Latency, device memory", "gpu.latency", "/devices/0/chase/dram/ns", None, None, "ns"),
    ("GEMM efficiency (whole run)", "gpu.power", "/devices/0/whole_run/efficiency", None, None, "GFLOP/s/W"),
]

# The bar: our median within this fraction of the anchor measured in the same run.
ANCHOR_TOLERANCE = 0.05


def pointer(document, probe, path):
    """The median (or value) at path in probe's result; None when absent or the probe not ok."""
    entry = document.get("probes", {}).get(probe, {})
    if entry.get("status") not in ("ok", "failed"):
        return None
    node = entry.get("result")
    for token in path.strip("/").split("/"):
        if isinstance(node, list) and token.startswith("n="):
            node = next((item.get("throughput") for item in node if item.get("n") == int(token[2:])), None)
        elif isinstance(node, list):
            node = node[int(token)] if int(token) < len(node) else None
        elif isinstance(node, dict):
            node = node.get(token)
        if node is None:
            return None
    return node.get("median", node.get("value")) if isinstance(node, dict) else node


def cell(value, digits=1, suffix=""):
    return "—" if value is None else f"{value:,.{digits}f}{suffix}"


def main(run1_path, run2_path, anchors_path, time1_path, time2_path):
    runs = [json.load(open(p)) for p in (run1_path, run2_path)]
    anchors = json.load(open(anchors_path))
    times = [open(p).read().strip() for p in (time1_path, time2_path)]
    gpu = runs[0]["provenance"].get("gpus", [{}])
    print(f"# Probes vs anchors on {gpu[0].get('name', 'unknown GPU') if gpu else 'no GPU'}\n")
    print(f"Driver {runs[0]['provenance'].get('driver')}, CUDA {runs[0]['provenance'].get('cuda_runtime')}, "
          f"cuBLAS {runs[0]['provenance'].get('cublas')}, PyTorch {anchors.get('torch', '—')}. {'; '.join(times)}.\n")
    print("| figure | run 1 | run 2 | spread | PyTorch anchor | run 1 / anchor | datasheet (H100 SXM) | unit |")
    print("|---|---|---|---|---|---|---|---|")
    verdicts = []
    for label, probe, path, anchor, limit, unit in ROWS:
        a, b = (pointer(run, probe, path) for run in runs)
        spread = None if a is None or b is None or max(a, b) == 0 else abs(a - b) / max(a, b) * 100
        anchor_value = anchors.get(anchor, {}).get("value") if anchor else None
        ratio = a / anchor_value if a is not None and anchor_value else None
        mark = ""
        if ratio is not None:
            within = abs(ratio - 1) <= ANCHOR_TOLERANCE
            mark = " ✓" if within else " ✗"
            verdicts.append((label, within))
        digits = 2 if unit == "µs" else 1
        print(f"| {label} | {cell(a, digits)} | {cell(b, digits)} | {cell(spread, 1, ' %')} | "
              f"{cell(anchor_value, digits)} | {cell(None if ratio is None else ratio * 100, 1, ' %')}{mark} | "
              f"{cell(limit, 0)} | {unit} |")
    if verdicts:
        missed = [label for label, within in verdicts if not within]
        print(f"\nWithin {ANCHOR_TOLERANCE:.0%} of the anchor: {len(verdicts) - len(missed)} of {len(verdicts)}"
              + (f"; not: {', '.join(missed)}." if missed else "."))
    failed = [k for run in runs for k, v in run.get("probes", {}).items() if v.get("status") == "failed"]
    if failed:
        print(f"\nFailed probes: {', '.join(sorted(set(failed)))} (see the reasons in the JSON).")


if __name__ == "__main__":
    main(*sys.argv[1:6])
