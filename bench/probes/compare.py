"""Side-by-side table: the probes' two runs, their spread, the PyTorch anchor (and whether run 1
is within 5% of it, the issue's bar), and the datasheet limit (and whether run 1 stays under it).

compare.py RUN1.json RUN2.json ANCHORS.json RUN1.time RUN2.time  → markdown on stdout.
The limits come from the guide's own catalogue (content/data/gpus.json), for the record that the
measured GPU's name matches (GPU_RECORDS); on another GPU the column says so and stays empty.
"""
import json
import os
import sys

CATALOGUE = os.path.join(os.path.dirname(__file__), "..", "..", "content", "data", "gpus.json")

# nvidia-smi / cudaGetDeviceProperties name → the catalogue record whose datasheet applies.
GPU_RECORDS = {"NVIDIA H100 80GB HBM3": "h100-sxm", "NVIDIA H200": "h200"}

# PCIe Gen5 x16, which both cards use, carries 64 GB/s per direction raw, about 63 after encoding.
PCIE_GEN5_X16_GBS = 63

# (label, probe, JSON pointer into the result, anchor name, limit's catalogue column, unit). A
# GEMM pointer may end in "sweep/n=8192": the sweep entry of that size, the anchors' own size.
ROWS = [
    ("Device memory, STREAM copy", "gpu.stream", "/devices/0/copy", "device_copy", "bandwidth_gbs", "GB/s"),
    ("Device memory, STREAM triad", "gpu.stream", "/devices/0/triad", None, "bandwidth_gbs", "GB/s"),
    ("Host to device, pinned, 256 MiB", "gpu.transfer", "/devices/0/peak/h2d_pinned", "h2d_pinned", "pcie_gbs", "GB/s"),
    ("Device to host, pinned, 256 MiB", "gpu.transfer", "/devices/0/peak/d2h_pinned", "d2h_pinned", "pcie_gbs", "GB/s"),
    ("GEMM BF16, n = 8192", "gpu.gemm", "/devices/0/precisions/bf16/sweep/n=8192", "matmul_bf16", "bf16_tensor_tflops", "TFLOP/s"),
    ("GEMM FP16, n = 8192", "gpu.gemm", "/devices/0/precisions/fp16/sweep/n=8192", "matmul_fp16", "fp16_tensor_tflops", "TFLOP/s"),
    ("GEMM TF32, n = 8192", "gpu.gemm", "/devices/0/precisions/tf32/sweep/n=8192", "matmul_tf32", "tf32_tensor_tflops", "TFLOP/s"),
    ("GEMM FP32, n = 8192", "gpu.gemm", "/devices/0/precisions/fp32/sweep/n=8192", "matmul_fp32", "fp32_tflops", "TFLOP/s"),
    ("GEMM FP8, n = 8192, precise accumulation", "gpu.gemm", "/devices/0/precisions/fp8/sweep/n=8192", "matmul_fp8", "fp8_tensor_tflops", "TFLOP/s"),
    ("GEMM FP8, n = 8192, fast accumulation", "gpu.gemm", "/devices/0/precisions/fp8_fast_accum/sweep/n=8192", "matmul_fp8_fast_accum", "fp8_tensor_tflops", "TFLOP/s"),
    ("GEMM FP64, best n", "gpu.gemm", "/devices/0/precisions/fp64/best", None, "fp64_tensor_tflops", "TFLOP/s"),
    ("GEMM INT8, best n", "gpu.gemm", "/devices/0/precisions/int8/best", None, "int8_tensor_tops", "TOP/s"),
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


def datasheet(gpu_name):
    """(record name, {column: limit}) for the measured GPU, or (None, {}) when it has no record.
    Beside the catalogue's columns: PCIe, and Hopper's FP64 matrix units at twice plain FP64."""
    if gpu_name not in GPU_RECORDS:
        return None, {}
    record = next(r for r in json.load(open(CATALOGUE))["records"] if r["id"] == GPU_RECORDS[gpu_name])
    limits = {k: v for k, v in record.items() if isinstance(v, (int, float))}
    limits.update(pcie_gbs=PCIE_GEN5_X16_GBS, fp64_tensor_tflops=2 * record["fp64_tflops"])
    return record["name"], limits


def cell(value, digits=1, suffix=""):
    return "—" if value is None else f"{value:,.{digits}f}{suffix}"


def main(run1_path, run2_path, anchors_path, time1_path, time2_path):
    runs = [json.load(open(p)) for p in (run1_path, run2_path)]
    anchors = json.load(open(anchors_path))
    times = [open(p).read().strip() for p in (time1_path, time2_path)]
    gpus = runs[0]["provenance"].get("gpus") or [{}]
    gpu_name = gpus[0].get("name", "unknown GPU")
    record_name, limits = datasheet(gpu_name)
    print(f"# Probes vs anchors on {gpu_name}\n")
    print(f"Driver {runs[0]['provenance'].get('driver')}, CUDA {runs[0]['provenance'].get('cuda_runtime')}, "
          f"cuBLAS {runs[0]['provenance'].get('cublas')}, PyTorch {anchors.get('torch', '—')}. {'; '.join(times)}.\n")
    print(f"| figure | run 1 | run 2 | spread | PyTorch anchor | run 1 / anchor | datasheet ({record_name or 'no record'}) | unit |")
    print("|---|---|---|---|---|---|---|---|")
    verdicts, over_limit = [], []
    for label, probe, path, anchor, column, unit in ROWS:
        a, b = (pointer(run, probe, path) for run in runs)
        spread = None if a is None or b is None or max(a, b) == 0 else abs(a - b) / max(a, b) * 100
        anchor_value = anchors.get(anchor, {}).get("value") if anchor else None
        ratio = a / anchor_value if a is not None and anchor_value else None
        mark = ""
        if ratio is not None:
            within = abs(ratio - 1) <= ANCHOR_TOLERANCE
            mark = " ✓" if within else " ✗"
            verdicts.append((label, within))
        limit = limits.get(column) if column else None
        limit_mark = ""
        if limit is not None and a is not None:
            limit_mark = " ✓" if a < limit else " ✗ over"
            if a >= limit:
                over_limit.append(label)
        digits = 2 if unit == "µs" else 1
        print(f"| {label} | {cell(a, digits)} | {cell(b, digits)} | {cell(spread, 1, ' %')} | "
              f"{cell(anchor_value, digits)} | {cell(None if ratio is None else ratio * 100, 1, ' %')}{mark} | "
              f"{cell(limit, 0)}{limit_mark} | {unit} |")
    if limits:
        print(f"\nUnder the datasheet limit: {'all' if not over_limit else 'not ' + ', '.join(over_limit)}.")
    if verdicts:
        missed = [label for label, within in verdicts if not within]
        print(f"\nWithin {ANCHOR_TOLERANCE:.0%} of the anchor: {len(verdicts) - len(missed)} of {len(verdicts)}"
              + (f"; not: {', '.join(missed)}." if missed else "."))
    failed = [k for run in runs for k, v in run.get("probes", {}).items() if v.get("status") == "failed"]
    if failed:
        print(f"\nFailed probes: {', '.join(sorted(set(failed)))} (see the reasons in the JSON).")


if __name__ == "__main__":
    main(*sys.argv[1:6])
