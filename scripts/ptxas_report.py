#!/usr/bin/env python3
"""Per-kernel register, shared-memory, spill and occupancy report of the CUDA
backend (docs/gpu.md).

Compiles each .cu file with `nvcc -Xptxas -v` for every architecture, prints
one row per (kernel, architecture): registers, stack frame, spill stores and
loads, shared memory per block (ptxas' static bytes plus the dynamic bytes
given with --dynamic-smem), threads per block (--threads, default 256) and
the theoretical occupancy those give (resident warps / the SM's maximum, and
which resource limits it); exits 1 if a kernel whose demangled name matches a
--hot pattern spills (or if nvcc fails), so a kernel change that spills fails
CI.

  scripts/ptxas_report.py --arch 80,90 --include runtime \
      --hot 'attentionForwardKernel<64>' --threads 'attention=64' \
      --dynamic-smem 'attentionForwardKernel<64>=33024' runtime/kernels/cuda/*.cu
"""
import argparse
import re
import shutil
import subprocess
import sys
import time

ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\d+a?)'")
PROPS = re.compile(r"Function properties for (\S+)")
SPILL = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
USED = re.compile(r"Used (\d+) registers")
SMEM = re.compile(r"(\d+) bytes smem")

# Per-SM limits (CUDA C Programming Guide, "Technical Specifications per
# Compute Capability"; the occupancy calculator's allocation rules): 64K
# registers allocated per warp in units of 256, 2048 threads (64 warps) and 32
# blocks, shared memory per SM (A100 164 KiB, H100 228 KiB) allocated in
# 128-byte units plus 1 KiB the system reserves per block.
LIMITS = {
    "sm_80": {"regs": 65536, "warps": 64, "blocks": 32, "smem": 164 * 1024},
    "sm_90": {"regs": 65536, "warps": 64, "blocks": 32, "smem": 228 * 1024},
}
REG_UNIT, SMEM_UNIT, SMEM_RESERVED = 256, 128, 1024


