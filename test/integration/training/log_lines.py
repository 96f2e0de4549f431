#!/usr/bin/env python3
"""Under mpirun a rank's stdout is a pseudo-terminal even when the job's output
goes to a file (OpenMPI), so the training log must not draw its progress bar
there: the log of `mpirun -np 4` (t=2 x d=2) has whole lines only, every one of
them ending in a newline, and one rank prints each log line."""
import argparse
import os
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--bin", required=True)
ap.add_argument("--mpirun", required=True)
args = ap.parse_args()

with tempfile.TemporaryDirectory() as work:
    model = os.path.join(work, "m.mlir")
    for cmd in ([os.path.join(args.bin, "mtc-import"), "--num-layers", "1", "--hidden-size", "32",
                 "--num-attention-heads", "2", "--seq-length", "16", "--vocab-size", "64",
                 "-o", model],
                [os.path.join(args.bin, "mtc-compile"), model, "-o", os.path.join(work, "out"),
                 "--tensor-model-parallel-size", "2", "--data-parallel-size", "2"]):
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"FAIL: {' '.join(cmd)}\n{r.stdout}{r.stderr}")
    cmd = args.mpirun.split() + ["-np", "4", os.path.join(work, "out", "train"), "--mock-data",
                                 "--train-iters", "6", "--log-interval", "3",
                                 "--global-batch-size", "4"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"FAIL: training exited {r.returncode}\n{r.stderr}")
    for it in (3, 6):
        lines = r.stdout.count(f"iteration        {it}/       6 |")
        if lines != 1:
            sys.exit(f"FAIL: the log has {lines} lines for iteration {it}, not one")
    if "\r" in r.stdout or "\x1b[" in r.stdout:
        sys.exit("FAIL: the log under mpirun holds carriage returns or terminal escapes "
                 "(a progress bar)")
print("PASS: whole lines only")
