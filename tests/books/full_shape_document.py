#!/usr/bin/env python3
"""Writes a measurement document with every field the probes produce
(docs/src/measurements/schema.md, the shapes the probe sources build), filled with SYNTHETIC
numbers of an H100's order of magnitude, for a host with two such GPUs, so that gpu.multi
(peer-to-peer copies, NCCL all-reduce) has a result too.

It is test data, not a measurement: its provenance says so, and it never goes under content/.
scripts/test.d/50-site-check.sh builds the real guide with it (`--measurements`), so every GPU
table, chart and inline value of the chapter is rendered from a complete document and checked,
even on machines without a GPU, before any real GPU run exists. The unit tests render from it too
(tests/CMakeLists.txt writes it into the build folder), and check that it validates.

    full_shape_document.py OUT.json
"""
import json
import sys

NOTE = "SYNTHETIC TEST DATA for rendering tests (tests/books/full_shape_document.py); not a measurement"


def metric(median, unit, spread=0.01, n=10):
    """A measured metric: median with min, max, coefficient of variation and sample count."""
    return {"median": median, "min": median * (1 - spread), "max": median * (1 + spread),
            "cv": spread / 2, "n": n, "unit": unit}


def value(v, unit):
    """A spec or derived metric."""
    return {"value": v, "unit": unit}


def ok(result, seconds=1.0):
    return {"status": "ok", "reason": None, "duration_s": seconds, "result": result}


def cpu_llm():
    """cpu.llm at the quarter-width Llama 3.1 8B shape (probes/cpu/llm.cpp), 250 GB/s of triad."""
    layer_params, kv_per_token = 13633536, 2 * 2 * 128
    decode = {}
    for context in (256, 1024):
        for batch in (1, 8, 32):
            step = 4 * (layer_params * 4 + batch * context * kv_per_token * 4)
            seconds = step / 150e9
            decode[f"batch{batch}_context{context}"] = {
                "batch": batch, "context": context, "bytes_per_step": value(step, "B"),
                "ms_per_step": metric(seconds * 1e3, "ms", n=3),
                "tokens_per_s_per_sequence": metric(1 / seconds, "tokens/s", n=3),
                "tokens_per_s": metric(batch / seconds, "tokens/s", n=3),
                "bandwidth": metric(step / seconds / 1e9, "GB/s", n=3)}
    flops = 2 * (layer_params - 2048) * 128 * 4 + 4 * 1024 * 128 * 129 / 2 * 4
    return {"shape": {"name": "llama-3.1-8b-quarter", "derived_from": "llama-3.1-8b", "hidden": 1024,
                      "layers": 4, "q_heads": 8, "kv_heads": 2, "head_dim": 128, "ffn": 3584,
                      "rope_theta": 500000.0, "norm_eps": 1e-5, "parameters_per_layer": layer_params},
            "layers_run": 4, "layers_allocated": 4, "precision": "fp32", "weight_bytes_per_value": 4,
            "kv_bytes_per_value": 4, "weight_bytes": value(4 * layer_params * 4, "B"),
            "last_level_cache_bytes": value(110100480, "B"), "threads": 104,
            "scope": "decoder layers only (synthetic)", "decode": decode,
            "prefill": {"batch": 1, "tokens": 128, "flops": value(flops, "FLOP"),
                        "time_to_first_token": metric(flops / 2e12 * 1e3, "ms", n=3),
                        "tokens_per_s": metric(128 / (flops / 2e12), "tokens/s", n=3),
                        "gflops": metric(2000.0, "GFLOP/s", n=3)}}


