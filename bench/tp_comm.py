#!/usr/bin/python3
"""Tensor-parallel communication per training step and rank, measured against
the analytic minimum.

For each configuration (t, sequence parallelism) the model is compiled and
trained a few steps on t MPI ranks; the runtime counts what its tensor group
moved (runtime/exec/TensorParallel.cpp, CountingCommunicator) and prints it.
This script prints it next to the minimum that Megatron-LM's scheme needs
(Shoeybi et al. 2019; Korthikanti et al. 2022), in ring "wire" bytes, where
an all-reduce of N bytes sends 2(t-1)/t N per rank and an all-gather or a
reduce-scatter (t-1)/t N, so both layouts have the same minimum:

  per micro-batch: (4 L + 2) all-reduces of b*s*h floats (2 forward + 2 backward
                   per layer; the embedding's g forward and the output layer's
                   f backward), 3 all-reduces of b*s floats (the cross-entropy's
                   row max, target logit and sum of exponentials; logits are
                   never gathered)
  per step:        the gradient-norm all-reduce (one double); with sequence
                   parallelism also the all-reduce of the gradients each rank
                   holds only for its shard: layer norms and row-parallel biases
                   ((6 L + 2) h) and the position table (positions * h).

The ratio measured / minimum must be 1.00 (exit status 1 otherwise).

  bench/tp_comm.py --build BUILD [--model models/gpt2-tiny.mlir] [--seq 32]
                   [--micro-batch 1] [--global-batch 2] [--tp 2 4] [--steps 3]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TRAFFIC = re.compile(r"tensor-parallel traffic per step per rank: ([\d.]+) all-reduces, "
                     r"([\d.]+) all-gathers, ([\d.]+) reduce-scatters; payload (\d+) bytes, "
                     r"ring wire (\d+) bytes")


def model_dims(plan_txt):
    text = open(plan_txt).read()
    model = text[text.index("model {"):text.index("}", text.index("model {"))]
    get = lambda key: int(re.search(rf"\b{key}: (\d+)", model).group(1))
    return {k: get(k) for k in ("layers", "hidden", "positions", "seq", "micro_batch")}


def minimum_wire_bytes(d, t, sp, micro_batches):
    ar = lambda floats, size=4: 2.0 * (t - 1) / t * floats * size
    b, s, h, L = d["micro_batch"], d["seq"], d["hidden"], d["layers"]
    per_micro = (4 * L + 2) * ar(b * s * h) + 3 * ar(b * s)
    per_step = ar(1, size=8)  # global gradient norm, a double
    if sp:
        per_step += ar((6 * L + 2) * h + d["positions"] * h)
    return micro_batches * per_micro + per_step


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", required=True, help="build folder (bin/mtc-compile)")
    p.add_argument("--model", default=os.path.join(HERE, "..", "models", "gpt2-tiny.mlir"))
    p.add_argument("--seq", type=int, default=32)
    p.add_argument("--micro-batch", type=int, default=1)
    p.add_argument("--global-batch", type=int, default=2)
    p.add_argument("--tp", type=int, nargs="+", default=[2, 4])
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--mpirun", default="mpirun --oversubscribe --bind-to none")
    args = p.parse_args()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_btl_vader_single_copy_mechanism="none", OMPI_MCA_mpi_yield_when_idle="1")
    compiler = os.path.join(args.build, "bin", "mtc-compile")
    work = tempfile.mkdtemp(prefix="tp_comm.")
    print(f"{'config':<12} {'AR':>6} {'AG':>6} {'RS':>6} {'measured wire B':>16} "
          f"{'minimum wire B':>16} {'ratio':>6}")
    ok = True
    for t in args.tp:
        for sp in (False, True):
            name = f"t{t}{'-sp' if sp else ''}"
            out = os.path.join(work, name)
            cmd = [compiler, args.model, "-o", out, "--tp", str(t), "--seq", str(args.seq),
                   "--micro-batch", str(args.micro_batch)] + (["--sequence-parallel"] if sp else [])
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            run = args.mpirun.split() + ["-np", str(t), os.path.join(out, "train"), "--synthetic",
                                         "--steps", str(args.steps), "--global-batch",
                                         str(args.global_batch), "--threads", "1"]
            r = subprocess.run(run, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
            m = TRAFFIC.search(r.stdout)
            if r.returncode != 0 or not m:
                print(r.stdout)
                sys.exit(f"{name}: training failed or printed no traffic line")
            d = model_dims(os.path.join(out, "plan.txt"))
            micro = args.global_batch // args.micro_batch
            minimum = minimum_wire_bytes(d, t, sp, micro)
            measured = float(m.group(5))
            ratio = measured / minimum
            ok &= f"{ratio:.2f}" == "1.00"
            print(f"{name:<12} {float(m.group(1)):>6.1f} {float(m.group(2)):>6.1f} "
                  f"{float(m.group(3)):>6.1f} {measured:>16.0f} {minimum:>16.0f} {ratio:>6.2f}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
