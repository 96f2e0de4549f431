#!/usr/bin/env python3
"""The host backend's fused element-wise groups (exec/StepFusion.h: bias +
GeLU, bias + dropout + residual add, dropout + residual add, residual add +
layer norm, and the GPU's linear + GeLU epilogue groups) change no bit of
training.

A small GPT with dropout trains a few steps on one rank, on t = 2 tensor
ranks (the row-parallel bias add, dropout and residual add fuse there) and
on p = 2 with zb-h1 (linear + GeLU groups with a split backward), and
without dropout (residual add + layer norm) on one rank, each
once fused (the default) and once with --check-tensor-replicas, which runs
every step on its own. Losses and gradient norms must be equal, not close:
the fused kernels compute the steps' arithmetic in the steps' order."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mpi_checks import compile_model, fresh, run, tool_arguments  # noqa: E402

STEPS = 4


def metrics(path):
    with open(path) as f:
        return [(r["lm_loss"], r["grad_norm"]) for r in map(json.loads, f) if r]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    tool_arguments(p)
    a = p.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    models = {}
    for dropout in ("0.1", "0"):
        models[dropout] = os.path.join(a.workdir, f"model_dropout{dropout}.mlir")
        r = run([a.mtc_import, "--num-layers", "2", "--hidden-size", "64",
                 "--num-attention-heads", "4", "--vocab-size", "512", "--seq-length", "32",
                 "--hidden-dropout", dropout, "--attention-dropout", dropout,
                 "-o", models[dropout]], 120)
        if r.returncode != 0:
            sys.exit(f"mtc-import failed:\n{r.stdout}")
    # t = 2: the row-parallel bias add, dropout and residual add; p = 2 with
    # zb-h1: linear_dx and the GeLU backward adjacent, the W step after;
    # without dropout: the residual add with the layer norm after it.
    layouts = (("t=1", "0.1", 1, []), ("t=2", "0.1", 2, ["--tp", "2"]),
               ("p=2 zb-h1", "0.1", 2,
                ["--pp", "2", "--schedule", "zb-h1", "--global-batch-size", "8"]),
               ("t=1 no dropout", "0", 1, []))
    for name_, dropout, ranks, flags in layouts:
        out = os.path.join(a.workdir, name_.replace("=", "").replace(" ", "_"))
        compile_model([a.mtc_compile, models[dropout], "-o", out, "--micro-batch", "4"] + flags)
        runs = {}
        for name, extra in (("fused", []), ("unfused", ["--check-tensor-replicas"])):
            path = fresh(os.path.join(out, f"{name}.jsonl"))
            cmd = [os.path.join(out, "train"), "--synthetic", "--steps", str(STEPS),
                   "--threads", "2", "--metrics", path] + extra
            if ranks > 1:
                cmd = a.mpirun.split() + ["-np", str(ranks)] + cmd
            r = run(cmd, 300)
            if r.returncode != 0:
                sys.exit(f"{name_} {name} run failed (exit {r.returncode}):\n{r.stdout}")
            runs[name] = metrics(path)
        print(f"{name_}: fused {runs['fused']}\n     unfused {runs['unfused']}")
        if len(runs["fused"]) != STEPS or runs["fused"] != runs["unfused"]:
            sys.exit(f"{name_}: the fused run's losses / gradient norms differ from the "
                     "unfused run's (see above)")
    print("fused and unfused runs are bit-identical: " + ", ".join(l[0] for l in layouts))


if __name__ == "__main__":
    main()