def gpu_llm():
    """gpu.llm on Llama 3.1 8B, BF16 (probes/gpu/llm.cpp), decode at 90 % of 3.35 TB/s."""
    layer_params, kv_per_token = 218112000, 2 * 8 * 128
    decode = {}
    for context in (1024, 8192):
        for batch in (1, 8, 32, 128):
            step = 32 * (layer_params * 2 + batch * context * kv_per_token * 2)
            seconds = step / 3.0e12
            decode[f"batch{batch}_context{context}"] = {
                "batch": batch, "context": context, "bytes_per_step": value(step, "B"),
                "ms_per_step": metric(seconds * 1e3, "ms", n=5),
                "tokens_per_s_per_sequence": metric(1 / seconds, "tokens/s", n=5),
                "tokens_per_s": metric(batch / seconds, "tokens/s", n=5),
                "bandwidth": metric(step / seconds / 1e9, "GB/s", n=5), "attention_splits": 2}
    flops = 32 * (2 * (layer_params - 8192) * 2048 + 4 * 4096 * 2048 * 2049 / 2)
    return per_device({
        "shape": {"name": "llama-3.1-8b", "derived_from": "llama-3.1-8b", "hidden": 4096, "layers": 32,
                  "q_heads": 32, "kv_heads": 8, "head_dim": 128, "ffn": 14336, "rope_theta": 500000.0,
                  "norm_eps": 1e-5, "parameters_per_layer": layer_params},
        "layers_run": 32, "layers_allocated": 32, "kv_caches_allocated": 13, "precision": "bf16",
        "weight_bytes_per_value": 2, "kv_bytes_per_value": 2,
        "gemm": "cublasGemmEx BF16, CUBLAS_COMPUTE_32F, TN", "scope": "decoder layers only (synthetic)",
        "decode": decode,
        "prefill": {"batch": 1, "tokens": 2048, "flops": value(flops, "FLOP"),
                    "time_to_first_token": metric(flops / 500e12 * 1e3, "ms", n=3),
                    "tokens_per_s": metric(2048 / (flops / 500e12), "tokens/s", n=3),
                    "gflops": metric(500000.0, "GFLOP/s", n=3)}})


GPUS = 2


def uuid(index):
    return f"GPU-00000000-0000-0000-0000-{index:012d}"


def per_device(result):
    """The same figures for each GPU; its own index (and UUID and bus id, where the probe has them)."""
    conditions = {"sm_clock_mhz": 1980, "sm_clock_mhz_min": 1755, "mem_clock_mhz": 2619,
                  "clocks_event_reasons": ["sw_power_cap"], "samples": 120}
    devices = []
    for index in range(GPUS):
        device = dict(result, index=index, conditions=conditions)
        if "uuid" in device:
            device.update(uuid=uuid(index), pci_bus_id=f"0000:{index:02x}:00.0")
        devices.append(device)
    return {"devices": devices}


def multi():
    """gpu.multi (probes/gpu/multi.cpp): P2P copy bandwidth between every pair over NVLink, and
    NCCL all-reduce bus bandwidth."""
    p2p = [[None if src == dst else 370.0 - 2.5 * src for dst in range(GPUS)] for src in range(GPUS)]
    access = [[None if src == dst else True for dst in range(GPUS)] for src in range(GPUS)]
    return {"devices": GPUS,
            "p2p": {"bandwidth": p2p, "peer_access": access, "bytes": 268435456, "unit": "GB/s"},
            "nccl_allreduce": {"bus_bandwidth": metric(352.0, "GB/s"), "bytes": 268435456,
                               "definition": "nccl-tests busbw: (bytes / time) * 2 (n-1) / n, float32 sum"}}


def sizes(first, last, step=4):
    size = first
    while size <= last:
        yield size
        size *= step


def curve(peak, half_size):
    """A bandwidth-vs-size curve that rises towards `peak` (half of it at `half_size` bytes)."""
    return [{"bytes": b, "bandwidth": metric(peak * b / (b + half_size), "GB/s")}
            for b in sizes(4096, 256 << 20)]


