#!/usr/bin/env python3
"""Asserts that the statements corrected for issue 18 stay corrected, that key figures of the
pages added for issue 52 (33–42) stay on them, each as its cited source gives it, and that the
pages keep saying what each figure is (issue 51: no "this machine" for the reference, MFU on the
datasheet peak, GiB converted to GB).

Each row names a page (both languages have one row each), a phrase the page must no longer
contain (the old, wrong statement) and a phrase it must contain (the corrected one). A later edit
that brings an old statement back, or drops the correction, fails with the file and the phrase.

Usage: corrections.py [CONTENT_DIR]   (default: content/ next to this repository's tests/)
"""
import json
import sys
from pathlib import Path

# (file under content/, must not contain, must contain)
ROWS = [
    # MXNet graduated in 2022; only top-level projects go to the Attic.
    ("en/15-frameworks-in-detail.md", "never left the incubator", "graduated from the incubator in 2022"),
    ("zh/15-frameworks-in-detail.md", "始终没有从孵化器毕业", "2022 年从孵化器毕业"),
    # GPU clocks in the historic table are 27–43 % of the Xeon's, not half to two-thirds.
    ("en/03-gpu-architecture.md", "half to two-thirds", "27–43 %"),
    ("zh/03-gpu-architecture.md", "一半到三分之二", "27%—43%"),
    # Full tensor-core format lists; Hopper has FP64 and no INT4.
    ("en/05-tensor-cores.md", "FP64 (A100 only)", "| 4th | Hopper H100/H200 (2022) | FP64, TF32, BF16, FP16, FP8, INT8 |"),
    ("zh/05-tensor-cores.md", "FP64（仅 A100）", "| 第 4 代 | Hopper H100/H200（2022） | FP64、TF32、BF16、FP16、FP8、INT8 |"),
    ("en/05-tensor-cores.md", "new tensor-core formats |", "the first GeForce cards with tensor cores"),
    ("zh/05-tensor-cores.md", "张量核心新增的格式 |", "GeForce 首次配备张量核心"),
    # The RTX 5090 budget row rests on a dated street price with its source, not on "~2,000".
    ("en/09-buying-advice.md", "| ~2,000 | RTX 5090 32 GB (USD 1,999) |", "US street prices reported on 22 June 2026"),
    ("zh/09-buying-advice.md", "| 约 2000 美元 | RTX 5090 32 GB（1999 美元） |", "2026 年 6 月 22 日报道的美国实际零售价"),
    ("en/23-references.md", None, "The RTX 5090 Is the Receipt”, 22 June 2026"),
    ("zh/23-references.md", None, "The RTX 5090 Is the Receipt”，2026 年 6 月 22 日"),
    # The bandwidth formula, worked for GDDR7 and HBM3.
    ("en/08-gpu-metrics.md", None, "bus width (bits) ÷ 8 × data rate per pin (Gb/s)"),
    ("zh/08-gpu-metrics.md", None, "总线位宽（bit）÷ 8 × 单引脚数据速率（Gb/s）"),
    # CUDA: announced November 2006, released 2007.
    ("en/02-what-is-a-gpu.md", "CUDA (released in 2007)", "November 2006"),
    ("zh/02-what-is-a-gpu.md", "2007 年发布的 CUDA", "2006 年 11 月"),
    ("en/06-cuda.md", "It appeared in 2007", "November 2006"),
    ("zh/06-cuda.md", "它诞生于 2007 年", "2006 年 11 月"),
    # Rubin is mentioned.
    ("en/09-buying-advice.md", None, "Rubin"),
    ("zh/09-buying-advice.md", None, "Rubin"),
    # Trainium3 in the cloud table.
    ("en/11-cloud-or-on-premises.md", "Trainium (Trn1, Trn2),", "Trn3"),
    ("zh/11-cloud-or-on-premises.md", "Trainium（Trn1、Trn2）、", "Trn3"),
    # More than 1,000 physical qubits exist.
    ("en/22-tpu-and-quantum.md", "on the order of a hundred physical qubits", "1,121-qubit"),
    ("zh/22-tpu-and-quantum.md", "今天的设备只有百来个物理量子比特", "1121 个量子比特"),
    # 800 Gb/s per GPU ships.
    ("en/20-distributed-training.md", "current GPU clusters give every GPU its own 400 Gb/s", "800 Gb/s"),
    ("zh/20-distributed-training.md", "如今的 GPU 集群给每块 GPU 配一个 400 Gb/s", "800 Gb/s"),
    # Agilex is Altera's.
    ("en/01-heterogeneous-computing.md", "Intel Agilex", "Altera Agilex"),
    ("zh/01-heterogeneous-computing.md", "Intel Agilex", "Altera Agilex"),
    # The RTX 3090 Ti has NVLink too.
    ("en/19-multi-gpu.md", "The RTX 3090 was the last GeForce card", "RTX 3090 Ti"),
    ("zh/19-multi-gpu.md", "RTX 3090 是最后一款", "RTX 3090 Ti"),
    # Registers are not the largest on-chip memory on H100.
    ("en/03-gpu-architecture.md", "are the largest on-chip memory", "256 KB of each per SM"),
    ("zh/03-gpu-architecture.md", "是片上容量最大的存储", "每个 SM 各 256 KB"),
    # OpenCL 1.0's specification is from December 2008.
    ("en/02-what-is-a-gpu.md", "| 2009 | OpenCL 1.0", "December 2008"),
    ("zh/02-what-is-a-gpu.md", "| 2009 | OpenCL 1.0", "2008 年 12 月"),
    # PyTorch: first public release January 2017 everywhere.
    ("en/15-frameworks-in-detail.md", None, "January 2017"),
    ("zh/15-frameworks-in-detail.md", None, "2017 年 1 月"),
    # The GTX 970's base-clock figure is explained next to the table.
    ("en/03-gpu-architecture.md", None, "3.92 TFLOP/s"),
    ("zh/03-gpu-architecture.md", None, "3.92 TFLOP/s"),
    # Desktop CPUs boost to 5.5–6 GHz.
    ("en/01-heterogeneous-computing.md", "clocks stalled near 3–4 GHz, where they still are.", "5.5–6 GHz"),
    ("zh/01-heterogeneous-computing.md", "主频停在 3—4 GHz 附近，至今仍是如此。", "5.5—6 GHz"),
    # Consumer memory is 8–32 GB on both pages.
    ("en/03-gpu-architecture.md", "16–32 GB on consumer cards", "8–32 GB"),
    ("zh/03-gpu-architecture.md", "消费级 16—32 GB", "8—32 GB"),
    # Alignment: 8 elements for FP16/BF16, 16 for FP8, on every page.
    ("en/05-tensor-cores.md", "**Make dimensions multiples of 16**", "8 elements for FP16/BF16, 16 for FP8/INT8"),
    ("zh/05-tensor-cores.md", "**维度尽量取 16 的倍数**", "FP16/BF16 取 8 的倍数，FP8/INT8 取 16 的倍数"),
    ("en/07-cuda-libraries.md", "multiples of\n16 (tensor-core friendly)", "8 elements for FP16/BF16 and 16 for FP8/INT8"),
    ("zh/07-cuda-libraries.md", "矩阵维度是不是 16 的倍数", "FP16/BF16 下是不是 8 的倍数"),
    # Huawei's 2026 Ascend parts.
    ("en/02-what-is-a-gpu.md", "Ascend 910-series NPUs, Atlas servers |", "Ascend 950PR"),
    ("zh/02-what-is-a-gpu.md", "昇腾 910 系列 NPU、Atlas 服务器 |", "昇腾 950PR"),
    ("en/22-tpu-and-quantum.md", "Huawei's Ascend 910-class chips", "950 series"),
    ("zh/22-tpu-and-quantum.md", "华为昇腾 910 系列配合", "950 系列"),
    # Issue 52, pages 33–37: key figures of the new topic pages, each from the source cited there.
    # Blackwell Ultra: FP64 cut to about 1.3 TFLOP/s; systems expose 270 GB of the 288 (MLPerf name).
    ("en/33-blackwell-ultra.md", None, "| FP64 (vector and tensor) | 34 / 67 TFLOP/s | about 37–40 TFLOP/s | about 1.3 TFLOP/s |"),
    ("zh/33-blackwell-ultra.md", None, "| FP64（向量 / 张量） | 34 / 67 TFLOP/s | 约 37—40 TFLOP/s | 约 1.3 TFLOP/s |"),
    ("en/33-blackwell-ultra.md", None, "\"B300-SXM-270GB\""),
    ("zh/33-blackwell-ultra.md", None, "“B300-SXM-270GB”"),
    # Renting: the AWS B300 price with its date, the CNY H20 row, batch 1 against 64 users.
    ("en/34-renting-gpus.md", None, "AWS p6-b300.48xlarge 17.80 (us-west-2, 21 Jan 2026)"),
    ("zh/34-renting-gpus.md", None, "AWS p6-b300.48xlarge 17.80（us-west-2，2026-01-21）"),
    ("en/34-renting-gpus.md", None, "| H20 96 GB | 7.50 | 优云智算 |"),
    ("zh/34-renting-gpus.md", None, "| H20 96 GB | 7.50 | 优云智算 |"),
    ("en/34-renting-gpus.md", "a reservation pays off above about two-thirds utilisation", "**USD 0.17 per million tokens**"),
    ("zh/34-renting-gpus.md", "利用率高于约三分之二时预留才划算", "**每百万 token 0.17 美元**"),
    # Serving at load: MLPerf's interactive Llama 2 70B targets; attention is a third of a 32K prefill.
    ("en/35-serving-at-load.md", None, "| Llama 2 70B, interactive | 450 ms | 40 ms | 25 tokens/s |"),
    ("zh/35-serving-at-load.md", None, "| Llama 2 70B，交互场景 | 450 ms | 40 ms | 每秒 25 token |"),
    ("en/35-serving-at-load.md", "attention term is\nabout half of the total", "about a third of the total"),
    ("zh/35-serving-at-load.md", "注意力项约占总量的一半", "注意力项约占总量的三分之一"),
    # Speculative decoding: DeepSeek-V3's MTP acceptance and speed-up; SGLang's EAGLE-3 figure.
    ("en/36-speculative-decoding.md", None, "DeepSeek-V3: 85–90 % acceptance, 1.8× tokens/s"),
    ("zh/36-speculative-decoding.md", None, "DeepSeek-V3：接受率 85%—90%，每秒 token 数 1.8 倍"),
    ("en/36-speculative-decoding.md", None, "from 158 to 373 tokens/s"),
    ("zh/36-speculative-decoding.md", None, "从每秒 158 token 提到 373 token"),
    # Long context: llama.cpp's q8_0/q4_0 bits per value; the 128K cache of Llama 3.1 70B.
    ("en/37-long-context.md", None, "8.5 and 4.5 bits per value"),
    ("zh/37-long-context.md", None, "每个值 8.5 位和 4.5 位"),
    ("en/37-long-context.md", "on top of doubling the users", "131,072 × 327,680 bytes ≈ **42.9 GB**"),
    ("zh/37-long-context.md", "在用户数翻倍之外", "131,072 × 327,680 字节 ≈ **42.9 GB**"),
    # Issue 52, pages 38-42: key sourced figures of the new pages stay as checked (both languages).
    # Power and cooling: DGX B200 maximum (NVIDIA user guide) and the DGX B300 rack (SuperPOD RA).
    ("en/38-power-and-cooling.md", None, "**Maximum system power: 14.3 kW.**"),
    ("zh/38-power-and-cooling.md", None, "**整机最大功耗**：14.3 kW。"),
    ("en/38-power-and-cooling.md", None, "| 32 (four DGX B300) | **≈ 56 kW** |"),
    ("zh/38-power-and-cooling.md", None, "| 32（四台 DGX B300） | 约 56 kW |"),
    # Networking: NCCL developers' per-NIC figure and the H100 SuperPOD fabric size.
    ("en/39-networking-between-nodes.md", None, "about **46–48 GB/s** in NCCL"),
    ("zh/39-networking-between-nodes.md", None, "约能跑 46—48 GB/s"),
    ("en/39-networking-between-nodes.md", None, "| 4 | 127 | 1,016 | 32 | 16 |"),
    ("zh/39-networking-between-nodes.md", None, "| 4 | 127 | 1,016 | 32 | 16 |"),
    # Low precision: PyTorch's MXFP8 result on B200 and NVIDIA's NVFP4 accuracy.
    ("en/40-low-precision-training.md", None, "**1.22–1.28×**, equivalent loss curves"),
    ("zh/40-low-precision-training.md", None, "1.22—1.28 倍，损失曲线一致"),
    ("en/40-low-precision-training.md", None, "MMLU-Pro 62.58 % against 62.62 %"),
    ("zh/40-low-precision-training.md", None, "MMLU-Pro 62.58%，FP8 为 62.62%"),
    # Reliability: Llama 3's 466/419 interruptions, the table's misprinted share, Slurm's 60 s limit.
    ("en/41-reliability-at-scale.md", None, "interrupted **466 times**"),
    ("zh/41-reliability-at-scale.md", None, "一共中断了 466 次"),
    ("en/41-reliability-at-scale.md", None, "although 148 ÷ 419 is 35.3 %"),
    ("zh/41-reliability-at-scale.md", None, "但 148 ÷ 419 是 35.3%"),
    ("en/41-reliability-at-scale.md", None, "finish within **60 seconds**"),
    ("zh/41-reliability-at-scale.md", None, "60 秒内没有正常结束"),
    # Buying: the reported China channel price of an H200 8-GPU module and a dated HGX H100 listing.
    ("en/42-buying-at-scale.md", None, "CNY 1.4 million (CNY 175,000 per GPU)"),
    ("zh/42-buying-at-scale.md", None, "140 万元（每卡 17.5 万元）"),
    ("en/42-buying-at-scale.md", None, "| USD 296,644 | 37,081 |"),
    ("zh/42-buying-at-scale.md", None, "| 296,644 美元 | 37,081 美元 |"),
    # Issue 51: every figure says what it is. The introduction no longer says the copy was built on a
    # machine whose GPU is the reference's, and it lists the kinds of figure.
    ("en/index.md", "built on a machine whose GPU is", "A peak derived from clocks"),
    ("zh/index.md", "构建机的 GPU 是", "由频率推算的峰值"),
    ("en/index.md", "on the GPU this guide was built on", "pairs two different hosts"),
    ("zh/index.md", "构建本指南的 GPU", "不会把两台不同的主机凑成一对"),
    # Page 27: the MFU is applied to the dense datasheet peak, as defined, not to the measured GEMM rate.
    ("en/27-training-time-and-cost.md", "40 % of the measured GEMM rate", "peak: \"{datasheet:bf16_tensor_tflops} [TFLOP/s]\""),
    ("zh/27-training-time-and-cost.md", "按实测 GEMM 速率的 40%", "peak: \"{datasheet:bf16_tensor_tflops} [TFLOP/s]\""),
    ("en/27-training-time-and-cost.md", "is a better denominator than the datasheet peak", "MFU is defined against the dense datasheet peak"),
    ("zh/27-training-time-and-cost.md", "比规格峰值更适合做分母", "MFU 的定义以稠密官方规格峰值为分母"),
    # Page 34's cost-of-training table and page 26's LoRA run do the same.
    ("en/34-renting-gpus.md", "40 % of the measured GEMM rate", "title: Cost of training runs (BF16, 40 % MFU on the dense datasheet peak)"),
    ("zh/34-renting-gpus.md", "实测 GEMM 速度的 40%", "title: 训练一次的成本（BF16，按稠密官方规格峰值计 MFU 40%）"),
    ("en/26-fine-tuning.md", "at 35 % of that measured rate", "title: LoRA run time at 40 % of the dense BF16 datasheet peak"),
    ("zh/26-fine-tuning.md", "按这一实测速率的 35% 计", "title: 按稠密 BF16 官方规格峰值的 40% 计算的 LoRA 训练时间"),
    # Page 26 says where the reader meets the fit table that CUDA's GiB are converted to GB, and why
    # the "141 GB" H200 shows as 139.8 GiB ≈ 150 GB; page 24 says the same.
    ("en/26-fine-tuning.md", None, "CUDA reports\nmemory in GiB (2³⁰ bytes)"),
    ("zh/26-fine-tuning.md", None, "CUDA 以 GiB（2³⁰ 字节）报告显存"),
    ("en/26-fine-tuning.md", None, "appears here as 139.8 GiB ≈ 150 GB"),
    ("zh/26-fine-tuning.md", None, "在这里显示为 139.8 GiB ≈ 150 GB"),
    ("en/24-llm-inference-sizing.md", None, "CUDA counts memory in GiB, 2³⁰ bytes"),
    ("zh/24-llm-inference-sizing.md", None, "CUDA 以 GiB（2³⁰ 字节）计显存"),
    # Clock-derived peaks are not called datasheet peaks; page 05 shows both and says why they differ.
    ("en/05-tensor-cores.md", "measured vs theoretical (dense)", "corresponds to about 1,830 MHz"),
    ("zh/05-tensor-cores.md", "实测与理论峰值（稠密）", "对应约 1,830 MHz"),
    ("en/05-tensor-cores.md", None, "{label: BF16 datasheet, datasheet: bf16_tensor_tflops}"),
    ("zh/05-tensor-cores.md", None, "{label: BF16 官方规格, datasheet: bf16_tensor_tflops}"),
    ("en/08-gpu-metrics.md", "theoretical dashed", "title: Roofline (measured ceilings solid, datasheet peaks dashed)"),
    ("zh/08-gpu-metrics.md", "虚线为理论值", "title: 屋顶线（实线为实测上限，虚线为官方规格峰值）"),
    # Page 03's table labels its host columns from the kind: no "This machine's CPU/GPU" labels.
    ("en/03-gpu-architecture.md", "label: This machine's GPU", "  - {host: this, device: gpu}"),
    ("zh/03-gpu-architecture.md", "label: 本机 GPU", "  - {host: this, device: gpu}"),
    # Page 04 compares the CPU and the GPU of one machine, named by a phrase span.
    ("en/04-why-gpus.md", "the CPU of the machine that built this guide", "In figures, on `phrase:machine`"),
    ("zh/04-why-gpus.md", "构建本指南的机器上 CPU", "具体数字（`phrase:machine`）"),
    # Prefill at 70 % of a measured GEMM rate is called what it is, not an MFU.
    ("en/35-serving-at-load.md", None, "rate, not an MFU"),
    ("zh/35-serving-at-load.md", None, "不是 MFU"),
]


