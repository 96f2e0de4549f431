#!/usr/bin/env python3
"""Where a step's GPU time went, from `ncu --metrics gpu__time_duration.sum
--print-summary per-kernel` (the acceptance run's `profile_*` steps,
docs/gpu.md "Measured on a GPU").

  ncu_summary.py LOG            one line: total GPU ms, kernels, share per class
  ncu_summary.py LOG --kernels  also one line per kernel, largest first

Each kernel's total is its invocations times its mean duration."""
import collections
import re
import sys

UNITS = {"ns": 1e-6, "us": 1e-3, "usecond": 1e-3, "ms": 1.0, "msecond": 1.0, "s": 1e3,
         "second": 1e3}
HEADER = re.compile(r"^  (\S.*?) \(\d+, \d+, \d+\)x\(\d+, \d+, \d+\), .*Invocations (\d+)\s*$")
TIME = re.compile(r"^\s+gpu__time_duration\.sum\s+(\S+)\s+\S+\s+\S+\s+(\S+)\s*$")


def kernel_class(name):
    lower = name.lower()
    if "align1" in lower:
        return "GEMMs on align1 kernels"
    if any(k in lower for k in ("nvjet", "cutlass", "gemm", "bgrad", "splitk")):
        return "GEMMs"
    if "flash" in lower or "attention" in lower:
        return "attention"
    if "convert" in lower:
        return "16-bit conversions"
    if any(k in lower for k in ("adamw", "sumpartials", "sumsquares")):
        return "optimizer and norm"
    return "other"


def short(name):
    """The kernel's own name: no namespaces, no parameter list."""
    name = re.sub(r"\(.*", "", name)
    return re.sub(r"^(void )?([\w<>:]*::)?", "", name).split("::")[-1]


def read(path):
    totals, calls, current = collections.Counter(), collections.Counter(), None
    for line in open(path, errors="replace"):
        m = HEADER.match(line)
        if m:
            current, invocations = m.group(1), int(m.group(2))
            continue
        m = TIME.match(line)
        if m and current and m.group(1) in UNITS:
            totals[current] += invocations * float(m.group(2).replace(",", "")) * UNITS[m.group(1)]
            calls[current] += invocations
            current = None
    return totals, calls


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    totals, calls = read(sys.argv[1])
    total = sum(totals.values())
    if not total:
        print("-")
        return 1
    classes = collections.Counter()
    for name, ms in totals.items():
        classes[kernel_class(name)] += ms
    shares = ", ".join(f"{c} {100 * ms / total:.0f}%" for c, ms in classes.most_common())
    top, top_ms = max(totals.items(), key=lambda kv: kv[1])
    print(f"{total:.1f} ms GPU in {sum(calls.values())} kernels: {shares}; "
          f"largest {short(top)} {100 * top_ms / total:.0f}%")
    if "--kernels" in sys.argv[2:]:
        for name, ms in totals.most_common():
            print(f"  {ms:8.2f} ms {100 * ms / total:5.1f}% {calls[name]:6d}  {short(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
