#!/usr/bin/env python3
"""Asserts that the statements corrected for issues 18 and 52 stay corrected, that key figures of
the pages added for issue 52 (33–42) stay on them, each as its cited source gives it, and that the
pages keep saying what each figure is (issue 51: no "this machine" for the reference, MFU on the
datasheet peak, GiB converted to GB).

Each row names a page (both languages have their own rows), a phrase the page must no longer
contain (the old, wrong statement, or None) and a phrase it must contain: the corrected claim
itself, with its figure and its context, not a short word that could appear anywhere (None only
where a statement that could not be checked was removed). A later
edit that brings an old statement back, or drops the correction, fails with the file (and line)
and the phrase. Runs of whitespace, line breaks included, count as one space on both sides, so
rewrapping a paragraph does not break a row; a phrase inside one line of Chinese text stays
inside it (a line break there would read as a space).

Usage: corrections.py [CONTENT_DIR]   (default: content/ next to this repository's tests/)
"""
import json
import re
import sys
from pathlib import Path

# (file under content/, must not contain, must contain)
ROWS = [
    # ---- Issue 18 (November 2026) ----
    # MXNet graduated in 2022; only top-level projects go to the Attic.
    ("en/15-frameworks-in-detail.md", "never left the incubator", "graduated from the incubator in 2022"),
    ("zh/15-frameworks-in-detail.md", "始终没有从孵化器毕业", "2022 年从孵化器毕业"),
    # GPU clocks in the historic table are 27–43 % of the Xeon's, not half to two-thirds.
    ("en/03-gpu-architecture.md", "half to two-thirds", "between about a quarter and two-fifths (27–43 %) of the CPU's clock"),
    ("zh/03-gpu-architecture.md", "一半到三分之二", "只有后者的四分之一到五分之二（27%—43%）"),
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
    ("en/02-what-is-a-gpu.md", "CUDA (released in 2007)", "CUDA (announced with it in November 2006, first released in 2007)"),
    ("zh/02-what-is-a-gpu.md", "2007 年发布的 CUDA", "CUDA 随 G80 于 2006 年 11 月公布、2007 年正式发布"),
    ("en/06-cuda.md", "It appeared in 2007", "NVIDIA announced it with the G80 (GeForce 8800) in November 2006 and released it in 2007"),
    ("zh/06-cuda.md", "它诞生于 2007 年", "它于 2006 年 11 月随 G80（GeForce 8800）一同公布，2007 年正式发布"),
    # Rubin is mentioned.
    ("en/09-buying-advice.md", None, "Blackwell's successor, **Rubin**"),
    ("en/09-buying-advice.md", None, "is in its first data-centre deployments as of November 2026"),
    ("zh/09-buying-advice.md", None, "Blackwell 的下一代 **Rubin**"),
    ("zh/09-buying-advice.md", None, "截至 2026 年 11 月已开始首批数据中心部署"),
    # Trainium3 in the cloud table.
    ("en/11-cloud-or-on-premises.md", "Trainium (Trn1, Trn2),", "Trainium (Trn1, Trn2, Trn3), Inferentia (Inf2)"),
    ("zh/11-cloud-or-on-premises.md", "Trainium（Trn1、Trn2）、", "Trainium（Trn1、Trn2、Trn3）、Inferentia（Inf2）"),
    # More than 1,000 physical qubits exist.
    ("en/22-tpu-and-quantum.md", "on the order of a hundred physical qubits", "IBM's 1,121-qubit Condor was shown in 2023"),
    ("zh/22-tpu-and-quantum.md", "今天的设备只有百来个物理量子比特", "IBM 1121 个量子比特的 Condor 于 2023 年亮相"),
    # 800 Gb/s per GPU ships.
    ("en/20-distributed-training.md", "current GPU clusters give every GPU its own 400 Gb/s", "800 Gb/s in new Blackwell systems (ConnectX-8"),
    ("zh/20-distributed-training.md", "如今的 GPU 集群给每块 GPU 配一个 400 Gb/s", "新建的 Blackwell 系统已是 800 Gb/s（ConnectX-8"),
    # Agilex is Altera's.
    ("en/01-heterogeneous-computing.md", "Intel Agilex", "Altera Agilex; Intel sold a majority of Altera to Silver Lake in 2025"),
    ("zh/01-heterogeneous-computing.md", "Intel Agilex", "Altera Agilex；英特尔已于 2025 年把 Altera 的多数股权出售给银湖资本"),
    # The RTX 3090 Ti has NVLink too.
    ("en/19-multi-gpu.md", "The RTX 3090 was the last GeForce card", "The RTX 3090 and RTX 3090 Ti (both Ampere, 2020 and 2022) were the last GeForce cards with an NVLink connector."),
    ("zh/19-multi-gpu.md", "RTX 3090 是最后一款", "RTX 3090 和 RTX 3090 Ti（都是 Ampere，分别于 2020 年和 2022 年推出）是最后带 NVLink 接口的 GeForce 显卡"),
    # Registers are not the largest on-chip memory on H100.
    ("en/03-gpu-architecture.md", "are the largest on-chip memory", "are as large as the L1 on an H100 (256 KB of each per SM"),
    ("zh/03-gpu-architecture.md", "是片上容量最大的存储", "在 H100 上与 L1 一样大（每个 SM 各 256 KB"),
    # OpenCL 1.0's specification is from December 2008.
    ("en/02-what-is-a-gpu.md", "| 2009 | OpenCL 1.0", "OpenCL 1.0 (specification published by Khronos in December 2008, first implementations in 2009)"),
    ("zh/02-what-is-a-gpu.md", "| 2009 | OpenCL 1.0", "OpenCL 1.0（Khronos 于 2008 年 12 月公布规范，2009 年出现首批实现）"),
    # PyTorch: first public release January 2017 everywhere.
    ("en/15-frameworks-in-detail.md", None, "First released publicly by Facebook AI Research in January 2017"),
    ("zh/15-frameworks-in-detail.md", None, "PyTorch 由 Facebook AI Research 于 2017 年 1 月首次公开发布"),
    # The GTX 970's base-clock figure is explained next to the table.
    ("en/03-gpu-architecture.md", None, "3.92 TFLOP/s FP32, the figure the catalogue on the"),
    ("zh/03-gpu-architecture.md", None, "GTX 970 在 1178 MHz 加速频率下 FP32 可达 3.92 TFLOP/s"),
    # Desktop CPUs boost to 5.5–6 GHz.
    ("en/01-heterogeneous-computing.md", "clocks stalled near 3–4 GHz, where they still are.", "boosts on 2026 desktop chips reach 5.5–6 GHz, but only for a few cores at a time"),
    ("zh/01-heterogeneous-computing.md", "主频停在 3—4 GHz 附近，至今仍是如此。", "2026 年的桌面处理器单核短时加速可达 5.5—6 GHz"),
    # Consumer memory is 8–32 GB on both pages.
    ("en/03-gpu-architecture.md", "16–32 GB on consumer cards", "| 8–32 GB on current consumer cards, 80–288 GB on data-centre parts |"),
    ("zh/03-gpu-architecture.md", "消费级 16—32 GB", "当前消费级 8—32 GB，数据中心卡 80—288 GB"),
    # Alignment: 8 elements for FP16/BF16, 16 for FP8, on every page.
    ("en/05-tensor-cores.md", "**Make dimensions multiples of 16**", "8 elements for FP16/BF16, 16 for FP8/INT8"),
    ("zh/05-tensor-cores.md", "**维度尽量取 16 的倍数**", "FP16/BF16 取 8 的倍数，FP8/INT8 取 16 的倍数"),
    ("en/07-cuda-libraries.md", "multiples of\n16 (tensor-core friendly)", "8 elements for FP16/BF16 and 16 for FP8/INT8"),
    ("zh/07-cuda-libraries.md", "矩阵维度是不是 16 的倍数", "FP16/BF16 下是不是 8 的倍数"),
    # Huawei's 2026 Ascend parts.
    ("en/02-what-is-a-gpu.md", "Ascend 910-series NPUs, Atlas servers |", "the Ascend 950PR (Q1 2026) and 950DT (Q4 2026)"),
    ("zh/02-what-is-a-gpu.md", "昇腾 910 系列 NPU、Atlas 服务器 |", "昇腾 950PR（2026 年一季度）和 950DT（2026 年四季度）"),
    ("en/22-tpu-and-quantum.md", "Huawei's Ascend 910-class chips", "with the 950 series on its 2026 roadmap"),
    ("zh/22-tpu-and-quantum.md", "华为昇腾 910 系列配合", "2026 年路线图上是 950 系列"),
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
    # The fleet page compares each node with its type's median (issue 55), not with 80 % of a peak.
    ("en/41-reliability-at-scale.md", "marks with ⚠ any figure under 80 %",
     "sit below the median of their node type by more than"),
    ("zh/41-reliability-at-scale.md", "的 80%，就用 ⚠ 标出来", "比同类型节点的中位数低出"),
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

ROWS_52 = [
    # ---- Issue 52, third edition ----
    # llama.cpp's q8_0 KV cache is 8-bit integers with one FP16 scale per 32 values (8.5 bits, -47 %),
    # not FP8 that halves it; a quantised V cache needs flash attention (ggml-common.h, llama-context.cpp).
    ("en/24-llm-inference-sizing.md", "`--cache-type-k q8_0 --cache-type-v q8_0`), which halves it",
     "`q8_0`, which is not FP8: it is 8-bit integers in blocks of 32 values that share one FP16 scale, "
     "34 bytes per 32 values or 8.5 bits per value, so the cache shrinks by 1 − 8.5 ÷ 16 ≈ 47 %, not by half."),
    ("en/24-llm-inference-sizing.md", None, "llama.cpp also refuses a quantised V cache without flash attention"),
    ("zh/24-llm-inference-sizing.md", "`--cache-type-k q8_0 --cache-type-v q8_0`），容量减半",
     "所以缓存只缩小 1 − 8.5 ÷ 16 ≈ 47%，而不是一半"),
    ("zh/24-llm-inference-sizing.md", None, "整组共用一个 FP16 缩放因子，32 个值占 34 字节，即每个值 8.5 位，"),
    ("zh/24-llm-inference-sizing.md", None, "llama.cpp 要求量化的 V 缓存必须配合"),
    # Q4_K_M is 4.89 bits per weight in llama.cpp's current documentation (Llama 3.1 8B), not the
    # Llama 2-era 4.84; the source is named where the figure is introduced.
    ("en/25-quantisation.md", "| GGUF Q4_K_M | mostly 4-bit, sensitive tensors at 6-bit | 4.84 |",
     "| GGUF Q4_K_M | mostly 4-bit, sensitive tensors at 6-bit | 4.89 |"),
    ("en/25-quantisation.md", "reports for Llama 2 7B;",
     "[llama.cpp's `quantize` documentation](https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md) "
     "lists for Llama 3.1 8B"),
    ("zh/25-quantisation.md", "| GGUF Q4_K_M | 大部分 4 位，敏感张量用 6 位 | 4.84 |",
     "| GGUF Q4_K_M | 大部分 4 位，敏感张量用 6 位 | 4.89 |"),
    ("zh/25-quantisation.md", "工具对 Llama 2 7B 报告的数值",
     "[llama.cpp `quantize` 文档](https://github.com/ggml-org/llama.cpp/blob/master/tools/quantize/README.md)对 Llama 3.1 8B 列出的数值"),
    ("en/24-llm-inference-sizing.md", "| 4-bit (Q4_K_M, 4.84 bits/weight) |",
     "| 4-bit (Q4_K_M, 4.89 bits/weight) | 70.6 × 4.89 ÷ 8 = 43.2 GB | 38.8 GB | ≈ 118,000 |"),
    ("zh/24-llm-inference-sizing.md", "| 4 位（Q4_K_M，每权重 4.84 位） |",
     "| 4 位（Q4_K_M，每权重 4.89 位） | 70.6 × 4.89 ÷ 8 = 43.2 GB | 38.8 GB | ≈ 118,000 |"),
    ("en/24-llm-inference-sizing.md", "| 4-bit (4.84 bits/weight) | 4.9 GB | 207 |", "| 4-bit (4.89 bits/weight) | 4.9 GB | 205 | 365 | 683 | 978 |"),
    ("zh/24-llm-inference-sizing.md", "| 4 位（每权重 4.84 位） | 4.9 GB | 207 |", "| 4 位（每权重 4.89 位） | 4.9 GB | 205 | 365 | 683 | 978 |"),
    # The live QLoRA rows count the 16-bit embedding and output layers, as the static table does.
    ("en/26-fine-tuning.md", 'QLoRA, with: {params: 70.6e9, per_param: "0.52 [B]"}}',
     'QLoRA, with: {params: 70.6e9, per_param: "0.52 [B]", params16: 2.10e9}}'),
    ("en/26-fine-tuning.md", 'formula: "params * per_param + extra"',
     'formula: "(params - params16) * per_param + params16 * 2 [B] + extra"'),
    ("zh/26-fine-tuning.md", 'QLoRA, with: {params: 70.6e9, per_param: "0.52 [B]"}}',
     'QLoRA, with: {params: 70.6e9, per_param: "0.52 [B]", params16: 2.10e9}}'),
    ("zh/26-fine-tuning.md", 'formula: "params * per_param + extra"',
     'formula: "(params - params16) * per_param + params16 * 2 [B] + extra"'),
    # Local-AI estimates compute from the parameter counts, not from the rounded 4.9 GB.
    ("en/28-local-ai.md", 'with: {weights: "4.9 [GB]", read: "4.9 [GB]"}',
     '- {label: Llama 3.1 8B, with: {params: 8.03e9, active: 8.03e9}}'),
    ("en/28-local-ai.md", 'formula: "bandwidth / read"', 'formula: "bandwidth / (active * bits)"'),
    ("en/28-local-ai.md", "| 1,008 GB/s | 207 tokens/s |", "| RTX 4090 | 24 GB | 1,008 GB/s | 205 tokens/s | does not fit | 500 tokens/s |"),
    ("zh/28-local-ai.md", 'with: {weights: "4.9 [GB]", read: "4.9 [GB]"}',
     '- {label: Llama 3.1 8B, with: {params: 8.03e9, active: 8.03e9}}'),
    ("zh/28-local-ai.md", 'formula: "bandwidth / read"', 'formula: "bandwidth / (active * bits)"'),
    ("zh/28-local-ai.md", "| 1,008 GB/s | 207 tokens/s |", "| RTX 4090 | 24 GB | 1,008 GB/s | 205 tokens/s | 放不下 | 500 tokens/s |"),
    # 3A090 and TPP come from the October 2022 rule; the October 2023 rule dropped the interconnect
    # test and added performance density (87 FR 62186; 88 FR 73458; BIS press releases).
    ("en/32-china-market.md", "Since October 2023 the US rule for advanced computing items",
     "The rule released on 7 October 2022 (87 FR 62186) created the export classification 3A090"),
    ("en/32-china-market.md", None, "dropped the interconnect test and added **performance density**, TPP per square millimetre of die"),
    ("zh/32-china-market.md", "2023 年 10 月起，美国对先进计算芯片",
     "2022 年 10 月 7 日发布的规则（87 FR 62186）设立了出口管制分类 3A090"),
    ("zh/32-china-market.md", None, "取消了互连这一项，新增了**性能密度**，即每平方毫米芯片面积的 TPP"),
    # A 32B model at Q4_K_M is about 20 GB (32.8 B x 4.89 bits), so about 89 and 67 tokens/s.
    ("en/32-china-market.md", "about 18 GB of weights",
     "32.8 × 4.89 ÷ 8 ≈ 20.0 GB of weights). It fits on all three cards with room for a moderate context. "
     "Upper bound: 1,792 ÷ 20.0 ≈ 89 tokens/s on the RTX 5090 or 5090 D, 1,344 ÷ 20.0 ≈ 67 tokens/s"),
    ("zh/32-china-market.md", "权重约 18 GB",
     "32.8 × 4.89 ÷ 8 ≈ 20.0 GB 权重）：三张卡都放得下，还能留出适中的上下文。速度上限：RTX 5090 或 5090 D 为 1792 ÷ 20.0 ≈ 89 token/s，5090 D v2 为 1344 ÷ 20.0 ≈ 67 token/s"),
    # CloudMatrix's EP320 counts NPU dies (one expert per die): 160 Ascend 910C chips (paper, abstract).
    ("en/32-china-market.md", "runs expert parallelism across 320 chips",
     "one expert per NPU **die**: the 320 are dies, not chips, and since every Ascend 910C package holds two dies, that is 160 chips."),
    ("zh/32-china-market.md", "把专家并行铺到了 320 颗芯片上",
     "这 320 指的是裸片而不是芯片，每颗昇腾 910C 封装里有两个裸片，所以是 160 颗芯片。"),
    # NVIDIA's China price pages could not be opened: the 5090 D price is the dollar figure Tom's
    # Hardware reports, and the page says the CNY price is unchecked.
    ("en/32-china-market.md", "| RTX 5090 D | CNY 16,499 | January 2025 | NVIDIA China product page |",
     "| RTX 5090 D | USD 2,299 as reported in dollars; the CNY list price could not be checked for this edition"),
    ("zh/32-china-market.md", "| RTX 5090 D | 16499 元 | 2025 年 1 月 | NVIDIA 中国官网产品页 |",
     "| RTX 5090 D | 报道中折合 2299 美元；人民币指导价本版未能核实"),
    # The B200's 192 GB physical against the 180 GB of HGX/DGX B200 systems, where readers meet 180 GB.
    ("en/09-buying-advice.md", None, "The B200 appears with 180 GB: its package carries 192 GB of HBM3e"),
    ("en/09-buying-advice.md", None, "give each GPU 180 GB (1,440 GB for eight)"),
    ("zh/09-buying-advice.md", None, "目录里 B200 的显存是 180 GB：它的封装上有 192 GB HBM3e"),
    ("zh/09-buying-advice.md", None, "每块 GPU 给 180 GB（八块共 1440 GB）"),
    ("en/26-fine-tuning.md", "eight 180 GB B200s", "eight B200s (180 GB each as HGX/DGX B200 systems ship them"),
    ("zh/26-fine-tuning.md", "或八块 180 GB 的 B200", "或八块 B200（HGX/DGX B200 系统每块给 180 GB"),
    # The budget band between about USD 1,000 and 2,700, and dated used prices with their source.
    ("en/09-buying-advice.md", None, "| ~1,000–2,700 (May 2026 prices) | no current-generation card sits here"),
    ("en/09-buying-advice.md", "buy used only at a clear discount\n  to an RTX 5090.",
     "about USD 1,400–1,700 used and 1,800–2,000 new in May 2026"),
    ("en/09-buying-advice.md", None, "at about USD 700–1,000 used in the US (in buying guides dated February and May 2026"),
    ("zh/09-buying-advice.md", None, "| 约 1000—2700 美元（2026 年 5 月价格） | 这一档没有当代新卡"),
    ("zh/09-buying-advice.md", "二手价格坚挺；只有相对 RTX 5090 有明显折扣时才值得买。",
     "2026 年 5 月二手约 1400—1700 美元，新卡 1800—2000 美元"),
    ("zh/09-buying-advice.md", None, "美国二手价约 700—1000 美元（据 2026 年 2 月和 5 月的选购指南"),
    ("en/23-references.md", None, "RunLocalAI, “Best GPU for local AI in 2026”, May 2026 (US prices: RTX 4090 USD 1,400–1,700 used"),
    ("zh/23-references.md", None, "RunLocalAI，“Best GPU for local AI in 2026”，2026 年 5 月（美国价格：RTX 4090 二手 1400—1700 美元"),
    # FP8 against INT8 on an H100: same rate (datasheet), and INT8 needs calibration or smoothing.
    ("en/25-quantisation.md", None, "**FP8 or INT8 on an H100?** FP8. INT8 buys nothing in speed there"),
    ("en/25-quantisation.md", None, "1,979 dense TFLOP/s of FP8 and 1,979 dense TOP/s of INT8"),
    ("en/25-quantisation.md", None, "W8A8 INT8 therefore needs calibration on sample text and usually a smoothing pass"),
    ("zh/25-quantisation.md", None, "**H100 上选 FP8 还是 INT8？** 选 FP8。INT8 在这块卡上换不来任何速度"),
    ("zh/25-quantisation.md", None, "因此 W8A8 的 INT8 需要用样本文本做校准，"),
    # Two RTX 5090s for a 70B model: their own worked speeds.
    ("en/29-two-cards.md", None, "1,792 GB/s ÷ 43.2 GB ≈ 42 for two RTX 5090s"),
    ("en/29-two-cards.md", None, "2 × 1,792 GB/s ÷ 43.2 GB ≈ 83 for two 5090s"),
    ("en/29-two-cards.md", None, "roughly 50–66 tokens/s instead of 83, against 42 for their layer split"),
    ("en/29-two-cards.md", "| single-user decode (2 × 4090, ceiling) |", "| single-user decode ceiling, 2 × 4090 | same, 2 × 5090 |"),
    ("zh/29-two-cards.md", None, "两块 RTX 5090 为 1,792 GB/s ÷ 43.2 GB ≈ 42"),
    ("zh/29-two-cards.md", None, "两块 5090 为 2 × 1,792 GB/s ÷ 43.2 GB ≈ 83"),
    ("zh/29-two-cards.md", None, "约 50–66 tokens/s 而非 83，按层切分则是 42"),
    ("zh/29-two-cards.md", "| 单用户解码（2 × 4090，上限） |", "| 单用户解码上限，2 × 4090 | 同上，2 × 5090 |"),
    # BF16 against FP32: the text agrees with the measured ratio (about 13.6 on the reference H200),
    # shown live from the reference measurement, and with the datasheet's 15.
    ("en/05-tensor-cores.md", "from about 15 to more than 100 times",
     "`estimate:reference:{gpu.gemm/devices/0/precisions/bf16/best} [TFLOP/s] / {gpu.gemm/devices/0/precisions/fp32/best} [TFLOP/s] => 1`"),
    ("en/05-tensor-cores.md", None, "989 TFLOP/s of dense BF16 on its tensor cores against 67 TFLOP/s of FP32 on its CUDA cores, about 15 times"),
    ("zh/05-tensor-cores.md", "约 15 倍到 100 倍以上",
     "`estimate:reference:{gpu.gemm/devices/0/precisions/bf16/best} [TFLOP/s] / {gpu.gemm/devices/0/precisions/fp32/best} [TFLOP/s] => 1`"),
    ("zh/05-tensor-cores.md", None, "张量核心稠密 BF16 为 989 TFLOP/s，CUDA 核心的 FP32 为 67 TFLOP/s，约 15 倍"),
    # The Windows HIP SDK's ROCm version, checked against AMD's documentation.
    ("en/31-amd-and-rocm.md", None, "7.2 is the newest HIP SDK release in AMD's documentation as of November 2026"),
    ("zh/31-amd-and-rocm.md", None, "截至 2026 年 11 月，7.2 是 AMD 文档中最新的 HIP SDK 版本"),
    ("en/23-references.md", None,
     "the development branch's documentation PDF, dated 14 August 2026, is also release 7.2 (checked November 2026)"),
    ("zh/23-references.md", None,
     "the development branch's documentation PDF, dated 14 August 2026, is also release 7.2 (checked November 2026)"),
    # Citations the second edition made from memory, opened and corrected or replaced; the
    # 14900KS/9950X entry could not be checked and is gone.
    ("en/23-references.md", "<https://www.huawei.com/en/news/2025/9/hc-xu-keynote-speech>",
     "keynote at Huawei Connect 2025, Shanghai, 18 September 2025"),
    ("zh/23-references.md", "<https://www.huawei.com/en/news/2025/9/hc-xu-keynote-speech>",
     "keynote at Huawei Connect 2025, Shanghai, 18 September 2025"),
    ("en/23-references.md", None, "“The Khronos Group releases OpenCL 1.0 specification”, press release, SIGGRAPH Asia, Singapore, 9 December 2008"),
    ("zh/23-references.md", None, "“The Khronos Group releases OpenCL 1.0 specification”, press release, SIGGRAPH Asia, Singapore, 9 December 2008"),
    ("en/23-references.md", "<https://www.ibm.com/quantum/blog/quantum-roadmap-2033>", "Condor: 1,121 qubits, presented on 4 December 2023"),
    ("zh/23-references.md", "<https://www.ibm.com/quantum/blog/quantum-roadmap-2033>", "Condor: 1,121 qubits, presented on 4 December 2023"),
    ("en/23-references.md", "Core i9-14900KS specifications", None),
    ("zh/23-references.md", "Core i9-14900KS specifications", None),
    ("en/23-references.md", "<https://aws.amazon.com/ec2/instance-types/trn3/>", "(Trainium3 available on AWS Trn3 instances and UltraServers)"),
    ("zh/23-references.md", "<https://aws.amazon.com/ec2/instance-types/trn3/>", "(Trainium3 available on AWS Trn3 instances and UltraServers)"),
    ("en/23-references.md", None, "*Federal Register* 87 FR 62186, FR Doc. 2022-21658, published 13 October 2022"),
    ("zh/23-references.md", None, "*Federal Register* 87 FR 62186，FR Doc. 2022-21658，2022 年 10 月 13 日刊登"),
    ("en/23-references.md", "<https://www.nvidia.cn/geforce/graphics-cards/50-series/>", "(RTX 5090 D: 2,375 AI TOPS against 3,352 for the RTX 5090"),
    ("zh/23-references.md", "<https://www.nvidia.cn/geforce/graphics-cards/50-series/>", "(RTX 5090 D: 2,375 AI TOPS against 3,352 for the RTX 5090"),
    ("en/23-references.md", "<https://www.cambricon.com/>", "Report of Cambricon's MLU370-X8 launch, 21 March 2022"),
    ("zh/23-references.md", "<https://www.cambricon.com/>", "Report of Cambricon's MLU370-X8 launch, 21 March 2022"),
    ("en/23-references.md", None, "EP320 with each NPU die hosting one expert"),
    ("zh/23-references.md", None, "EP320 with each NPU die hosting one expert"),
]


# ---- Issue 64 (the fourth edition's corrections, November 2026) ----
# Each row fails on the content of main before issue 64 (b178ae1).
ROWS_64 = [
    # vLLM: EAGLE-3 drafts use method "eagle3" (vLLM docs, "EAGLE Draft Models").
    ("en/36-speculative-decoding.md", "`\"method\": \"eagle\"` for EAGLE and EAGLE-3 drafts",
     "`\"method\": \"eagle\"` for EAGLE drafts and `\"method\": \"eagle3\"` for EAGLE-3 drafts"),
    ("zh/36-speculative-decoding.md", "对 EAGLE 和 EAGLE-3 草稿都用 `\"method\": \"eagle\"`",
     "对 EAGLE-3 草稿用 `\"method\": \"eagle3\"`"),
    # Page 42: the triad share is of the 4.8 TB/s datasheet figure, not the clock-derived peak.
    ("en/42-buying-at-scale.md", "{gpu.stream/devices/0/triad} [GB/s] / {gpu.specs/devices/0/peak/memory_bandwidth} [GB/s] => %`",
     "`estimate:reference:100 [%] * {gpu.stream/devices/0/triad} [GB/s] / 4800 [GB/s] => % digits=3` of its datasheet bandwidth (4.8 TB/s"),
    ("zh/42-buying-at-scale.md", "{gpu.stream/devices/0/triad} [GB/s] / {gpu.specs/devices/0/peak/memory_bandwidth} [GB/s] => %`",
     "达到了其数据手册带宽（本指南目录中为 4.8 TB/s）的 `estimate:reference:100 [%] * {gpu.stream/devices/0/triad} [GB/s] / 4800 [GB/s] => % digits=3`"),
    # Page 08: the probe's "peak" of a transfer curve is its 256 MiB point; pageable copies peak near 1 MiB.
    ("en/08-gpu-metrics.md", "pinned host-to-device copies peaked at",
     "pageable host-to-device copies reached `value:reference:gpu.transfer/devices/0/curves/h2d_pageable/4/bandwidth` at 1 MiB"),
    ("zh/08-gpu-metrics.md", "上锁页内存的主机到设备拷贝峰值为",
     "可分页的主机到设备拷贝在 1 MiB 时达到 `value:reference:gpu.transfer/devices/0/curves/h2d_pageable/4/bandwidth`"),
    # Export: H200 licences reviewed case by case since 15 January 2026 (91 FR 1684); pages 32, 34, 42 agree.
    ("en/34-renting-gpus.md", "NVIDIA's H100, H200, B200 and B300 cannot be exported to China",
     "the H200 and less advanced parts need a US licence, reviewed case by case since a BIS rule effective 15 January 2026"),
    ("zh/34-renting-gpus.md", "H100、H200、B200 和 B300 不能出口到中国",
     "H200 及性能更低的产品需要美国许可证，自 BIS 一项 2026 年 1 月 15 日生效的规则起逐案审查"),
    ("en/32-china-market.md", None, "A BIS final rule effective 15 January 2026 (91 FR 1684, FR Doc. 2026-00789,"),
    ("en/32-china-market.md", None, "B200 and B300, no licence path; H200 and less advanced parts, a licence reviewed case by case"),
    ("zh/32-china-market.md", None, "一项于 2026 年 1 月 15 日生效的最终规则（91 FR 1684，FR Doc. 2026-00789，"),
    ("zh/32-china-market.md", None, "B200 和 B300 没有许可途径；H200 及性能更低的产品需要许可证，逐案审查"),
    ("en/42-buying-at-scale.md", None, "export licence, reviewed case by case since the BIS rule effective 15 January 2026 (91 FR 1684"),
    ("zh/42-buying-at-scale.md", None, "自 BIS 一项 2026 年 1 月 15 日生效的规则（91 FR 1684"),
    ("en/23-references.md", None, "Revision to License Review Policy for Advanced Computing Commodities”, *Federal Register* 91 FR 1684"),
    ("zh/23-references.md", None, "Revision to License Review Policy for Advanced Computing Commodities”, *Federal Register* 91 FR 1684"),
    # Page 33: one unit convention for the live B300 comparison, said in words.
    ("en/33-blackwell-ultra.md", None, "NVIDIA calls the same H200 \"141 GB\", nearer its binary count (139.8 GiB) than its decimal one (150 GB)"),
    ("zh/33-blackwell-ultra.md", None, "NVIDIA 把同一块 H200 标为“141 GB”，更接近它的二进制数（139.8 GiB）而不是十进制数（150 GB）"),
    # Pages 24 and 37: capacities as CUDA counts them, in GB = 1e9 bytes, like the model sizes.
    ("en/24-llm-inference-sizing.md", "80 − 70.6 − 3 = 6.4 GB", "85.0 − 70.6 − 3 = 11.4 GB"),
    ("zh/24-llm-inference-sizing.md", "80 − 70.6 − 3 = 6.4 GB", "85.0 − 70.6 − 3 = 11.4 GB"),
    ("en/24-llm-inference-sizing.md", "(8 × 141 = 1,128 GB)", "Eight H200s hold 8 × 150.1 = 1,201 GB (139.8 GiB each)"),
    ("zh/24-llm-inference-sizing.md", "（8 × 141 = 1,128 GB）", "八块 H200 共 8 × 150.1 = 1,201 GB（每块 139.8 GiB）"),
    ("en/37-long-context.md", "Eight H200s (1,128 GB)", "1,106 GB remain for the cache"),
    ("zh/37-long-context.md", "八块 H200（1,128 GB）", "剩下 1,106 GB 给缓存"),
    # Page 33: sm_103 arrived in CUDA 12.9 (CUDA features archive); 13.0 is CUTLASS's minimum.
    ("en/33-blackwell-ultra.md", "(CUTLASS needs CUDA 13.0 for compute capability 10.3, against 12.8 for the B200)",
     "nvcc gained the `sm_103` target in CUDA 12.9"),
    ("zh/33-blackwell-ultra.md", "（CUTLASS 对计算能力 10.3 要求 CUDA 13.0，B200 只需 12.8）", "nvcc 从 CUDA 12.9 起支持 `sm_103` 目标"),
    # Page 34: the generational step is not a constant 1.7-2x (B300/B200 is 1.1-1.2x).
    ("en/34-renting-gpus.md", "Each generation costs about 1.7–2 times the one before per hour", "a B300 only about 1.1–1.2 times a B200"),
    ("zh/34-renting-gpus.md", "每新一代的小时价约为上一代的 1.7—2 倍", "B300 只是 B200 的约 1.1—1.2 倍"),
    # Pages 34/35: the reference H200's cost per token at H200 prices.
    ("en/34-renting-gpus.md", "at three H100 prices from the table", "H200 at USD 4.50 per hour (Nebius)"),
    ("zh/34-renting-gpus.md", "价格取上表中 H100 的三个价位", "H200，每小时 4.50 美元（Nebius）"),
    ("en/35-serving-at-load.md", "(an H100 price from [Renting GPUs]", "Hyperstack's H200 price, which is also RunPod's secure-cloud H100 price"),
    ("zh/35-serving-at-load.md", "中的 H100 价格）", "Hyperstack 的 H200 价格，也是 RunPod 安全云的 H100 价格"),
    # Page 35: SGLang's hardware (its documentation's hardware platforms).
    ("en/35-serving-at-load.md", "| NVIDIA, AMD | NVIDIA only |", "Google TPU (through its JAX back end), Huawei Ascend NPUs, Intel Xeon CPUs and Intel GPUs (XPU)"),
    ("zh/35-serving-at-load.md", "支持 NVIDIA、AMD | RadixAttention", "Google TPU（通过其 JAX 后端）、华为昇腾 NPU、Intel 至强 CPU 和 Intel GPU（XPU）"),
    # Pages 05/38/41: which run each SM clock comes from.
    ("en/05-tensor-cores.md", "had a median of 1,650 MHz while it\nran these GEMMs",
     "and of 1,500 MHz in the power probe's longer run of sustained BF16 GEMMs"),
    ("zh/05-tensor-cores.md", "参考 H200 跑这些 GEMM 时，SM 频率的中位数是 1,650 MHz", "在功耗探针更长时间的持续 BF16 GEMM 中为 1,500 MHz"),
    ("en/38-power-and-cooling.md", None, "(the median over this power probe's sustained BF16 GEMMs; the GEMM probe's shorter runs"),
    ("zh/38-power-and-cooling.md", None, "（这是功耗探针持续 BF16 GEMM 期间的中位数；GEMM 探针各精度较短的运行中"),
    # Pages 42/09: used prices agree, with the spread between sources.
    ("en/42-buying-at-scale.md", "at USD 2,000 and more it is roughly three times a used RTX 3090",
     "so a used 4090 costs about 1.5 to 3 times a used RTX 3090"),
    ("zh/42-buying-at-scale.md", "2,000 美元以上的价格约是同样 24 GB 的二手 RTX 3090 的三倍", "所以二手 4090 约为同样 24 GB 的二手 RTX 3090 的 1.5—3 倍"),
    ("en/09-buying-advice.md", None, "Other 2026 sources put a used RTX 4090 at USD 2,000 and more and a used 3090 at 500–800"),
    ("zh/09-buying-advice.md", None, "2026 年的其他来源给出的二手 RTX 4090 为 2,000 美元以上、二手 3090 为 500—800 美元"),
    # Page 33: Ozaki scheme II is Ozaki, Uchino and Imamura's (2025); Matsuoka applies it on FP8.
    ("en/33-blackwell-ultra.md", "proposes an FP8-based variant (Ozaki scheme II)",
     "Ozaki scheme II is K. Ozaki, Y. Uchino and T. Imamura's method (April 2025)"),
    ("zh/33-blackwell-ultra.md", "提出基于 FP8 的变体（Ozaki 方案 II）", "Ozaki 方案 II 是 K. Ozaki、Y. Uchino 和 T. Imamura 提出的方法（2025 年 4 月）"),
    # Page 11: the CPU example says what a server CPU (the reference host's) does.
    ("en/11-cloud-or-on-premises.md", None, "`value:reference:cpu.gemm/fp32` in FP32 GEMM and `value:reference:cpu.stream/triad` of memory"),
    ("zh/11-cloud-or-on-premises.md", None, "FP32 GEMM 持续达到 `value:reference:cpu.gemm/fp32`，内存带宽为 `value:reference:cpu.stream/triad`"),
    # Page 32: the Ascend 950PR date read in November 2026.
    ("en/32-china-market.md", None, "we found no source we could open that confirms either is shipping"),
    ("zh/32-china-market.md", None, "我们没有找到能打开、能证实二者已经出货的来源"),
    # Page 22: MI400's status as of November 2026.
    ("en/22-tpu-and-quantum.md", "has announced its MI400 series and rack-scale systems for 2026.", "mass-production ramp only in\n  Q2 2027"),
    ("zh/22-tpu-and-quantum.md", "AMD 已宣布将在 2026 年推出 MI400 系列和机架级系统。", "量产爬坡要到 2027 年二季度"),
    # Page 33: the Qwen3-30B-A3B decode row reads its 3.3B active parameters, 6.6 GB.
    ("en/33-blackwell-ultra.md", "{label: Qwen3-30B-A3B BF16 (3.3B active), with: {weights: \"61 [GB]\"}}",
     "{label: Qwen3-30B-A3B BF16 (3.3B active parameters read per token), with: {weights: \"6.6 [GB]\"}}"),
    ("zh/33-blackwell-ultra.md", "{label: Qwen3-30B-A3B BF16（激活 3.3B）, with: {weights: \"61 [GB]\"}}",
     "{label: Qwen3-30B-A3B BF16（每 token 读取 3.3B 激活参数）, with: {weights: \"6.6 [GB]\"}}"),
    # Page 32: the RTX 5090 D has no sourced 2026 street price; the page says so and gives the nearest
    # dated CNY figure (a rental price from page 34).
    ("en/32-china-market.md", None, "a renewed search in November 2026 found no 2026 street price in yuan in a source we could open"),
    ("zh/32-china-market.md", None, "2026 年 11 月我们重新查找，仍没有在能打开的来源中找到 2026 年的人民币实际售价"),
    # Key sourced figures of the pages and sections added for issue 64, so that an edit cannot drop them.
    ("en/44-collectives.md", None, "| all-reduce | 2(*n* − 1) ÷ *n* | 1.75 | the buffer on each GPU |"),
    ("zh/44-collectives.md", None, "| all-reduce | 2(*n* − 1) ÷ *n* | 1.75 | 每块 GPU 上的缓冲区 |"),
    ("en/45-energy-per-token.md", None, "used 0.12 J per token in v3.0 against 0.20 J in v2.0 (September 2024)"),
    ("zh/45-energy-per-token.md", None, "v3.0 中每 token 0.12 J，v2.0（2024 年 9 月）中是 0.20 J"),
    ("en/46-interconnect-standards.md", None, "The UALink 200G 1.0 specification was published on 8 April 2025"),
    ("zh/46-interconnect-standards.md", None, "UALink 200G 1.0 规范于 2025 年 4 月 8 日发布"),
    ("en/46-interconnect-standards.md", None, "UEC released specification 1.0 on 11 June 2025"),
    ("zh/46-interconnect-standards.md", None, "UEC 于 2025 年 6 月 11 日发布 1.0 规范"),
    ("en/46-interconnect-standards.md", None, "| NVLink-C2C, GPU ↔ Grace | – | 900 GB/s in total, 450 GB/s each way |"),
    ("zh/46-interconnect-standards.md", None, "| NVLink-C2C，GPU ↔ Grace | – | 合计 900 GB/s，每个方向 450 GB/s |"),
    ("en/47-confidential-computing.md", None, "below 7 % for most typical queries"),
    ("zh/47-confidential-computing.md", None, "多数典型请求低于 7%"),
    ("en/49-diffusion.md", None, "about **4,600 FLOP per byte**"),
    ("zh/49-diffusion.md", None, "约**每字节 4,600 FLOP**"),
    ("en/31-amd-and-rocm.md", None, "| FP4 | 10 PFLOP/s (MXFP4), the same rate for MXFP6 | 9 PFLOP/s (NVFP4) |"),
    ("zh/31-amd-and-rocm.md", None, "| FP4 | 10 PFLOP/s（MXFP4），MXFP6 速率相同 | 9 PFLOP/s（NVFP4） |"),
    ("en/17-mobile-and-edge.md", None, "| memory (shared by CPU and GPU) | 64 GB | 128 GB at 273 GB/s, with a 14-core Arm Neoverse CPU |"),
    ("zh/17-mobile-and-edge.md", None, "| 内存（CPU 与 GPU 共用） | 64 GB | 128 GB，273 GB/s；CPU 为 14 核 Arm Neoverse |"),
    ("en/30-sharing-a-gpu.md", None, "## Scheduling GPU jobs on Kubernetes: Kueue, Volcano and the KAI Scheduler"),
    ("zh/30-sharing-a-gpu.md", None, "## 在 Kubernetes 上调度 GPU 作业：Kueue、Volcano 与 KAI Scheduler"),
    ("en/48-data-loading.md", None, "GDS opens a direct DMA path\n   between storage and GPU memory that avoids a bounce buffer in CPU memory"),
    ("zh/48-data-loading.md", None, "GDS 在存储和 GPU 显存之间打通一条直接的 DMA 路径，避开 CPU 内存里的中转缓冲区"),
    # Page 26: no params16 = 0 constant beside rows that set it.
    ("en/26-fine-tuning.md", "  params16: \"0\"", "The full and LoRA rows set `params16` to 0"),
    ("zh/26-fine-tuning.md", "  params16: \"0\"", "全量微调和 LoRA 各行的 `params16` 为 0"),
]


# Issue 66: the LLM pages set the measured decode (cpu.llm) beside the estimated ceiling, and say
# that no reference document and no GPU has it yet.
ROWS_66 = [
    ("en/24-llm-inference-sizing.md", None, "title: Decode measured on this CPU (cpu.llm, Llama 3.1 8B at quarter width, 4 layers, FP32)"),
    ("zh/24-llm-inference-sizing.md", None, "title: 本机 CPU 上实测的解码速度（cpu.llm，四分之一宽度的 Llama 3.1 8B，4 层，FP32）"),
    ("en/24-llm-inference-sizing.md", None, "so they have no `cpu.llm` figures, and no GPU decode has been measured yet"),
    ("zh/24-llm-inference-sizing.md", None, "所以没有 `cpu.llm` 的数据；GPU 上的解码也还没有实测过"),
    ("en/16-serving.md", None, "title: Decode by batch size, measured on this CPU (cpu.llm, context 1,024, FP32)"),
    ("zh/16-serving.md", None, "title: 按批量实测的解码速度，本机 CPU（cpu.llm，上下文 1,024，FP32）"),
    ("en/29-two-cards.md", None, "title: Single-user decode measured on this CPU (cpu.llm, batch 1, FP32)"),
    ("zh/29-two-cards.md", None, "title: 本机 CPU 上实测的单用户解码（cpu.llm，批量 1，FP32）"),
    ("en/43-measured-gpus.md", None, "run on each host's CPU, not on its GPU"),
    ("zh/43-measured-gpus.md", None, "跑在各主机的 CPU 上，而不是 GPU 上"),
]


def normalized(text: str) -> str:
    """Runs of whitespace (line breaks too) as one space."""
    return re.sub(r"\s+", " ", text)


def check(content: Path) -> list[str]:
    failures = []
    for name, old, new in ROWS + ROWS_52 + ROWS_64 + ROWS_66:
        path = content / name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            failures.append(f"{path}: cannot read ({err})")
            continue
        flat = normalized(text)
        if old is not None and normalized(old) in flat:
            found = re.search(r"\s+".join(map(re.escape, old.split())), text)
            line = text[: found.start()].count("\n") + 1 if found else 0
            failures.append(f"{path}:{line}: the corrected statement is back: {old!r}")
        if new is not None and normalized(new) not in flat:
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
    print(f"corrections: {len(ROWS) + len(ROWS_52) + len(ROWS_64) + len(ROWS_66) + 1} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
