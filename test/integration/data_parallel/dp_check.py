#!/usr/bin/env python3
"""Drives the data-parallel integration tests with real MPI ranks.

  dp_check.py run --compile C --mpirun "M" --model X.mlir --out DIR --ranks N
                  [--compile-arg A ...] [--reference A.jsonl] [train args]
      compiles X (mtc-compile X -o DIR plus the --compile-arg values), trains
      it on N ranks (N=1: no mpirun); the losses land in DIR/metrics.jsonl and,
      with --reference, must match it step by step within --rtol (relative).
  dp_check.py fp16-overflow --inject N --steps S -- COMMAND...
      runs COMMAND (fp16 training with --inject-overflow-at N --log-interval 1)
      and fails unless iteration N was skipped with the loss scale halved,
      no iteration after N was skipped, and the last loss is finite.
  dp_check.py expect-error --pattern REGEX [--count N] [--timeout S] -- COMMAND...
      COMMAND must exit non-zero within S seconds with REGEX in its output
      at least N times.
  dp_check.py grad-dtype --dump FILE --expect bf16|fp32 -- COMMAND...
      runs COMMAND (training with --dump-grads FILE) and checks the dumped
      (reduced) gradients: with bf16, every value is a bf16 value (low 16 bits
      zero); with fp32, most non-zero values are not (fp32 accumulation).
  dp_check.py kill-rank --after-iteration N --bound B -- COMMAND...
      starts COMMAND (an mpirun of a long training run with --log-interval 1),
      SIGKILLs one rank process once iteration N has been logged, and fails
      unless the whole job has ended, with a non-zero status, within B seconds
      of the kill: a dead rank must never leave the others hanging in a
      collective. Waiting for a logged iteration instead of a fixed time keeps
      the test right on a loaded machine.
"""
import argparse
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mpi_checks import compare, compile_model, expect_error, fresh, run  # noqa: E402


def cmd_run(args, extra):
    os.makedirs(args.out, exist_ok=True)
    compile_model([args.compile, args.model, "-o", args.out] + args.compile_arg)
    metrics = fresh(os.path.join(args.out, "metrics.jsonl"))
    # A fresh run saves into an empty folder: train --save refuses to overwrite
    # the checkpoints a previous run of this test left (docs/checkpoints.md).
    if "--save" in extra and "--load" not in extra:
        shutil.rmtree(extra[extra.index("--save") + 1], ignore_errors=True)
    launch = shlex.split(args.mpirun) + ["-np", str(args.ranks)] if args.ranks > 1 else []
    r = run(launch + [os.path.join(args.out, "train"), "--metrics", metrics] + extra, 120)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training on {args.ranks} rank(s) failed (exit {r.returncode})")
    for pattern in args.expect_output:
        if not re.search(pattern, r.stdout):
            sys.exit(f"the training output lacks /{pattern}/")
    if args.reference:
        compare(args.reference, metrics, args.rtol, args.steps)
    if args.keep_metrics:
        os.replace(metrics, args.keep_metrics)


def cmd_fp16_overflow(args):
    r = run(args.command, 300)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"fp16 training failed (exit {r.returncode})")
    skips = {int(m.group(1)): (float(m.group(2)), float(m.group(3))) for m in re.finditer(
        r"iteration (\d+): gradients overflowed in fp16, step skipped; loss scale "
        r"([0-9.e+]+) -> ([0-9.e+]+)", r.stdout)}
    print(f"skipped iterations: {sorted(skips)}")
    if args.inject not in skips:
        sys.exit(f"iteration {args.inject} was not skipped")
    before, after = skips[args.inject]
    if after != before / 2:
        sys.exit(f"iteration {args.inject}: loss scale {before} -> {after}, not halved")
    later = [i for i in skips if i > args.inject]
    if later:
        sys.exit(f"iterations {later} after the injected overflow were skipped too")
    losses = [float(x) for x in re.findall(r"lm loss: ([-+0-9.eE]+|nan|inf)", r.stdout)]
    if len(losses) < args.steps or not all(math.isfinite(x) for x in losses):
        sys.exit(f"expected {args.steps} finite losses, got {losses}")
    print(f"iteration {args.inject} skipped, loss scale {before:g} -> {after:g}; "
          f"{len(losses)} finite losses, final {losses[-1]:.6f}")


