"""PyTorch anchors for the probes' figures: the same quantities measured by another tool.

Prints one JSON object: {name: {"value": x, "unit": u}}. Timed with CUDA events after warm-up,
like the probes (calls back to back, about 20 ms a sample), median of the samples, random data
(never zeros). Run by bench/probes/run.sh on a GPU host.
"""
import json
import statistics

import torch


def elapsed(fn, calls):
    """Seconds for `calls` back-to-back fn() calls between one pair of CUDA events."""
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(calls):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1e3


def timed(fn, warmup=3, reps=10, sample_s=0.02):
    """Median seconds per fn() call, timed like the probes: each sample runs fn() back to back for
    about sample_s between one pair of CUDA events (after warm-up). Timing single calls with a
    synchronisation between them reads higher on a power-limited card: the GPU rests between
    calls (bench/probes/README.md, "Timing method")."""
    for _ in range(warmup):
        fn()
    per_sample = max(1, round(sample_s / max(elapsed(fn, 1), 1e-6)))
    return statistics.median(elapsed(fn, per_sample) / per_sample for _ in range(reps))


def device_copy():
    n = 1 << 28  # 1 GiB of float32: far beyond L2
    src = torch.rand(n, device="cuda")
    dst = torch.empty_like(src)
    seconds = timed(lambda: dst.copy_(src))
    return 2 * src.numel() * 4 / seconds / 1e9  # bytes read + bytes written, as STREAM copy


def host_transfer(direction):
    n = 1 << 26  # 256 MiB of float32, the probes' largest transfer
    host = torch.rand(n).pin_memory()
    dev = torch.empty(n, device="cuda")
    if direction == "h2d":
        seconds = timed(lambda: dev.copy_(host, non_blocking=True))
    else:
        seconds = timed(lambda: host.copy_(dev, non_blocking=True))
    return n * 4 / seconds / 1e9


def uniform(n, dtype):
    """n×n values uniform in [-1, 1), the probes' GEMM inputs (gemm_values.hpp)."""
    return (torch.rand(n, n, device="cuda") * 2 - 1).to(dtype)


# The GEMM anchors run the probes' computation: cuBLAS "TN" (row-major a @ b.t(); on an H200 the
# same nvjet ..._TNT kernel the probe gets) on the probes' input distribution. Under the 700 W
# cap the rate depends on both: a @ b on randn read up to 5 % higher than this in one run
# (bench/probes/README.md, "Timing method").
def matmul(dtype, tf32=False, n=8192):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a, b = uniform(n, dtype), uniform(n, dtype)
    seconds = timed(lambda: a @ b.t())
    torch.backends.cuda.matmul.allow_tf32 = False
    return 2 * n**3 / seconds / 1e12


def fp8_matmul(fast_accum, n=8192):
    a = uniform(n, torch.float8_e4m3fn)
    b = uniform(n, torch.float8_e4m3fn).t()  # column-major B, as _scaled_mm requires: TN again
    one = torch.tensor(1.0, device="cuda")
    seconds = timed(lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16,
                                             use_fast_accum=fast_accum))
    return 2 * n**3 / seconds / 1e12


def main():
    results = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__}
    anchors = {
        "device_copy": (device_copy, "GB/s"),
        "h2d_pinned": (lambda: host_transfer("h2d"), "GB/s"),
        "d2h_pinned": (lambda: host_transfer("d2h"), "GB/s"),
        "matmul_bf16": (lambda: matmul(torch.bfloat16), "TFLOP/s"),
        "matmul_fp16": (lambda: matmul(torch.float16), "TFLOP/s"),
        "matmul_tf32": (lambda: matmul(torch.float32, tf32=True), "TFLOP/s"),
        "matmul_fp32": (lambda: matmul(torch.float32), "TFLOP/s"),
        "matmul_fp8": (lambda: fp8_matmul(fast_accum=False), "TFLOP/s"),
        "matmul_fp8_fast_accum": (lambda: fp8_matmul(fast_accum=True), "TFLOP/s"),
    }
    for name, (fn, unit) in anchors.items():
        try:
            results[name] = {"value": fn(), "unit": unit}
        except Exception as error:  # e.g. _scaled_mm absent or FP8 unsupported on this GPU
            results[name] = {"value": None, "unit": unit, "error": str(error)}
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
