#!/usr/bin/env python3
"""docs/flags.md against the tools themselves, so it cannot drift:

- every flag and alias that a tool's --help lists appears in docs/flags.md;
- every flag in the first column of docs/flags.md's tables is one some tool takes;
- every flag under "Megatron-LM flags mtc does not take" is refused by every tool
  (exit 2, "unknown flag"), as the page says.
The generated programs come from compiling gpt2-tiny with mtc-compile.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--bin", required=True)
ap.add_argument("--doc", required=True)
ap.add_argument("--model", required=True, help="a small model .mlir to compile")
args = ap.parse_args()

FLAG = r"--?[a-z0-9][a-z0-9-]*"


def help_flags(cmd):
    """{flag: [aliases]} of one tool's --help."""
    r = subprocess.run(cmd + ["--help"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} --help exited {r.returncode}\n{r.stderr}")
    flags = {}
    for entry in re.split(r"\n(?=  -)", r.stdout):
        m = re.match(r"\s*(" + FLAG + r")\b", entry)
        if not m:
            continue
        also = re.search(r"\(also ([^)]*)\)", entry)
        flags[m.group(1)] = re.findall(FLAG, also.group(1)) if also else []
    if not flags:
        sys.exit(f"FAIL: no flags found in {' '.join(cmd)} --help")
    return flags


with tempfile.TemporaryDirectory() as work:
    out = os.path.join(work, "out")
    r = subprocess.run([os.path.join(args.bin, "mtc-compile"), args.model, "-o", out],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: mtc-compile\n{r.stdout}{r.stderr}")
    tools = {name: [os.path.join(args.bin, name)]
             for name in ["mtc-import", "mtc-compile", "mtc-plan", "mtc-data"]}
    tools["train"] = [os.path.join(out, "train")]
    tools["generate"] = [os.path.join(out, "generate")]
    accepted = {}
    for name, cmd in tools.items():
        for flag, aliases in help_flags(cmd).items():
            for spelling in [flag] + aliases:
                accepted.setdefault(spelling, set()).add(name)

    doc = open(args.doc).read()
    documented = set(re.findall(r"`(" + FLAG + r")`", doc))
    missing = sorted(f for f in accepted if f not in documented)
    if missing:
        sys.exit("FAIL: docs/flags.md does not list " + ", ".join(
            f"{f} ({'/'.join(sorted(accepted[f]))})" for f in missing))

    tables, refused = doc.split("## Megatron-LM flags mtc does not take")
    first_cells = re.findall(r"^\| ([^|]*)\|", tables, re.M)
    in_tables = {f for cell in first_cells for f in re.findall(r"`(" + FLAG + r")`", cell)}
    stale = sorted(f for f in in_tables if f not in accepted)
    if stale:
        sys.exit("FAIL: docs/flags.md lists flags no tool takes: " + ", ".join(stale))

    # A bullet names the refused flags before its "(why)", which may name mtc's own.
    bullets = re.findall(r"^- ([^(]*)", refused, re.M)
    not_taken = sorted({f for b in bullets for f in re.findall(r"`(" + FLAG + r")`", b)})
    for flag in not_taken:
        if flag in accepted:
            sys.exit(f"FAIL: docs/flags.md says mtc does not take {flag}, but "
                     f"{'/'.join(sorted(accepted[flag]))} does")
    # Refused for real, with the usage status (mtc-compile: before reading the model).
    for flag in not_taken:
        r = subprocess.run(tools["mtc-compile"] + [args.model, "-o", out, flag, "1"],
                           capture_output=True, text=True)
        if r.returncode != 2 or f"unknown flag {flag}" not in r.stderr:
            sys.exit(f"FAIL: mtc-compile {flag} was not refused as unknown (exit "
                     f"{r.returncode})\n{r.stderr}")
print(f"PASS: {len(accepted)} flag spellings of {len(tools)} tools documented; "
      f"{len(in_tables)} in the tables all taken; {len(not_taken)} Megatron-LM flags refused")
