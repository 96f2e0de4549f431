#!/usr/bin/env python3
"""Drives the context-parallel integration tests with real MPI ranks.

  cp_check.py run --compile C --mpirun "M" --model X.mlir --out DIR --np N
                  [--compile-arg=ARG ...] [--reference A.jsonl] [--rtol R]
                  [--compare-steps N] [--clean DIR] [train args]
      compiles X with the given mtc-compile arguments and trains it on N MPI
      ranks (1: without mpirun); the per-step losses land in DIR/metrics.jsonl
      and, with --reference, are compared (relative) with the reference's. Without
      a pipeline, rank 0's measured activation peak and ring blocks must equal
      the plan's to the byte.
  cp_check.py expect-error --pattern REGEX [--count N] -- COMMAND...
      fails unless COMMAND exits non-zero within the time limit with REGEX in
      its output.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mpi_checks import compare, compile_model, expect_error, fresh, run  # noqa: E402


def check_memory(output):
    """Rank 0's measured activation peak (and ring blocks) equal the plan's."""
    m = re.search(r"activation memory \(rank 0\): measured peak (\d+) B, plan (\d+) B"
                  r"(?:; ring attention's key/value blocks (\d+) B, plan (\d+) B)?", output)
    if not m:
        sys.exit("train printed no 'activation memory' line")
    measured, plan, ring, ring_plan = m.groups()
    if measured != plan or ring != ring_plan:
        sys.exit(f"memory differs from the plan: {m.group(0)}")
    print(f"memory as planned: {m.group(0)}")


def cmd_run(args, extra):
    if args.clean and os.path.isdir(args.clean):
        shutil.rmtree(args.clean)  # what an earlier run of the test saved
    os.makedirs(args.out, exist_ok=True)
    compile_model([args.compile, args.model, "-o", args.out] + args.compile_arg,
                  f"compiling with {' '.join(args.compile_arg)}")
    metrics = fresh(os.path.join(args.out, "metrics.jsonl"))
    launch = shlex.split(args.mpirun) + ["-np", str(args.np)] if args.np > 1 else []
    r = run(launch + [os.path.join(args.out, "train"), "--metrics", metrics] + extra, 300)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training on {args.np} rank(s) failed (exit {r.returncode})")
    if "--pp" not in args.compile_arg:  # a pipeline stage reports its own memory
        check_memory(r.stdout)
    if args.reference:
        compare(args.reference, metrics, args.rtol, args.steps)
        compare_sentence_order(args.reference, metrics, args.rtol)


def compare_sentence_order(reference, candidate, rtol):
    """BERT's sentence-order loss too, where the reference has one."""
    def sop(path):
        with open(path) as f:
            rows = [json.loads(line) for line in f if line.strip()]
        return {r["iteration"]: r["sop_loss"] for r in rows if "sop_loss" in r}
    ref, got = sop(reference), sop(candidate)
    if not ref:
        return
    for i in sorted(got):
        rel = abs(ref[i] - got[i]) / max(abs(ref[i]), 1e-30)
        if i not in ref or rel > rtol:
            sys.exit(f"iteration {i}: sentence-order loss {got[i]} against {ref.get(i)}")
    print(f"sentence-order losses within {rtol:g} over iterations {sorted(got)}")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("--compile", required=True)
    r.add_argument("--mpirun", required=True)
    r.add_argument("--model", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--np", type=int, required=True)
    r.add_argument("--compile-arg", action="append", default=[])
    r.add_argument("--clean", help="a folder to remove first (the run's --save)")
    r.add_argument("--reference")
    r.add_argument("--rtol", type=float, default=1e-5)
    r.add_argument("--compare-steps", dest="steps", type=int, default=10)
    e = sub.add_parser("expect-error")
    e.add_argument("--pattern", required=True)
    e.add_argument("--count", type=int, default=1)
    e.add_argument("--timeout", type=int, default=60)
    e.add_argument("command", nargs=argparse.REMAINDER)
    args, extra = p.parse_known_args()
    if args.mode == "run":
        cmd_run(args, extra)
    else:
        if extra:
            p.error(f"unknown arguments {extra}")
        command = args.command[1:] if args.command[:1] == ["--"] else args.command
        expect_error(command, args.pattern, args.count, args.timeout)


if __name__ == "__main__":
    main()
