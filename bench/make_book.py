#!/usr/bin/env python3
"""Writes a deterministic synthetic book of N pages for the benchmark, in four forms:

  OUT/content/     a GPU Guide content folder (en/SUMMARY.md + pages, measurements/reference/)
  OUT/hugo/        the same pages as a Hugo site whose layout lists every page in a sidebar
  OUT/hugo-plain/  the same pages as a Hugo site whose layout is the page alone (no sidebar)
  OUT/floor.md     every page body joined into one file, for the cmark-gfm floor

Pages are about 6 KB: English and Chinese prose, GFM tables, code, lists, task lists,
footnotes, links between pages, front matter and, with probes=True (--probes), a few
measured-value directives whose JSON pointers are taken from the reference documents.
"""
import argparse
import json
import random
import shutil
from pathlib import Path

# Pointers used when a probe is missing from the reference (docs/src/design/measurements.md,
# "Probe keys").
DEFAULT_POINTERS = {
    "cpu.info": ["/model", "/cores"],
    "cpu.stream": ["/triad"],
    "cpu.latency": ["/dram"],
    "cpu.gemm": ["/fp32", "/fp64"],
    "gpu.specs": ["/devices/0/name", "/devices/0/sm_count"],
    "gpu.stream": ["/devices/0/copy", "/devices/0/triad"],
    "gpu.gemm": ["/devices/0/precisions/fp32/best"],
    "gpu.latency": ["/devices/0/launch"],
}

EN_SUBJECTS = ["The GPU", "A streaming multiprocessor", "The memory controller", "Each warp",
               "The CUDA runtime", "A tensor core", "The host thread", "The PCIe link",
               "The L2 cache", "A well-tuned kernel", "The framework", "The scheduler"]
EN_VERBS = ["hides", "overlaps", "reduces", "doubles", "measures", "streams", "batches",
            "schedules", "saturates", "amortises", "limits", "exposes"]
EN_OBJECTS = ["memory latency", "the launch overhead", "arithmetic intensity",
              "the available bandwidth", "thousands of threads", "register pressure",
              "the transfer cost", "mixed-precision throughput", "the critical path",
              "occupancy", "the working set", "kernel fusion opportunities"]
EN_TAILS = ["when the batch is large enough", "on every generation since Volta",
            "unless the data stays on the host", "as the roofline model predicts",
            "for most deep-learning workloads", "in the measured figures below",
            "only when the problem fits in memory", "according to the profiler"]
ZH_SUBJECTS = ["显卡", "流式多处理器", "显存控制器", "每个线程束", "CUDA 运行时", "张量核心",
               "主机线程", "PCIe 链路", "二级缓存", "优化过的内核", "深度学习框架", "调度器"]
ZH_VERBS = ["隐藏了", "重叠了", "降低了", "提高了", "测量了", "限制了", "暴露了", "分摊了"]
ZH_OBJECTS = ["访存延迟", "启动开销", "算术强度", "可用带宽", "成千上万个线程", "寄存器压力",
              "数据传输成本", "混合精度吞吐量", "关键路径", "占用率", "工作集", "算子融合的机会"]
ZH_TAILS = ["只要批量足够大", "自 Volta 架构以来一直如此", "除非数据留在主机内存中",
            "正如屋顶线模型所预测的", "对大多数深度学习任务而言", "见下面的实测数据"]
# Each block names its page (PAGE): real books rarely repeat a block, and a program that
# highlights a block once per text would otherwise pay for three blocks, not for one per page.
CODE = ['''```cpp
__global__ void saxpy_PAGE(int n, float a, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
```''', '''```python
import torch
x = torch.randn(4096, PAGE, device="cuda", dtype=torch.bfloat16)
y = x @ x.T  # runs on the tensor cores
torch.cuda.synchronize()
```''', '''```bash
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > gpu-PAGE.csv
nvcc --version
```''']


