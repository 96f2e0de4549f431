#!/usr/bin/env python3
"""mtc-data on a full disk: the error names the file, exit status 1, and the
dataset already at the prefix stays as it was (outputs are written to temporary
files and renamed into place only when complete).

usage: mtc_data_full_disk_test.py MTC_DATA_BINARY BPE_DIR WORK_DIR

Needs a 64 KiB tmpfs (root): exits 77 (skipped) where mounting is not allowed.
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tool_checks import ToolChecks  # noqa: E402

SKIP = 77
mtc_data, bpe_dir, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
disk = os.path.join(work, "full")
os.makedirs(disk, exist_ok=True)
subprocess.run(["umount", disk], capture_output=True)  # a mount left by an interrupted run
mount = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk],
                       capture_output=True, text=True)
if mount.returncode != 0:
    print(f"skipped: cannot mount a tmpfs on {disk}: {mount.stderr.strip()}")
    sys.exit(SKIP)

checks = ToolChecks(mtc_data, bpe_dir)
check, run = checks.check, checks.run


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


try:
    small = os.path.join(work, "small.txt")
    with open(small, "w") as f:
        f.write("Hello world\n")
    # ~360 KB of words: about 120 KB of uint16 tokens, twice what the disk holds.
    big = os.path.join(work, "big.txt")
    rng = random.Random(1)
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "theta", "kappa"]
    with open(big, "w") as f:
        f.write(" ".join(rng.choice(words) for _ in range(60000)))

    prefix = os.path.join(disk, "ds")
    result = run(["--input", small, "--output-prefix", prefix])
    check(result.returncode == 0, f"small dataset: exit {result.returncode}: {result.stderr}")
    before = (read_bytes(prefix + ".bin"), read_bytes(prefix + ".idx"))

    result = run(["--input", big, "--output-prefix", prefix])
    print(result.stderr.strip())
    check(result.returncode == 1, f"full disk: exit {result.returncode}, expected 1")
    check(f"cannot write '{prefix}.bin'" in result.stderr and
          "No space left on device" in result.stderr, f"full disk message: {result.stderr}")
    check((read_bytes(prefix + ".bin"), read_bytes(prefix + ".idx")) == before,
          "the earlier dataset is intact")
    check(sorted(os.listdir(disk)) == ["ds.bin", "ds.idx"],
          f"only the earlier dataset is left: {os.listdir(disk)}")
finally:
    subprocess.run(["umount", disk], capture_output=True)

checks.finish()
