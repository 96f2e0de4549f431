#!/usr/bin/env python3
"""usage: expect-exit.py STATUS COMMAND [ARG...]

Runs COMMAND, prints what it wrote (stderr after stdout) for FileCheck, and
exits 0 when COMMAND's exit status was STATUS, 1 otherwise (lit's `not` accepts
any failure; usage errors must be exactly 2).
"""
import subprocess
import sys

expected = int(sys.argv[1])
result = subprocess.run(sys.argv[2:], capture_output=True, text=True)
sys.stdout.write(result.stdout)
sys.stdout.write(result.stderr)
if result.returncode != expected:
    print(f"expect-exit.py: exit status {result.returncode}, expected {expected}")
    sys.exit(1)
