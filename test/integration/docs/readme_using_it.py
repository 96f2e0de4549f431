#!/usr/bin/env python3
"""README's "Using it" block, run as written, so it cannot drift from the tools.

Every line of the first ```sh block under "## Using it" runs in a fresh, empty
folder where `build` points at this build and `models` at the repository's
models, in order, each needing exit status 0. The only changes are smaller
counts, so the block runs in minutes: every --train-iters N becomes N/50, every
--tokens N becomes N/5 and every --eval-interval N becomes N/50. Then each
tool's result is checked for what the README says it gives.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--readme", required=True)
ap.add_argument("--build", required=True)
ap.add_argument("--models", required=True)
args = ap.parse_args()

if not os.path.exists("/usr/share/games/fortunes/art"):
    print("SKIP: Debian's fortunes are not installed (scripts/setup.sh installs them)")
    sys.exit(77)

text = open(args.readme).read()
section = text.split("## Using it", 1)
if len(section) != 2:
    sys.exit("FAIL: README.md has no '## Using it' section")
block = re.search(r"```sh\n(.*?)```", section[1], re.S)
if not block:
    sys.exit("FAIL: no ```sh block under '## Using it'")

SMALLER = {"--train-iters": 50, "--tokens": 5, "--eval-interval": 50}


def smaller(words):
    out = list(words)
    for i, w in enumerate(out[:-1]):
        if w in SMALLER:
            out[i + 1] = str(max(1, int(out[i + 1]) // SMALLER[w]))
    return out


outputs = {}
with tempfile.TemporaryDirectory() as work:
    os.symlink(os.path.abspath(args.build), os.path.join(work, "build"))
    os.symlink(os.path.abspath(args.models), os.path.join(work, "models"))
    for line in block.group(1).splitlines():
        words = shlex.split(line, comments=True)
        if not words:
            continue
        words = smaller(words)
        print("+", shlex.join(words), flush=True)
        r = subprocess.run(words, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=900)
        print(r.stdout, flush=True)
        if r.returncode != 0:
            sys.exit(f"FAIL: exit {r.returncode}: {line}")
        outputs[line] = r.stdout

    def output_of(start):
        found = [out for line, out in outputs.items() if line.startswith(start)]
        if not found:
            sys.exit(f"FAIL: the block has no line starting '{start}'")
        return "\n".join(found)

    checks = [
        ("build/bin/mtc-opt gpt2.mlir --mtc-stats", r"model gpt2: 124,439,808 parameters"),
        ("build/bin/mtc-opt gpt2.mlir --mtc-verify-config", r"world size 8 = tp 2 x pp 2 x dp 2"),
        ("build/bin/mtc-data", r"output bytes: \d+"),
        ("out/gpt2/train", r"validation loss at iteration 2 \| lm loss value: \d"),
        ("out/gpt2/train", r"training finished: 2 iterations"),
        ("out/gpt2/generate", r"^Hello"),
        ("mpirun", r"training finished: 2 iterations \(3 to 4 of 4\)"),
        ("build/bin/mtc-plan", r"TFLOP/s"),
    ]
    for start, pattern in checks:
        if not re.search(pattern, output_of(start), re.M):
            sys.exit(f"FAIL: the output of '{start} ...' has no /{pattern}/")
    for path in ["gpt2.mlir", "data/art.bin", "data/art.idx", "out/gpt2/plan.pb",
                 "out/gpt2-pp/schedule.svg", "ckpt", "gpt2.safetensors"]:
        if not os.path.exists(os.path.join(work, path)):
            sys.exit(f"FAIL: the block did not write {path}")
print("PASS: README's 'Using it' block runs as written")
