#!/usr/bin/env python3
"""Predicted vs published for large training runs outside Narayanan et al.
2021 (docs/planner.md, "Validation at scale"). Nothing here was fitted to
these runs: mtc-plan --evaluate runs each published configuration with the
hardware and software flags that describe it (--gpu, --software) and the
table puts its TFLOP/s per GPU next to the published one.

Runs (the configuration is the publication's; what it does not print is
marked "assumed" in the table):
- MT-NLG 530B, Smith et al. 2022 (arXiv 2201.11990), section 2.4: batch 1920
  on 280 / 350 / 420 DGX A100 nodes (Selene, 8 x HDR 200 Gb/s per node),
  60.1 / 50.2 / 44.4 s per iteration = 126 / 121 / 113 TFLOP/s per GPU;
  8-way tensor, 35-way pipeline (105 layers, hidden 20480, 128 heads, seq
  2048), Megatron-DeepSpeed: DeepSpeed's pipeline engine and ZeRO-1.
- BLOOM-176B, BigScience 2022 (arXiv 2211.05100), section 3.4 and the run's
  own README (github.com/bigscience-workshop/bigscience,
  train/tr11-176B-ml): 48 nodes of 8 A100 80GB with 4 Omni-Path 100 Gb/s
  links each (Jean Zay), t=4 p=12 d=8, micro-batch 2, batch 2048, seq 2048,
  70 layers (hidden 14336, 112 heads, vocab 250880 padded), bf16 with
  DeepSpeed's BF16_Optimizer (ZeRO-1), activation checkpointing, the
  embedding counted as a pipeline layer (5 + embedding on the first and last
  stage, 6 elsewhere). The README logs iteration 85376 at 104.70 s = 149.77
  TFLOP/s; the paper reports 156 TFLOP/s in the fastest configuration.

- Korthikanti et al. 2022 (arXiv 2205.05198), the Megatron team's runs of
  Megatron-LM 2022 on Selene: 22B on 8 GPUs (t=8), 175B on 64 (t=8 p=8),
  530B on 280 (t=8 p=35), 1T on 512 (t=8 p=64), d=1, micro-batch 1, sequence
  2048, vocabulary 51200, sequence parallelism + selective recompute. The
  published MFU is Table 5's MFU column, as Megatron-LM's README prints it
  (commit 2e90a342f5, 2022-05-19: 41.5 / 51.4 / 56.0 / 56.3 %, "measured
  using a data parallel size of one"); the iteration time in the table is
  the one that MFU implies (model FLOPs / (MFU x GPUs x 312 TFLOP/s)).
  Global batches 4 / 64 / 280 / 512 and the 22B shape (48 layers, hidden
  6144, 64 heads) are Table 3's as recalled, not re-read here (see
  docs/planner.md); v=1 (no interleaving) assumed. "2021 software" is the
  same layout under --software megatron-2021.

"Before" is the planner before issue 38 (commit 2c69e1f): the same layout
with the only hardware and software it had (a100-80gb, --megatron-2021). Its
numbers are recorded below; --before OLD_MTC_PLAN recomputes them.

usage: bench/plan/validate_large_runs.py [path/to/mtc-plan] [--before path/to/old/mtc-plan]
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plan_cli import evaluate as run_plan, plan_binary, pop_option  # noqa: E402

args = sys.argv[1:]
before_bin = pop_option(args, "--before")
PLAN = plan_binary(args, "validate_large_runs")


def model(layers, hidden, heads, vocab):
    return ["--num-layers", str(layers), "--hidden-size", str(hidden),
            "--num-attention-heads", str(heads), "--vocab-size", str(vocab), "--seq-length", "2048"]


MT_NLG = model(105, 20480, 128, 51200)
BLOOM = model(70, 14336, 112, 250880)
BLOOM_LAYOUT = ["--layers-per-chunk", ",".join(["5"] + ["6"] * 10 + ["5"])]

# (run, configuration text, published TFLOP/s, published note, model, GPUs,
#  batch, layout flags, hardware+software now, hardware+software before,
#  recorded before TFLOP/s)
RUNS = []
for nodes, seconds, tflops, before in [(280, 60.1, 126, 153.55), (350, 50.2, 121, 148.83),
                                       (420, 44.4, 113, 144.39)]:
    gpus = nodes * 8
    RUNS.append((f"MT-NLG 530B, {nodes} nodes",
                 f"{gpus} A100 (HDR), t=8 p=35 d={gpus // 280} b=1 (assumed) m={1920 * 280 // gpus}, "
                 "batch 1920, full recompute, DeepSpeed pipeline + fp16 ZeRO-1",
                 tflops, f"{seconds} s/iteration", MT_NLG, gpus, 1920,
                 ["--tp", "8", "--pp", "35", "--micro-batch-size", "1"],
                 ["--software", "deepspeed-fp16"], ["--megatron-2021"], before))
RUNS.append(("BLOOM-176B (iteration 85376)",
             "384 A100 (4 x Omni-Path 100 Gb/s per node), t=4 p=12 d=8 b=2 m=128, batch 2048, "
             "full recompute, layers 5,6x10,5, DeepSpeed pipeline + BF16_Optimizer",
             149.77, "104.70 s/iteration, tr11 README", BLOOM, 384, 2048,
             ["--tp", "4", "--pp", "12", "--micro-batch-size", "2"] + BLOOM_LAYOUT,
             ["--gpu", "a100-80gb-opa", "--software", "deepspeed-bf16"], ["--megatron-2021"],
             173.35))
RUNS.append(("BLOOM-176B (fastest)", "as above", 156, "paper, section 3.4", BLOOM, 384, 2048,
             ["--tp", "4", "--pp", "12", "--micro-batch-size", "2"] + BLOOM_LAYOUT,
             ["--gpu", "a100-80gb-opa", "--software", "deepspeed-bf16"], ["--megatron-2021"],
             173.35))


def evaluate(binary, shape, gpus, batch, layout, extra,
             recompute=("--recompute", "full", "--distributed-optimizer")):
    return run_plan(binary, "validate_large_runs",
                    [*shape, "--gpus", str(gpus), "--global-batch-size", str(batch), *layout,
                     *recompute, *extra])


print("| run | configuration | published TFLOP/s | before | now | error now "
      "| predicted s/iteration |")
print("|---|---|---|---|---|---|---|")
for (run, config, published, note, shape, gpus, batch, layout, now_flags, before_flags,
     recorded) in RUNS:
    now = evaluate(PLAN, shape, gpus, batch, layout, now_flags)
    before = recorded
    if before_bin:
        before = evaluate(before_bin, shape, gpus, batch, layout, before_flags)["tflops_per_gpu"]
        if abs(before - recorded) > 0.05:
            print(f"note: {run}: --before gives {before:.2f}, recorded {recorded:.2f}",
                  file=sys.stderr)
    predicted = now["tflops_per_gpu"]
    print(f"| {run} | {config} | {published} ({note}) | {before:.1f} "
          f"({(before / published - 1) * 100:+.1f}%) | {predicted:.1f} | "
          f"{(predicted / published - 1) * 100:+.1f}% | {now['iteration_time_s']:.1f} |")

# Where the time goes now, per run: what the model charges for each part.
print("\n| run | compute | bubble | TP comm | PP comm | DP comm | embedding sync | optimizer |")
print("|---|---|---|---|---|---|---|---|")
for run, _, _, _, shape, gpus, batch, layout, now_flags, _, _ in RUNS[:-1]:
    b = evaluate(PLAN, shape, gpus, batch, layout, now_flags)["breakdown_s"]
    print(f"| {run} | " + " | ".join("%.2f" % b[k] for k in (
        "compute", "bubble", "tp_comm", "pp_comm", "dp_comm_exposed", "embedding_sync",
        "optimizer")) + " |")

# Korthikanti et al. 2022: Megatron-LM 2022, d = 1, MFU as published.
PEAK = 312e12
KORTHIKANTI = [("22B", model(48, 6144, 64, 51200), 8, 1, 4, 41.5),
               ("175B", model(96, 12288, 96, 51200), 64, 8, 64, 51.4),
               ("530B", model(105, 20480, 128, 51200), 280, 35, 280, 56.0),
               ("1T", model(128, 25600, 160, 51200), 512, 64, 512, 56.3)]
SP_SELECTIVE = ("--recompute", "selective", "--sequence-parallel")
print("\n| run (Korthikanti et al. 2022) | configuration | published MFU (implied s/iteration) "
      "| 2021 software | megatron-2022 | error | predicted s/iteration |")
print("|---|---|---|---|---|---|---|")
for name, shape, gpus, pp, batch, published in KORTHIKANTI:
    layout = ["--tp", "8", "--pp", str(pp), "--micro-batch-size", "1"]
    now = evaluate(PLAN, shape, gpus, batch, layout, ["--software", "megatron-2022"],
                   SP_SELECTIVE)
    old = evaluate(PLAN, shape, gpus, batch, layout, ["--software", "megatron-2021"],
                   SP_SELECTIVE)
    flops = now["mfu"] * now["iteration_time_s"] * gpus * PEAK  # model FLOPs per iteration
    implied = flops / (published / 100 * gpus * PEAK)
    config = (f"{gpus} A100 (Selene), t=8 p={pp} d=1 b=1 m={batch} (assumed v=1), "
              "SP + selective recompute")
    print(f"| {name} | {config} | {published}% ({implied:.2f} s) | {old['mfu'] * 100:.1f}% "
          f"({(old['mfu'] * 100 / published - 1) * 100:+.1f}%) | {now['mfu'] * 100:.1f}% | "
          f"{(now['mfu'] * 100 / published - 1) * 100:+.1f}% | {now['iteration_time_s']:.2f} |")
