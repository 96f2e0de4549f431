#!/usr/bin/env python3
"""Drives the tensor-parallel integration tests with real MPI ranks.

  tp_check.py run     --compile C --mpirun "M" --model X.mlir --out DIR --tp T [--sp]
                      [--reference A.jsonl] [train args]
      compiles X for t ranks and trains it on t MPI ranks; the per-step losses
      land in DIR/metrics.jsonl and, with --reference, are compared as below.
  tp_check.py compare --reference A.jsonl --candidate B.jsonl [--rtol 1e-5] [--steps N]
      fails unless every step's loss agrees within rtol (relative).
  tp_check.py expect-error --pattern REGEX [--count N] -- COMMAND...
      fails unless COMMAND exits non-zero within the time limit and its output
      holds REGEX (at least N times: once per rank).
"""
import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mpi_checks import compare, compile_model, expect_error, fresh, run  # noqa: E402


def cmd_run(args, extra):
    os.makedirs(args.out, exist_ok=True)
    train = os.path.join(args.out, "train")
    compile_cmd = [args.compile, args.model, "-o", args.out, "--tp", str(args.tp)]
    if args.seq:
        compile_cmd += ["--seq", str(args.seq)]
    if args.micro_batch:
        compile_cmd += ["--micro-batch", str(args.micro_batch)]
    if args.sp:
        compile_cmd.append("--sequence-parallel")
    compile_model(compile_cmd, f"compiling for tp={args.tp}")
    metrics = fresh(os.path.join(args.out, "metrics.jsonl"))
    launch = shlex.split(args.mpirun) + ["-np", str(args.tp)] if args.tp > 1 else []
    r = run(launch + [train, "--metrics", metrics] + extra, 120)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training with tp={args.tp} failed (exit {r.returncode})")
    if args.reference:
        args.candidate = metrics
        cmd_compare(args)


def cmd_compare(args):
    compare(args.reference, args.candidate, args.rtol, args.steps)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("--compile", required=True)
    r.add_argument("--mpirun", required=True)
    r.add_argument("--model", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--tp", type=int, required=True)
    r.add_argument("--seq", type=int, default=0)
    r.add_argument("--sp", action="store_true")
    r.add_argument("--micro-batch", type=int, default=0)
    r.add_argument("--reference")
    r.add_argument("--rtol", type=float, default=1e-5)
    r.add_argument("--compare-steps", dest="steps", type=int, default=10)
    c = sub.add_parser("compare")
    c.add_argument("--reference", required=True)
    c.add_argument("--candidate", required=True)
    c.add_argument("--rtol", type=float, default=1e-5)
    c.add_argument("--steps", type=int, default=10)
    e = sub.add_parser("expect-error")
    e.add_argument("--pattern", required=True)
    e.add_argument("--count", type=int, default=1)
    e.add_argument("--timeout", type=int, default=60)
    e.add_argument("command", nargs=argparse.REMAINDER)
    args, extra = p.parse_known_args()
    if args.mode == "run":
        cmd_run(args, extra)
    elif args.mode == "compare":
        if extra:
            p.error(f"unknown arguments {extra}")
        cmd_compare(args)
    else:
        if args.command and args.command[0] == "--":
            args.command = args.command[1:]
        expect_error(args.command, args.pattern, args.count, args.timeout)


if __name__ == "__main__":
    main()