def check(content: Path) -> list[str]:
    failures = []
    for name, old, new in ROWS:
        path = content / name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            failures.append(f"{path}: cannot read ({err})")
            continue
        if old is not None and old in text:
            line = text[: text.index(old)].count("\n") + 1
            failures.append(f"{path}:{line}: the corrected statement is back: {old!r}")
        if new not in text:
            failures.append(f"{path}: the correction is missing: {new!r}")
    # PyTorch's first release year is the same in the catalogue as in the text.
    frameworks = json.loads((content / "data/frameworks.json").read_text(encoding="utf-8"))
    pytorch = next(r for r in frameworks["records"] if r["id"] == "pytorch")
    if pytorch["first_release"] != 2017:
        failures.append(f"{content / 'data/frameworks.json'}: pytorch first_release is "
                        f"{pytorch['first_release']}, the pages say 2017 (January 2017)")
    return failures


def main() -> int:
    content = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "content"
    failures = check(content)
    for failure in failures:
        print(f"corrections: {failure}", file=sys.stderr)
    if failures:
        print(f"corrections: {len(failures)} check(s) failed; fix the page or, if the fact changed, "
              f"update the row in {Path(__file__).name} with its new source", file=sys.stderr)
        return 1
    print(f"corrections: {len(ROWS) + 1} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
