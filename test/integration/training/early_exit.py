#!/usr/bin/env python3
"""Stopping a run early, as Megatron-LM does, on two MPI ranks (t = 2):

--exit-interval K      stops after iteration K, saves, exits 0;
--exit-duration-in-mins stops after the first iteration past the limit
                       (a limit of 1e-9 minutes is passed by every iteration);
SIGTERM                (as SLURM pre-empts: sent to ONE rank) every rank stops
                       after the same iteration, saves, exits 128 + 15.

Each stopped run resumes from its checkpoint with the losses of a run that was
never stopped (bit for bit: same data, same dropout stream). Nothing here
depends on timing: the signal is sent once iteration 2 is in the metrics file,
and the iteration it stops after is read back from the log.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--bin", required=True)
ap.add_argument("--mpirun", required=True)
ap.add_argument("--workdir", required=True)
args = ap.parse_args()

shutil.rmtree(args.workdir, ignore_errors=True)
os.makedirs(args.workdir)
work = lambda *p: os.path.join(args.workdir, *p)


def run(cmd, timeout=300):
    print("+", " ".join(cmd), flush=True)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=timeout)
    print(r.stdout)
    return r


def must(cmd):
    r = run(cmd)
    if r.returncode != 0:
        sys.exit(f"FAIL: exit {r.returncode}: {' '.join(cmd)}")
    return r.stdout


def losses(path):
    with open(path) as f:
        return {row["iteration"]: row["lm_loss"] for row in map(json.loads, f)}


must([os.path.join(args.bin, "mtc-import"), "--num-layers", "2", "--hidden-size", "32",
      "--num-attention-heads", "2", "--seq-length", "16", "--vocab-size", "96",
      "-o", work("m.mlir")])
must([os.path.join(args.bin, "mtc-compile"), work("m.mlir"), "-o", work("out"),
      "--tensor-model-parallel-size", "2", "--micro-batch-size", "2"])
mpirun = args.mpirun.split() + ["-np", "2", work("out", "train"), "--mock-data",
                                "--global-batch-size", "4", "--lr-warmup-iters", "2",
                                "--lr-decay-iters", "40"]


def train(iters, *extra, metrics=None):
    cmd = mpirun + ["--train-iters", str(iters)] + list(extra)
    if metrics:
        cmd += ["--metrics", metrics]
    return run(cmd)


def same_losses(reference, resumed, first, last):
    ref, got = losses(reference), losses(resumed)
    for it in range(first, last + 1):
        if got.get(it) != ref.get(it):
            sys.exit(f"FAIL: iteration {it}: resumed loss {got.get(it)} != uninterrupted "
                     f"{ref.get(it)}")
    print(f"iterations {first}-{last}: resumed losses equal the uninterrupted run's")


ref = work("ref.jsonl")
if train(8, metrics=ref).returncode != 0:
    sys.exit("FAIL: the uninterrupted run failed")

# --exit-interval 3: stops after 3, saves, status 0; the resumed run continues.
r = train(8, "--exit-interval", "3", "--save", work("ck_interval"))
if r.returncode != 0 or "exiting after iteration 3 of 8: --exit-interval 3, saving first" \
        not in r.stdout or "saved checkpoint at iteration 3" not in r.stdout:
    sys.exit(f"FAIL: --exit-interval 3 (exit {r.returncode})")
if "iteration        4/" in r.stdout:
    sys.exit("FAIL: iteration 4 ran after --exit-interval 3")
r = train(8, "--load", work("ck_interval"), metrics=work("interval.jsonl"))
if r.returncode != 0:
    sys.exit("FAIL: resuming after --exit-interval")
same_losses(ref, work("interval.jsonl"), 4, 8)

# --exit-duration-in-mins: a limit every iteration passes stops after the first.
r = train(8, "--exit-duration-in-mins", "1e-9", "--save", work("ck_duration"))
if r.returncode != 0 or "exiting after iteration 1 of 8: --exit-duration-in-mins 1e-09 " \
        "reached, saving first" not in r.stdout:
    sys.exit(f"FAIL: --exit-duration-in-mins (exit {r.returncode})")
if not os.path.isdir(work("ck_duration", "iter_0000001")):
    sys.exit("FAIL: no checkpoint of iteration 1 after --exit-duration-in-mins")

# SIGTERM to one rank of a long run: both stop after the same iteration, save,
# and exit with the status of a process ended by SIGTERM.
metrics = work("signal.jsonl")
cmd = mpirun + ["--train-iters", "100000", "--save", work("ck_signal"), "--metrics", metrics]
print("+", " ".join(cmd), flush=True)
job = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
deadline = time.time() + 240
while time.time() < deadline and job.poll() is None:
    if os.path.exists(metrics) and sum(1 for _ in open(metrics)) >= 2:
        break
    time.sleep(0.1)
ranks = subprocess.run(["pgrep", "-P", str(job.pid)], capture_output=True, text=True).stdout.split()
if job.poll() is not None or len(ranks) != 2:
    job.kill()
    sys.exit(f"FAIL: the job did not reach iteration 2 with two rank processes ({ranks})\n"
             f"{job.communicate()[0]}")
os.kill(int(ranks[-1]), signal.SIGTERM)
try:
    out, _ = job.communicate(timeout=240)
except subprocess.TimeoutExpired:
    job.kill()
    sys.exit(f"FAIL: the job did not stop after SIGTERM\n{job.communicate()[0]}")
print(out)
stopped = re.search(r"exiting after iteration (\d+) of 100000: received SIGTERM, saving first",
                    out)
if not stopped:
    sys.exit("FAIL: no 'exiting after iteration K: received SIGTERM' line")
k = int(stopped.group(1))
if f"saved checkpoint at iteration {k} " not in out:
    sys.exit(f"FAIL: no checkpoint saved at iteration {k}")
if job.returncode == 0:
    sys.exit("FAIL: a run stopped by SIGTERM exited 0")
print(f"stopped after iteration {k}, saved, mpirun exit {job.returncode}")
if train(k + 2, "--load", work("ck_signal"), metrics=work("resumed.jsonl")).returncode != 0:
    sys.exit("FAIL: resuming after SIGTERM")
if train(k + 2, metrics=work("ref_signal.jsonl")).returncode != 0:
    sys.exit("FAIL: the uninterrupted reference run")
same_losses(work("ref_signal.jsonl"), work("resumed.jsonl"), k + 1, k + 2)
print("PASS: early exits save and resume exactly")
