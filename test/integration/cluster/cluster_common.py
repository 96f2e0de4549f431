"""What the cluster tests share: commands with a bounded run time that leave no
process behind, the training job they all run (gpt2-tiny at t=2 x p=2 on
Debian's fortunes, tokenized by mtc-data), and the exit status ctest reads as
"skipped"."""
import argparse
import os
import shlex
import signal
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mpi_checks import compare, fresh  # noqa: E402,F401  (re-exported for the drivers)

SKIP = 77  # SKIP_RETURN_CODE of every cluster test
FORTUNES = "/usr/share/games/fortunes/computers"


def skip(reason):
    print(f"SKIPPED: {reason}", flush=True)
    sys.exit(SKIP)


def arguments(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--bin", required=True, help="folder with mtc-data and mtc-compile")
    p.add_argument("--model", required=True, help="gpt2-tiny.mlir")
    p.add_argument("--mpirun", required=True, help="mpirun command, space separated")
    p.add_argument("--work", required=True, help="a folder this test may fill")
    return p


def run_bounded(cmd, timeout, env=None, cwd=None):
    """(exit status, output) of CMD, run in its own process group. Past
    `timeout` seconds the whole group (a launcher, its daemons and ranks) is
    killed and the test fails: a hang is a failure, never a wait."""
    print("+", " ".join(shlex.quote(c) for c in cmd), flush=True)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         env=env, cwd=cwd, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        print(out)
        sys.exit(f"FAIL: {os.path.basename(cmd[0])} ran longer than {timeout} s (killed)")
    return p.returncode, out


def must_run(cmd, timeout, what, env=None):
    code, out = run_bounded(cmd, timeout, env)
    print(out, flush=True)
    if code != 0:
        sys.exit(f"FAIL: {what} exited {code}")
    return out


def expect_in(text, needle, what):
    if needle not in text:
        sys.exit(f"FAIL: {what}: expected {needle!r} in the output")


def expect_refusal(cmd, timeout, needle, what, env=None):
    """The output of CMD, which must fail within `timeout` seconds saying `needle`."""
    code, out = run_bounded(cmd, timeout, env)
    print(out, flush=True)
    if code == 0:
        sys.exit(f"FAIL: {what} was accepted")
    expect_in(out, needle, what)
    return out


class Job:
    """The training job of the cluster tests, prepared in `work`: the fortunes
    tokenized with GPT-2's BPE, gpt2-tiny compiled for t=2 x p=2 (4 ranks)."""

    STEPS = 8

    def __init__(self, args):
        if not os.path.exists(FORTUNES):
            skip(f"{FORTUNES} is missing; run scripts/setup.sh (package fortunes)")
        self.work = os.path.abspath(args.work)
        os.makedirs(self.work, exist_ok=True)
        self.mpirun = shlex.split(args.mpirun)
        self.data = os.path.join(self.work, "fortunes")
        must_run([os.path.join(args.bin, "mtc-data"), "--format", "fortune", "--input", FORTUNES,
                  "--output-prefix", self.data], 120, "mtc-data")
        self.out = os.path.join(self.work, "t2p2")
        must_run([os.path.join(args.bin, "mtc-compile"), args.model, "-o", self.out, "--tp", "2",
                  "--pp", "2", "--seq", "32", "--global-batch", "4"], 300, "mtc-compile")
        self.train = os.path.join(self.out, "train")

    def args(self, metrics, steps=STEPS):
        """train's flags; the per-step losses go to `metrics` (a fresh file)."""
        return ["--data", self.data, "--steps", str(steps), "--global-batch", "4",
                "--threads", "1", "--seed", "3", "--log-interval", "2",
                "--metrics", fresh(os.path.join(self.work, metrics))]

    def metrics(self, name):
        return os.path.join(self.work, name)

    def reference(self):
        """The one-node run every launch is compared with: mpirun -np 4."""
        must_run(self.mpirun + ["-np", "4", self.train] + self.args("reference.jsonl"), 120,
                 "the one-node reference run")
        return self.metrics("reference.jsonl")
