#!/usr/bin/env python3
"""Per-step time split into compute, exposed communication and bubble on CPU ranks.

  bench/dp/step_split.py --compile BUILD/bin/mtc-compile [--model models/gpt2-tiny.mlir]
                         [--ranks 8] [--steps 6] [--repeats 3] [--work /tmp/mtc-bench-dp]

Compiles the model for d = RANKS data-parallel ranks and trains it with the
gradient all-reduce in buckets that start during the backward (--dp-bucket-mb 1)
and as one all-reduce after the backward (--dp-bucket-mb 0), interleaving the
two (A B A B ...) as docs/TOOLCHAIN.md asks on this noisy host. Per step:
  exposed communication = the wait for gradient all-reduces after the backward
                          (the trainer's own measurement),
  bubble                = 0 (no pipeline; pipeline runs report theirs in
                          their --pipeline-trace),
  compute               = step time - exposed communication - bubble.
Prints medians over the repeats and the ratio of exposed communication.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_btl_vader_single_copy_mechanism="none", OMPI_MCA_mpi_yield_when_idle="1")


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       env=ENV, timeout=600)
    if r.returncode != 0:
        sys.exit(f"failed ({r.returncode}): {' '.join(cmd)}\n{r.stdout}")
    return r.stdout


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--compile", required=True)
    p.add_argument("--model", default=os.path.join(root, "models", "gpt2-tiny.mlir"))
    p.add_argument("--ranks", type=int, default=8)
    p.add_argument("--steps", type=int, default=6)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seq", type=int, default=64)
    p.add_argument("--work", default="/tmp/mtc-bench-dp")
    args = p.parse_args()
    out = os.path.join(args.work, f"d{args.ranks}")
    run([args.compile, args.model, "-o", out, "--dp", str(args.ranks), "--seq", str(args.seq)])
    modes = {"overlapped buckets (1 MiB)": "1", "one all-reduce after the backward": "0"}
    samples = {m: {"step": [], "exposed": []} for m in modes}
    for _ in range(args.repeats):
        for mode, mb in modes.items():
            log = run(["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(args.ranks),
                       os.path.join(out, "train"), "--synthetic", "--steps", str(args.steps),
                       "--global-batch", str(2 * args.ranks), "--threads", "1",
                       "--log-interval", str(args.steps), "--dp-bucket-mb", mb])
            # Mean ms per iteration over the logged interval (first step included).
            step = float(re.search(r"elapsed time per iteration \(ms\): ([0-9.]+)", log).group(1))
            m = re.search(r"exposed communication ([0-9.]+) ms per step", log)
            exposed = float(m.group(1)) if m else float("nan")
            samples[mode]["step"].append(step)
            samples[mode]["exposed"].append(exposed)
    print(f"gpt2-tiny, seq {args.seq}, {args.ranks} CPU ranks (d={args.ranks}), "
          f"global batch {2 * args.ranks}, {args.repeats} interleaved repeats, medians:")
    print(f"{'gradient sync':38s} {'step ms':>9s} {'compute':>9s} {'exposed comm':>13s} "
          f"{'bubble':>7s}")
    for mode in modes:
        step = statistics.median(samples[mode]["step"])
        exposed = statistics.median(samples[mode]["exposed"])
        print(f"{mode:38s} {step:9.1f} {step - exposed:9.1f} {exposed:13.1f} {0.0:7.1f}")


if __name__ == "__main__":
    main()