def children(pid):
    """Direct children of pid, from /proc."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                out.append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    return out


def cmd_kill_rank(args):
    print("+", " ".join(shlex.quote(c) for c in args.command), flush=True)
    job = subprocess.Popen(args.command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, start_new_session=True)
    lines = []
    logged = re.compile(rf"iteration\s+{args.after_iteration}/")
    # Collect output on a thread so the pipe never fills; poll for the line.
    reader = threading.Thread(target=lambda: [lines.append(l) for l in job.stdout],
                              daemon=True)
    reader.start()
    deadline = time.monotonic() + args.start_timeout
    while not any(logged.search(l) for l in list(lines)):
        if job.poll() is not None:
            reader.join(5)
            print("".join(lines))
            sys.exit(f"the job ended (exit {job.returncode}) before iteration "
                     f"{args.after_iteration} was logged")
        if time.monotonic() > deadline:
            os.killpg(job.pid, signal.SIGKILL)
            print("".join(lines))
            sys.exit(f"iteration {args.after_iteration} was not logged within "
                     f"{args.start_timeout} s")
        time.sleep(0.1)
    ranks = children(job.pid)
    if not ranks:
        os.killpg(job.pid, signal.SIGKILL)
        sys.exit("found no rank processes under mpirun")
    victim = ranks[-1]
    print(f"killing rank process {victim} of {sorted(ranks)}", flush=True)
    os.kill(victim, signal.SIGKILL)
    killed_at = time.monotonic()
    try:
        job.wait(timeout=args.bound)
    except subprocess.TimeoutExpired:
        os.killpg(job.pid, signal.SIGKILL)
        job.wait()
        sys.exit(f"the job still ran {args.bound} s after a rank died: it hangs")
    elapsed = time.monotonic() - killed_at
    reader.join(5)
    print("".join(lines))
    if job.returncode == 0:
        sys.exit("the job exited 0 although a rank was killed")
    print(f"the job ended {elapsed:.1f} s after the kill with exit {job.returncode} "
          f"(bound {args.bound} s)")


def cmd_grad_dtype(args):
    import numpy as np
    fresh(args.dump)
    r = run(args.command, 300)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training failed (exit {r.returncode})")
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "numerics"))
    import safetensors_io  # noqa: E402
    tensors, _ = safetensors_io.read(args.dump)
    total = wide = 0
    for values in tensors.values():
        bits = np.ascontiguousarray(values, dtype="<f4").view(np.uint32)
        bits = bits[(bits & 0x7FFFFFFF) != 0]
        total += bits.size
        wide += int(np.count_nonzero(bits & 0xFFFF))
    print(f"{total} non-zero gradient values, {wide} with non-zero low 16 bits")
    if total == 0:
        sys.exit("the dump holds no non-zero gradient")
    if args.expect == "bf16" and wide:
        sys.exit(f"{wide} gradient values are not bf16 values: not reduced in bf16")
    if args.expect == "fp32" and wide < total // 2:
        sys.exit(f"only {wide} of {total} gradient values use fp32's low bits: not fp32")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)
    r = sub.add_parser("run")
    r.add_argument("--compile", required=True)
    r.add_argument("--mpirun", required=True)
    r.add_argument("--model", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--ranks", type=int, required=True)
    r.add_argument("--compile-arg", action="append", default=[])
    r.add_argument("--expect-output", action="append", default=[])
    r.add_argument("--reference")
    r.add_argument("--rtol", type=float, default=1e-5)
    r.add_argument("--compare-steps", dest="steps", type=int, default=10)
    r.add_argument("--keep-metrics", help="move metrics.jsonl here afterwards")
    e = sub.add_parser("expect-error")
    e.add_argument("--pattern", required=True)
    e.add_argument("--count", type=int, default=1)
    e.add_argument("--timeout", type=int, default=60)
    e.add_argument("command", nargs=argparse.REMAINDER)
    k = sub.add_parser("kill-rank")
    k.add_argument("--after-iteration", type=int, default=2)
    k.add_argument("--start-timeout", type=float, default=120.0)
    k.add_argument("--bound", type=float, default=30.0)
    k.add_argument("command", nargs=argparse.REMAINDER)
    f = sub.add_parser("fp16-overflow")
    f.add_argument("--inject", type=int, required=True)
    f.add_argument("--steps", type=int, required=True)
    f.add_argument("command", nargs=argparse.REMAINDER)
    g = sub.add_parser("grad-dtype")
    g.add_argument("--dump", required=True)
    g.add_argument("--expect", choices=["bf16", "fp32"], required=True)
    g.add_argument("command", nargs=argparse.REMAINDER)
    args, extra = p.parse_known_args()
    if args.mode == "run":
        cmd_run(args, extra)
        return
    if extra:
        p.error(f"unknown arguments {extra}")
    if args.command and args.command[0] == "--":
        args.command = args.command[1:]
    if args.mode == "expect-error":
        expect_error(args.command, args.pattern, args.count, args.timeout)
    elif args.mode == "fp16-overflow":
        cmd_fp16_overflow(args)
    elif args.mode == "grad-dtype":
        cmd_grad_dtype(args)
    else:
        cmd_kill_rank(args)


if __name__ == "__main__":
    main()