def collect_pointers(reference_dir):
    """probe key -> JSON pointers of metrics and strings found in the reference documents."""
    found = {}
    for path in sorted(Path(reference_dir).glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        for key, probe in sorted(document.get("probes", {}).items()):
            if probe.get("status") != "ok" or probe.get("result") is None:
                continue
            pointers = found.setdefault(key, [])
            walk(probe["result"], "", pointers)
    merged = {key: list(pointers) for key, pointers in DEFAULT_POINTERS.items()}
    for key, pointers in found.items():
        if pointers:
            merged[key] = sorted(set(pointers))[:12]
    return {key: merged[key] for key in sorted(merged)}


def walk(node, pointer, out):
    if isinstance(node, dict):
        if "unit" in node and ("median" in node or "value" in node):
            out.append(pointer)
            return
        for name in sorted(node):
            walk(node[name], f"{pointer}/{name}", out)
    elif isinstance(node, list):
        if node and pointer.endswith("/devices"):  # curves and sweeps are not single values
            walk(node[0], f"{pointer}/0", out)
    elif isinstance(node, str) and pointer:
        out.append(pointer)


def sentence(rng, chinese):
    if chinese:
        return (rng.choice(ZH_SUBJECTS) + rng.choice(ZH_VERBS) + rng.choice(ZH_OBJECTS) + "，" +
                rng.choice(ZH_TAILS) + "。")
    return (f"{rng.choice(EN_SUBJECTS)} {rng.choice(EN_VERBS)} {rng.choice(EN_OBJECTS)} "
            f"{rng.choice(EN_TAILS)}.")


def paragraph(rng, n_pages, chinese):
    parts = [sentence(rng, chinese) for _ in range(rng.randint(3, 6))]
    target = rng.randrange(n_pages)
    link = f"[{'参见第 ' if chinese else 'see page '}{target}](page-{target:04d}.md)"
    parts.insert(rng.randint(0, len(parts)), link + ("，" if chinese else ","))
    parts.insert(rng.randint(0, len(parts)), rng.choice(
        ["`cudaMemcpyAsync`", "**throughput**", "*latency*", "~~obsolete~~", "<https://example.com/gpu>",
         "`torch.compile`", "**带宽**"]))
    return ("" if chinese else " ").join(parts)


def table(rng):
    rows = ["| GPU | Year | Bandwidth (GB/s) | FP32 (TFLOP/s) |", "|:---|---:|---:|---:|"]
    for _ in range(5):
        rows.append(f"| Card {rng.randint(100, 999)} | {rng.randint(2010, 2026)} | "
                    f"{rng.randint(100, 8000)} | {rng.uniform(1, 90):.1f} |")
    return "\n".join(rows)


def directives(rng, pointers, index):
    keys = list(pointers)
    cpu = [k for k in keys if k.startswith("cpu.")]
    gpu = [k for k in keys if k.startswith("gpu.")]
    inline = []
    for group in (cpu, gpu):
        key = rng.choice(group)
        inline.append(f"`value:{key}{rng.choice(pointers[key])}`")
    key = rng.choice(cpu if index % 2 else gpu)
    rows = "\n".join(f"  - {{label: \"{p.strip('/').replace('/', ' ')}\", value: {p}}}"
                     for p in pointers[key][:3])
    block = f"```gg-table\ntitle: Measured {key}\nprobe: {key}\nhosts: [this, reference]\nrows:\n{rows}\n```"
    return inline, block


def page(rng, index, n_pages, pointers, probes=True):
    chinese_title = index % 2 == 1
    title = f"第 {index} 章：显卡与深度学习" if chinese_title else f"Chapter {index}: GPUs and deep learning"
    front = (f"---\ntitle: \"{title}\"\ndescription: \"Synthetic benchmark page {index}\"\n"
             f"weight: {index + 1}\ntags: [bench, gpu]\n---\n")
    if probes:
        inline, gg_table = directives(rng, pointers, index)
        figures = f"This machine's figures: {inline[0]} and {inline[1]}."
    else:
        figures, gg_table = sentence(rng, False), sentence(rng, True)
    body = [f"# {title}", paragraph(rng, n_pages, False), figures, paragraph(rng, n_pages, True)]
    for section in range(3):
        chinese = (section + index) % 2 == 1
        body.append(f"## {'小节' if chinese else 'Section'} {index}.{section + 1}")
        body.append(paragraph(rng, n_pages, chinese))
        body.append(paragraph(rng, n_pages, not chinese))
        kind = (section + index) % 3
        if kind == 0:
            body.append(table(rng))
        elif kind == 1:
            body.append(rng.choice(CODE).replace("PAGE", str(index)))
        else:
            body.append("\n".join(f"- {sentence(rng, i % 2 == 1)}" for i in range(4)))
            body.append("\n".join(f"{i + 1}. {sentence(rng, i % 2 == 0)}" for i in range(3)))
        body.append(paragraph(rng, n_pages, chinese))
    body.append(gg_table)
    body.append("- [x] " + sentence(rng, False) + "\n- [ ] " + sentence(rng, True))
    body.append(f"> {sentence(rng, True)} {sentence(rng, False)}[^note]")
    body.append(f"[^note]: {sentence(rng, False)}")
    return front, "\n\n".join(body) + "\n"


def summary(n_pages):
    lines = ["# Summary", "", "[Introduction](page-0000.md)", ""]
    for index in range(1, n_pages):
        if index % 100 == 1:
            lines += ["", f"# Part {index // 100 + 1}", ""]
        indent = "    " if index % 5 != 1 else ""
        lines.append(f"{indent}- [Chapter {index}](page-{index:04d}.md)")
    return "\n".join(lines) + "\n"


HUGO_CONFIG = '''baseURL = "http://bench.invalid/"
title = "Bench book"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = true
[markup.highlight]
codeFences = false
'''
HUGO_SINGLE = '''<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><nav><ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main>{{ .Content }}</main></body></html>
'''
HUGO_PLAIN_SINGLE = '''<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main>{{ .Content }}</main></body></html>
'''
HUGO_LIST = '''<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Site.Title }}</title></head>
<body><ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>
'''


def write_book(n_pages, out, reference, probes=True):
    """Writes the forms of the book (see the module docstring) into `out`, replacing it."""
    rng = random.Random(20261121 + n_pages)
    pointers = collect_pointers(reference)
    if out.exists():
        shutil.rmtree(out)
    pages_dir = out / "content" / "en"
    hugo_content = out / "hugo" / "content"
    pages_dir.mkdir(parents=True)
    hugo_content.mkdir(parents=True)
    (out / "hugo-plain").mkdir()
    (out / "content" / "data").mkdir()
    shutil.copytree(reference, out / "content" / "measurements" / "reference")
    (pages_dir / "SUMMARY.md").write_text(summary(n_pages), encoding="utf-8")
    floor = []
    for index in range(n_pages):
        front, body = page(rng, index, n_pages, pointers, probes)
        name = f"page-{index:04d}.md"
        (pages_dir / name).write_text(front + "\n" + body, encoding="utf-8")
        (hugo_content / name).write_text(front + "\n" + body, encoding="utf-8")
        floor.append(body)
    (out / "floor.md").write_text("\n".join(floor), encoding="utf-8")
    layouts = out / "hugo" / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (out / "hugo" / "config.toml").write_text(HUGO_CONFIG, encoding="utf-8")
    (layouts / "single.html").write_text(HUGO_SINGLE, encoding="utf-8")
    (layouts / "list.html").write_text(HUGO_LIST, encoding="utf-8")
    # The same site with a layout of the page alone: Hugo's output no longer grows with N².
    shutil.copytree(out / "hugo", out / "hugo-plain", dirs_exist_ok=True)
    (out / "hugo-plain" / "layouts" / "_default" / "single.html").write_text(
        HUGO_PLAIN_SINGLE, encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--reference", type=Path, required=True,
                        help="content/measurements/reference of the repository")
    parser.add_argument("--probes", action="store_true", help="add measured-value directives")
    args = parser.parse_args()
    write_book(args.pages, args.out, args.reference, args.probes)


if __name__ == "__main__":
    main()
