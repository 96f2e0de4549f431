#!/usr/bin/env python3
"""Per-step time split into compute, exposed communication and bubble on CPU ranks.

  bench/dp/step_split.py --compile BUILD/bin/mtc-compile [--model models/gpt2-tiny.mlir]
                         [--ranks 8] [--steps 6] [--repeats 3] [--work /tmp/mtc-bench-dp]

Three configurations on RANKS ranks, interleaved (A B C A B C ...) as
docs/TOOLCHAIN.md asks on this noisy host: pure data parallelism with the
gradient all-reduce in 1 MiB buckets that start during the backward, the same
with one all-reduce after the backward, and (t, p, d) = (2, 2, RANKS/4) with
v = 2 and sequence parallelism. Per step:
  exposed communication = the wait for the data-parallel gradient reduction
                          after the backward (the trainer's own measurement),
  bubble                = the pipeline's measured idle fraction of the last
                          iteration's makespan, times the makespan (0 without
                          a pipeline),
  compute               = step time - exposed communication - bubble
                          (tensor-parallel collectives count as compute).
Prints medians over the repeats.
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
    gb = 2 * args.ranks
    dp_dir = os.path.join(args.work, f"d{args.ranks}")
    run([args.compile, args.model, "-o", dp_dir, "--dp", str(args.ranks), "--seq", str(args.seq)])
    grid_dir = os.path.join(args.work, "t2p2d2")
    run([args.compile, args.model, "-o", grid_dir, "--seq", str(args.seq), "--tp", "2", "--pp", "2",
         "--vp", "2", "--dp", str(args.ranks // 4), "--sequence-parallel",
         "--global-batch", str(gb)])
    configs = {
        f"d={args.ranks}, buckets of 1 MiB, overlapped": (dp_dir, ["--dp-bucket-mb", "1"]),
        f"d={args.ranks}, one all-reduce after backward": (dp_dir, ["--dp-bucket-mb", "0"]),
        f"(t,p,d)=(2,2,{args.ranks // 4}) v=2, SP": (grid_dir, []),
    }
    samples = {c: {"step": [], "exposed": [], "bubble": []} for c in configs}
    for _ in range(args.repeats):
        for name, (folder, extra) in configs.items():
            log = run(["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(args.ranks),
                       os.path.join(folder, "train"), "--synthetic", "--steps", str(args.steps),
                       "--global-batch", str(gb), "--threads", "1",
                       "--log-interval", str(args.steps)] + extra)
            # Mean ms per iteration over the logged interval (first step included).
            step = float(re.search(r"elapsed time per iteration \(ms\): ([0-9.]+)", log).group(1))
            m = re.search(r"exposed communication ([0-9.]+) ms per step", log)
            exposed = float(m.group(1)) if m else 0.0
            # The busiest pipeline rank's idle time in the last iteration.
            b = re.search(r"measured bubble [0-9.]+ \(share ([0-9.]+)\), span ([0-9.]+) ms", log)
            bubble = float(b.group(1)) * float(b.group(2)) if b else 0.0
            samples[name]["step"].append(step)
            samples[name]["exposed"].append(exposed)
            samples[name]["bubble"].append(bubble)
    print(f"gpt2-tiny, seq {args.seq}, {args.ranks} CPU ranks, global batch {gb}, "
          f"{args.steps} steps x {args.repeats} interleaved repeats, medians (ms per step):")
    print(f"{'configuration':40s} {'step':>8s} {'compute':>8s} {'exposed comm':>13s} "
          f"{'bubble':>7s}")
    for name in configs:
        med = {k: statistics.median(v) for k, v in samples[name].items()}
        compute = med["step"] - med["exposed"] - med["bubble"]
        print(f"{name:40s} {med['step']:8.1f} {compute:8.1f} {med['exposed']:13.1f} "
              f"{med['bubble']:7.1f}")


if __name__ == "__main__":
    main()
