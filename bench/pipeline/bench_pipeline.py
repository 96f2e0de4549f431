#!/usr/bin/env python3
"""Pipeline bubble and memory on CPU, measured by the runtime.

For each layout (p, v, m) it compiles an 8-layer GPT (hidden 256, seq 128),
trains a few iterations on p MPI ranks with --pipeline-trace, and reads the
runtime's own report of the last iteration: the bubble from the measured
timeline, (makespan - busiest rank's compute) / busiest, next to the paper's
(p-1)/(v*m), and each stage's peak of activation arenas next to the
compiler's prediction. Layouts are run interleaved (A B C A B C ...) and the
median bubble is reported, since the 2 shared cores give noisy timings.
p=4 on 2 cores oversubscribes them: its bubble measures the OS scheduler as
much as the schedule, and is printed for completeness only.

usage: bench/pipeline/bench_pipeline.py [BUILD_DIR] [--repeats N] [--layouts 2,1,4 ...]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, env=None):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    if proc.returncode:
        sys.stdout.write(proc.stdout)
        raise SystemExit(f"bench_pipeline: failed: {' '.join(cmd)}")
    return proc.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--seq", type=int, default=128)
    ap.add_argument("--layouts", nargs="*",
                    default=["2,1,4", "2,1,8", "2,2,4", "2,2,8", "4,1,8", "4,2,8"])
    ap.add_argument("--workdir", default="/tmp/mtc-bench-pipeline")
    args = ap.parse_args()
    tools = os.path.join(args.build, "bin")
    os.makedirs(args.workdir, exist_ok=True)
    model = os.path.join(args.workdir, "model.mlir")
    heads = max(1, args.hidden // 64)
    run([os.path.join(tools, "mtc-import"), "--num-layers", "8", "--hidden-size", str(args.hidden),
         "--num-attention-heads", str(heads), "--seq-length", str(args.seq), "--vocab-size", "512",
         "--hidden-dropout", "0", "--attention-dropout", "0", "-o", model])
    layouts = [tuple(int(x) for x in l.split(",")) for l in args.layouts]
    for p, v, m in layouts:
        run([os.path.join(tools, "mtc-compile"), model, "-o",
             os.path.join(args.workdir, f"p{p}v{v}m{m}"), "--pp", str(p), "--vp", str(v),
             "--global-batch", str(m)])
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_btl_vader_single_copy_mechanism="none", OMPI_MCA_mpi_yield_when_idle="1")
    bubbles = {l: [] for l in layouts}
    memory = {}
    for _ in range(args.repeats):
        for p, v, m in layouts:
            name = f"p{p}v{v}m{m}"
            out = run(["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(p),
                       os.path.join(args.workdir, name, "train"), "--synthetic", "--steps",
                       str(args.steps), "--threads", "1", "--pipeline-trace",
                       os.path.join(args.workdir, name + ".trace.json")], env)
            bubbles[(p, v, m)].append(float(re.search(r"measured bubble ([\d.]+)", out).group(1)))
            memory[(p, v, m)] = re.findall(
                r"stage (\d+) activations: peak (\d+) B measured, (\d+) B predicted", out)
    print(f"GPT 8 layers, hidden {args.hidden}, seq {args.seq}, micro-batch 1; median of "
          f"{args.repeats} runs (last of {args.steps} iterations each); traces in {args.workdir}")
    print(f"{'p':>2} {'v':>2} {'m':>2} | {'bubble measured':>15} | {'(p-1)/(v*m)':>11} | "
          f"peak activations per stage, measured / predicted (KiB)")
    for p, v, m in layouts:
        mem = ", ".join(f"{int(a) // 1024}/{int(b) // 1024}" for _, a, b in memory[(p, v, m)])
        note = "  (p > cores: oversubscribed)" if p > (os.cpu_count() or 1) else ""
        print(f"{p:>2} {v:>2} {m:>2} | {statistics.median(bubbles[(p, v, m)]):>15.3f} | "
              f"{(p - 1) / (v * m):>11.3f} | {mem}{note}")


if __name__ == "__main__":
    main()
