#!/usr/bin/env python3
"""Drives the checkpoint integrity tests (docs/checkpoints.md) with real MPI
ranks and a compiled gpt2-tiny (t=2 on 2 ranks; a 1-rank program for loading
across layouts). Every scenario first saves iteration 2, then damages or
interrupts the save of iteration 4, and checks that the failure is reported
(non-zero exit, the file and the reason named), that the marker still names
iteration 2 and that iteration 2 loads and continues with the reference losses.

  ckpt_check.py build --compile C --model X.mlir --mpirun "M" --work W
      compiles W/t2, W/t1 and W/p2 and runs the 4-step reference (W/reference.jsonl).
  ckpt_check.py io-fault --work W --mpirun "M" --case DIR --shim LIB
                --op write|fsync|rename --path SUBSTRING --expect REGEX
      the save of iteration 4 under an injected I/O error (LD_PRELOAD shim).
  ckpt_check.py tmpfs-full --work W --mpirun "M" --case DIR
      the save of iteration 4 into a tmpfs with room for one checkpoint; exits
      77 (skipped) when mounting is not permitted here.
  ckpt_check.py kill-in-save --work W --mpirun "M" --case DIR
      rank 1 SIGKILLs itself after writing its file of iteration 4; the resumed
      run ignores and removes the unfinished folder and matches the reference.
  ckpt_check.py bit-flip --work W --mpirun "M" --case DIR
      one flipped byte in rank 1's tensor data: the same-layout and the
      cross-layout loads refuse, naming the file and the tensor.
  ckpt_check.py resume-trace --work W --mpirun "M" --case DIR
      a pipeline run (p=2) resumed with the same --pipeline-trace keeps the
      earlier run's timeline and adds its own as another process.
  ckpt_check.py missing-marker --work W --mpirun "M" --case DIR
      no latest_checkpointed_iteration.txt: --load/--save DIR resumes from the
      newest verified iteration folder instead of starting over.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from mpi_checks import compare, compile_model, fresh, run  # noqa: E402

TRAIN = ["--synthetic", "--global-batch", "4", "--threads", "1", "--seed", "7",
         "--log-interval", "1", "--decay-steps", "4"]
MARKER = "latest_checkpointed_iteration.txt"


class Job:
    def __init__(self, args):
        self.work, self.mpirun = args.work, shlex.split(args.mpirun)
        self.case = getattr(args, "case", None)
        self.ckpt = os.path.join(self.case, "ckpt") if self.case else None
        self.metrics = os.path.join(self.case, "metrics.jsonl") if self.case else None

    def train(self, extra, ranks=2, env=(), expect_ok=True, timeout=180, layout=None):
        program = os.path.join(self.work, layout or ("t2" if ranks == 2 else "t1"), "train")
        launch = self.mpirun + ["-np", str(ranks)] if ranks > 1 else []
        wrapper = ["env"] + list(env) if env else []
        r = run(launch + wrapper + [program] + TRAIN + extra, timeout)
        print(r.stdout)
        if expect_ok and r.returncode != 0:
            sys.exit(f"training failed (exit {r.returncode})")
        if not expect_ok and r.returncode == 0:
            sys.exit("training succeeded although the save (or load) must fail")
        return r.stdout

    def fresh_case(self):
        shutil.rmtree(self.case, ignore_errors=True)
        os.makedirs(self.case)

    def save_iteration_2(self, ckpt=None, extra=()):
        self.train(["--steps", "2", "--save", ckpt or self.ckpt, "--metrics", self.metrics]
                   + list(extra))

    def expect_marker(self, iteration, ckpt=None):
        with open(os.path.join(ckpt or self.ckpt, MARKER)) as f:
            text = f.read()
        if text.strip() != str(iteration):
            sys.exit(f"the marker holds {text!r}, expected {iteration}")

    def expect_resumes_from_2(self, ckpt=None):
        """Iteration 2 loads and the next two losses match the reference."""
        ckpt = ckpt or self.ckpt
        out = self.train(["--steps", "4", "--load", ckpt, "--metrics", self.metrics])
        expect(out, re.escape(f"loaded checkpoint from '{ckpt}/iter_0000002' at iteration 2"))
        compare(os.path.join(self.work, "reference.jsonl"), self.metrics, 1e-5, 4)


def expect(output, pattern, what="the output"):
    if not re.search(pattern, output):
        sys.exit(f"{what} lacks /{pattern}/")
    print(f"found /{pattern}/")


def cmd_build(args):
    job = Job(args)
    os.makedirs(args.work, exist_ok=True)
    for name, extra in (("t2", ["--tp=2"]), ("t1", []),
                        ("p2", ["--pp=2", "--global-batch=4"])):
        compile_model([args.compile, args.model, "-o", os.path.join(args.work, name), "--seq=32"]
                      + extra, f"compiling {name}")
    reference = fresh(os.path.join(args.work, "reference.jsonl"))
    job.train(["--steps", "4", "--metrics", reference])


def cmd_io_fault(args):
    job = Job(args)
    job.fresh_case()
    job.save_iteration_2()
    env = [f"LD_PRELOAD={args.shim}", f"MTC_FAIL_OP={args.op}", f"MTC_FAIL_PATH={args.path}"]
    out = job.train(["--steps", "4", "--load", job.ckpt, "--save", job.ckpt], env=env,
                    expect_ok=False)
    expect(out, "saving checkpoint iteration 4 failed on rank [01]: ")
    expect(out, args.expect)
    expect(out, "the marker and the previous checkpoints are unchanged")
    job.expect_marker(2)
    if os.path.exists(os.path.join(job.ckpt, "iter_0000004")):
        sys.exit("iter_0000004 exists although its save failed")
    job.expect_resumes_from_2()


def folder_bytes(path):
    return sum(os.path.getsize(os.path.join(path, f)) for f in os.listdir(path))


def cmd_tmpfs_full(args):
    job = Job(args)
    job.fresh_case()
    probe = os.path.join(job.case, "probe")
    job.save_iteration_2(probe)
    one = folder_bytes(os.path.join(probe, "iter_0000002"))
    mount = os.path.join(job.case, "tmpfs")
    os.makedirs(mount)
    size = (one * 3 // 2 // 4096 + 16) * 4096  # one checkpoint fits, two do not
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", mount],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        print(f"SKIP: cannot mount a tmpfs here ({r.stdout.strip()}); "
              "the LD_PRELOAD io-fault tests cover a full disk instead")
        sys.exit(77)
    try:
        print(f"tmpfs of {size} bytes for checkpoints of {one} bytes")
        ckpt = os.path.join(mount, "ckpt")
        os.remove(job.metrics)
        out = job.train(["--steps", "4", "--save", ckpt, "--save-interval", "2",
                         "--metrics", job.metrics], expect_ok=False)
        expect(out, "saved checkpoint at iteration 2")
        expect(out, "saving checkpoint iteration 4 failed on rank [01]: .*'" +
               re.escape(ckpt) + r"/iter_0000004\.tmp/[^']*': No space left on device")
        job.expect_marker(2, ckpt)
        if os.path.exists(os.path.join(ckpt, "iter_0000004")):
            sys.exit("iter_0000004 exists although its save failed")
        job.expect_resumes_from_2(ckpt)
    finally:
        subprocess.run(["umount", mount])


def cmd_kill_in_save(args):
    job = Job(args)
    job.fresh_case()
    job.save_iteration_2()
    job.train(["--steps", "4", "--load", job.ckpt, "--save", job.ckpt, "--metrics",
               job.metrics], env=["MTC_TEST_KILL_IN_SAVE=1:4"], expect_ok=False)
    job.expect_marker(2)
    unfinished = os.path.join(job.ckpt, "iter_0000004.tmp")
    if os.path.exists(os.path.join(job.ckpt, "iter_0000004")):
        sys.exit("iter_0000004 exists although a rank died during its save")
    if not os.path.isdir(unfinished):
        sys.exit(f"{unfinished} is missing: the kill came too early or too late")
    out = job.train(["--steps", "4", "--load", job.ckpt, "--save", job.ckpt, "--metrics",
                     job.metrics])
    expect(out, re.escape(f"note: ignoring '{unfinished}', left by a save that did not complete"))
    expect(out, re.escape(f"note: removed '{unfinished}'"))
    expect(out, re.escape(f"loaded checkpoint from '{job.ckpt}/iter_0000002' at iteration 2"))
    job.expect_marker(4)
    # The metrics file holds both runs' rows; the resumed run's count.
    compare(os.path.join(job.work, "reference.jsonl"), job.metrics, 1e-5, 4)


def tensor_offset(path, name):
    with open(path, "rb") as f:
        length = int.from_bytes(f.read(8), "little")
        header = json.loads(f.read(length))
    return 8 + length + header[name]["data_offsets"][0]


def cmd_bit_flip(args):
    job = Job(args)
    job.fresh_case()
    job.save_iteration_2()
    shard = os.path.join(job.ckpt, "iter_0000002", "rank_00001.safetensors")
    tensor = "h.0.attn.c_attn.weight"
    at = tensor_offset(shard, tensor) + 6
    with open(shard, "r+b") as f:
        f.seek(at)
        byte = f.read(1)[0]
        f.seek(at)
        f.write(bytes([byte ^ 0x10]))
    message = re.escape(f"'{shard}': tensor '{tensor}' is corrupt")
    out = job.train(["--steps", "4", "--load", job.ckpt], expect_ok=False)
    expect(out, message, "the same-layout load")
    out = job.train(["--steps", "4", "--load", job.ckpt], ranks=1, expect_ok=False)
    expect(out, message, "the cross-layout (1-rank) load")


def cmd_resume_trace(args):
    job = Job(args)
    job.fresh_case()
    trace = os.path.join(job.case, "trace.json")
    job.train(["--steps", "2", "--save", job.ckpt, "--pipeline-trace", trace], layout="p2")
    with open(trace) as f:
        first = json.load(f)["traceEvents"]
    out = job.train(["--steps", "4", "--load", job.ckpt, "--pipeline-trace", trace],
                    layout="p2")
    expect(out, "loaded checkpoint from .* at iteration 2")
    with open(trace) as f:
        merged = json.load(f)["traceEvents"]
    if merged[:len(first)] != first:
        sys.exit("the earlier run's trace events were not kept")
    added = merged[len(first):]
    names = [e for e in added if e.get("name") == "process_name"]
    if len(names) != 1 or names[0]["args"]["name"] != "run resumed at iteration 2":
        sys.exit(f"no process named for the resumed run: {names}")
    pids = {e["pid"] for e in added}
    if pids != {1} or {e["pid"] for e in first} != {0}:
        sys.exit(f"process ids: earlier {sorted({e['pid'] for e in first})}, added {sorted(pids)}")
    steps = [e for e in added if e.get("ph") == "X"]
    if len(steps) != len([e for e in first if e.get("ph") == "X"]):
        sys.exit("the resumed run's timeline has another number of steps")
    print(f"kept {len(first)} events, added {len(added)} ({len(steps)} steps) as process 1")


def cmd_missing_marker(args):
    job = Job(args)
    job.fresh_case()
    job.save_iteration_2(extra=["--save-interval", "1"])
    os.remove(os.path.join(job.ckpt, MARKER))
    out = job.train(["--steps", "4", "--load", job.ckpt, "--save", job.ckpt, "--metrics",
                     job.metrics])
    newest = os.path.join(job.ckpt, "iter_0000002")
    expect(out, re.escape(f"using its newest iteration folder '{newest}'"))
    expect(out, re.escape(f"loaded checkpoint from '{newest}' at iteration 2"))
    job.expect_marker(4)
    for kept in ("iter_0000001", "iter_0000002"):
        if not os.path.exists(os.path.join(job.ckpt, kept, "checkpoint.json")):
            sys.exit(f"{kept} was lost")
    compare(os.path.join(job.work, "reference.jsonl"), job.metrics, 1e-5, 4)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)
    modes = {"build": cmd_build, "io-fault": cmd_io_fault, "tmpfs-full": cmd_tmpfs_full,
             "kill-in-save": cmd_kill_in_save, "bit-flip": cmd_bit_flip,
             "missing-marker": cmd_missing_marker, "resume-trace": cmd_resume_trace}
    for mode in modes:
        s = sub.add_parser(mode)
        s.add_argument("--work", required=True)
        s.add_argument("--mpirun", required=True)
        if mode == "build":
            s.add_argument("--compile", required=True)
            s.add_argument("--model", required=True)
        else:
            s.add_argument("--case", required=True)
        if mode == "io-fault":
            s.add_argument("--shim", required=True)
            s.add_argument("--op", required=True, choices=["write", "fsync", "rename"])
            s.add_argument("--path", required=True)
            s.add_argument("--expect", required=True)
    args = p.parse_args()
    modes[args.mode](args)


if __name__ == "__main__":
    main()