def gemm_entry(name, math_mode, unit, best, tolerance, error):
    sweep = [{"n": n, "throughput": metric(best * n / (n + 600), unit), "batch": max(1, 4096 // n)}
             for n in (1024, 2048, 4096, 8192)]
    return {"supported": True, "math_mode": math_mode, "best": sweep[-1]["throughput"], "best_n": 8192,
            "sweep": sweep, "max_rel_error": error, "tolerance": tolerance}


def document():
    transfer = {"h2d_pinned": curve(55, 1 << 20), "d2h_pinned": curve(55, 1 << 20),
                "bidir_pinned": curve(100, 1 << 20), "h2d_pageable": curve(20, 2 << 20),
                "d2h_pageable": curve(18, 2 << 20), "bidir_pageable": curve(22, 2 << 20)}
    precisions = {
        "fp64": gemm_entry("fp64", "cublasGemmEx CUBLAS_COMPUTE_64F, TN", "TFLOP/s", 55.0, 1e-10, 1e-15),
        "fp32": gemm_entry("fp32", "cublasGemmEx CUBLAS_COMPUTE_32F_PEDANTIC, TN", "TFLOP/s", 50.0, 1e-4, 1e-7),
        "tf32": gemm_entry("tf32", "cublasGemmEx CUBLAS_COMPUTE_32F_FAST_TF32, TN", "TFLOP/s", 380.0, 5e-3, 3e-4),
        "fp16": gemm_entry("fp16", "cublasGemmEx FP16, CUBLAS_COMPUTE_32F, TN", "TFLOP/s", 760.0, 1e-2, 5e-4),
        "bf16": gemm_entry("bf16", "cublasGemmEx BF16, CUBLAS_COMPUTE_32F, TN", "TFLOP/s", 770.0, 1e-2, 2e-3),
        "fp8": dict(gemm_entry("fp8", "cublasLtMatmul E4M3, BF16 output, TN", "TFLOP/s", 1300.0, 2e-2, 2e-3),
                    fast_accum=False),
        "fp8_fast_accum": dict(gemm_entry("fp8_fast_accum", "cublasLtMatmul E4M3, BF16 output, FAST_ACCUM, TN",
                                          "TFLOP/s", 1450.0, 2e-2, 3e-3), fast_accum=True),
        "int8": gemm_entry("int8", "cublasLtMatmul INT8, INT32 output, TN", "TOP/s", 1300.0, 0.0, 0.0),
    }
    probes = {
        "cpu.info": ok({"model": "Synthetic CPU", "sockets": 2, "cores": 52, "threads": 104,
                        "caches": {"l1d": value(48, "KiB"), "l2": value(2048, "KiB"), "l3": value(107520, "KiB")}}),
        "cpu.stream": ok({"threads": 104, "array_bytes": 268435456, "byte_counting": "STREAM triad: 3 arrays",
                          "triad": metric(250.0, "GB/s"), "verified": True}),
        "cpu.latency": ok({"dram": metric(110.0, "ns"), "dram_bytes": 268435456,
                           "curve": [{"bytes": b, "ns": metric(1.2 if b < 1 << 20 else 110.0, "ns")}
                                     for b in sizes(16384, 256 << 20)]}),
        "cpu.gemm": ok({"blas": "OpenBLAS 0.3.21", "blas_config": "synthetic", "threads": 104, "n": 1536,
                        "fp32": dict(metric(3000.0, "GFLOP/s"), max_rel_error=1e-7),
                        "fp64": dict(metric(1500.0, "GFLOP/s"), max_rel_error=1e-15)}),
        "cpu.llm": ok(cpu_llm(), seconds=3.0),
        "gpu.specs": ok(dict(per_device({
            "name": "Synthetic H100-class GPU", "uuid": uuid(0),
            "pci_bus_id": "0000:00:00.0", "compute_capability": "9.0", "sm_count": 132, "cores_per_sm": 128,
            "cuda_cores": 16896, "clock_sm_max": value(1980, "MHz"), "clock_mem_max": value(2619, "MHz"),
            "memory_total": value(79.1, "GiB"), "memory_bus_width": value(5120, "bit"),
            "l2_cache": value(50, "MiB"), "shared_mem_per_sm": value(228, "KiB"),
            "registers_per_sm": value(65536, "count"),
            "pcie": {"gen_current": 5, "gen_max": 5, "width_current": 16, "width_max": 16},
            "power_limit": value(700, "W"), "ecc": True,
            "peak": {"fp64": value(33.5, "TFLOP/s"), "fp64_tensor": value(66.9, "TFLOP/s"),
                     "fp32": value(66.9, "TFLOP/s"), "tf32_tensor": value(535.2, "TFLOP/s"),
                     "fp16_tensor": value(1070.4, "TFLOP/s"), "bf16_tensor": value(1070.4, "TFLOP/s"),
                     "fp8_tensor": value(2140.7, "TFLOP/s"), "int8_tensor": value(2140.7, "TOP/s"),
                     "memory_bandwidth": value(3352.3, "GB/s"), "pcie_bandwidth": value(63.0, "GB/s")}}),
            driver="580.00.00", cuda_driver="13.0", cuda_runtime="13.0", cublas="13.0.0")),
        "gpu.stream": ok(per_device({
            "array_bytes": 268435456, "dtype": "float64", "byte_counting": "STREAM: 2/2/3/3 arrays",
            "copy": metric(2900.0, "GB/s"), "scale": metric(2890.0, "GB/s"), "add": metric(3050.0, "GB/s"),
            "triad": metric(3060.0, "GB/s"), "verified": True})),
        "gpu.transfer": ok(per_device({
            "numa_node": 0, "pageable_numa_node": 0, "device_numa_node": 0,
            "numa_placement": "thread pinned to the GPU's local CPUs 0-51; host buffers allocated preferring node 0",
            "byte_counting": "bytes copied per second",
            "curves": transfer, "peak": {name: points[-1]["bandwidth"] for name, points in transfer.items()}})),
        "gpu.gemm": ok(per_device({"precisions": precisions, "operation_counting": "2 n^3 per GEMM"})),
        "gpu.latency": ok(per_device({
            "launch": metric(9.0, "µs"), "launch_async": metric(2.2, "µs"), "graph_launch": metric(1.1, "µs"),
            "chase": {"l1": {"ns": metric(20.0, "ns"), "cycles": metric(38.0, "cycles")},
                      "l2": {"ns": metric(150.0, "ns"), "cycles": metric(290.0, "cycles")},
                      "dram": {"ns": metric(480.0, "ns"), "cycles": metric(940.0, "cycles")}},
            "launch_method": "synthetic: launch waits for each kernel, launch_async does not",
            "chase_method": "synthetic", "dram_definition": "synthetic: page-local random order",
            "chase_curve": [{"bytes": b, "ns": metric(20.0 if b <= 1 << 17 else 150.0 if b <= 32 << 20 else 480.0, "ns")}
                            for b in sizes(4096, 400 << 20)]})),
        "gpu.power": ok(per_device({
            "precision": "bf16", "n": 8192, "method": "synthetic", "energy": value(2000.0, "J"),
            "avg_power": metric(660.0, "W"), "efficiency": metric(1150.0, "GFLOP/s/W"),
            "whole_run": {"seconds": value(3.0, "s"), "avg_power": value(660.0, "W"),
                          "efficiency": value(1150.0, "GFLOP/s/W")}})),
        "gpu.multi": ok(multi(), seconds=4.0),
        "gpu.llm": ok(gpu_llm(), seconds=5.0),
    }
    return {
        "schema": "gpuguide-measurements", "schema_version": 1, "placeholder": False,
        "provenance": {"host": "synthetic-test-data", "date": "2026-11-21T00:00:00Z", "duration_s": 30.0,
                       "probe_version": "0.1.0", "compiler": "synthetic", "command": "tests/books/full_shape_document.py",
                       "driver": "580.00.00", "cuda_driver": "13.0", "cuda_runtime": "13.0", "cublas": "13.0.0",
                       "gpus": [{"index": index, "name": "Synthetic H100-class GPU", "uuid": uuid(index)}
                                for index in range(GPUS)],
                       "cpu": "Synthetic CPU", "quick": False, "note": NOTE},
        "probes": probes,
    }


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        json.dump(document(), out, indent=1, ensure_ascii=False)
        out.write("\n")