def occupancy(arch, registers, smem, threads):
    """-> (resident warps / max warps, limiting resource) for one block size."""
    lim = LIMITS.get(arch)
    if lim is None:
        return None, "?"
    warps = -(-threads // 32)
    regs_per_warp = -(-registers * 32 // REG_UNIT) * REG_UNIT
    smem_per_block = -(-(smem + SMEM_RESERVED) // SMEM_UNIT) * SMEM_UNIT
    by = {
        "threads": min(lim["blocks"], lim["warps"] // warps),
        "regs": (lim["regs"] // regs_per_warp) // warps if regs_per_warp else lim["blocks"],
        "smem": lim["smem"] // smem_per_block,
    }
    limit = min(by, key=lambda k: (by[k], k != "threads"))
    return by[limit] * warps / lim["warps"], limit


def pattern_values(specs, what):
    """'REGEX=N' options -> [(compiled regex, int)]; the last match wins."""
    out = []
    for spec in specs:
        regex, _, value = spec.rpartition("=")
        if not regex or not value.isdigit():
            raise SystemExit(f"ptxas_report: {what} '{spec}' is not REGEX=NUMBER")
        out.append((re.compile(regex), int(value)))
    return out


def lookup(table, name, default):
    value = default
    for regex, v in table:
        if regex.search(name):
            value = v
    return value


def demangle(names):
    tool = shutil.which("c++filt") or shutil.which("cu++filt")
    if not tool or not names:
        return {n: n for n in names}
    out = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True).stdout
    return dict(zip(names, out.splitlines()))


def short(name):
    # mtc::kernels::cuda::(anonymous namespace)::attentionForwardKernel<64>(...)
    name = re.sub(r"^void ", "", name)
    name = re.sub(r"\(anonymous namespace\)::", "", name)
    name = re.sub(r"mtc::kernels::cuda::", "", name)
    return re.sub(r"\(.*\)$", "", name)


def parse(text):
    """-> list of dicts: kernel (mangled), arch, registers, stack, stores, loads."""
    rows, arch, current = [], None, None
    for line in text.splitlines():
        m = ENTRY.search(line)
        if m:
            current, arch = {"kernel": m.group(1), "arch": m.group(2)}, m.group(2)
            continue
        m = PROPS.search(line)
        if m and current is None:
            current = {"kernel": m.group(1), "arch": arch}
        m = SPILL.search(line)
        if m and current is not None:
            current["stack"], current["stores"], current["loads"] = map(int, m.groups())
        m = USED.search(line)
        if m and current is not None:
            current["registers"] = int(m.group(1))
            sm = SMEM.search(line)
            current["smem"] = int(sm.group(1)) if sm else 0
            current.setdefault("stack", 0)
            current.setdefault("stores", 0)
            current.setdefault("loads", 0)
            rows.append(current)
            current = None
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sources", nargs="+", help=".cu files")
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--arch", default="80,90", help="comma-separated SM numbers")
    ap.add_argument("--include", action="append", default=[], help="include folders")
    ap.add_argument("--hot", action="append", default=[],
                    help="regex on the demangled kernel name; a match must not spill")
    ap.add_argument("--threads", action="append", default=[],
                    help="REGEX=N: threads per block of matching kernels (default 256)")
    ap.add_argument("--dynamic-smem", action="append", default=[],
                    help="REGEX=BYTES: dynamic shared memory per block of matching kernels")
    args = ap.parse_args()
    threads_of = pattern_values(args.threads, "--threads")
    dynamic_of = pattern_values(args.dynamic_smem, "--dynamic-smem")

    archs = [a.strip() for a in args.arch.split(",") if a.strip()]
    flags = ["-std=c++17", "-O3", "--expt-relaxed-constexpr", "-Xptxas", "-v", "-c", "-o", "/dev/null"]
    for a in archs:
        flags += ["-gencode", f"arch=compute_{a},code=sm_{a}"]
    for inc in args.include:
        flags += ["-I", inc]

    rows = []
    for src in args.sources:
        t0 = time.time()
        p = subprocess.run([args.nvcc, *flags, src], capture_output=True, text=True)
        if p.returncode != 0:
            sys.stderr.write(f"ptxas_report: nvcc failed on {src} (exit {p.returncode}):\n{p.stderr}\n")
            return 1
        found = parse(p.stdout + p.stderr)
        for r in found:
            r["source"] = src.split("/")[-1]
        rows += found
        print(f"# {src}: {len(found)} kernel builds in {time.time() - t0:.1f} s", file=sys.stderr)

    names = demangle(sorted({r["kernel"] for r in rows}))
    hot = [re.compile(h) for h in args.hot]
    print(f"{'kernel':44} {'arch':6} {'regs':>4} {'stack':>5} {'spill st':>8} {'spill ld':>8} "
          f"{'smem B':>7} {'thr':>4} {'occ':>5} {'limit':7} hot")
    bad = []
    matched = set()
    for r in sorted(rows, key=lambda r: (short(names[r["kernel"]]), r["arch"] or "")):
        name = short(names[r["kernel"]])
        is_hot = False
        for h in hot:
            if h.search(name):
                is_hot = True
                matched.add(h.pattern)
        spills = r["stores"] + r["loads"]
        smem = r["smem"] + lookup(dynamic_of, name, 0)
        threads = lookup(threads_of, name, 256)
        occ, limit = occupancy(r["arch"], r["registers"], smem, threads)
        occ_text = f"{100 * occ:4.0f}%" if occ is not None else "    ?"
        print(f"{name[:44]:44} {r['arch'] or '?':6} {r['registers']:4} {r['stack']:5} "
              f"{r['stores']:8} {r['loads']:8} {smem:7} {threads:4} {occ_text} {limit:7} "
              f"{'yes' if is_hot else ''}")
        if is_hot and spills:
            bad.append(f"{name} ({r['arch']}): {r['stores']} bytes spill stores, {r['loads']} loads")
    for h in hot:
        if h.pattern not in matched:
            bad.append(f"--hot '{h.pattern}' matches no kernel (renamed?)")
    if bad:
        print("\nptxas_report: FAILED:\n  " + "\n  ".join(bad))
        return 1
    print(f"\nptxas_report: {len(rows)} kernel builds, no hot kernel spills")
    return 0


if __name__ == "__main__":
    sys.exit(main())
