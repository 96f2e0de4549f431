#!/usr/bin/python3
"""Which OpenBLAS kernels (OPENBLAS_CORETYPE) the bench's PyTorch peer runs.

  bench/train_step/openblas_core.py [--threads 2]

OpenBLAS picks its kernels by CPU model, and an OpenBLAS older than the CPU
does not know it: Debian's 0.3.21 takes an Emerald Rapids Xeon for a
Prescott (SSE3 kernels, ~1/5 of the SkylakeX kernels' sgemm rate), which is
why environments set OPENBLAS_CORETYPE=Haswell, and that halves sgemm on an
AVX-512 CPU. So the core type is chosen here, per machine: the candidates
are the core types whose instructions /proc/cpuinfo lists, best first
(SapphireRapids, Cooperlake, SkylakeX, Zen on AMD, Haswell; Sandybridge,
Nehalem, Prescott only without AVX2). Each runs in a short PyTorch
subprocess with that OPENBLAS_CORETYPE (and the caller's environment
otherwise: library path, thread count), which
  - reads back the core OpenBLAS loaded (openblas_get_corename: a name this
    OpenBLAS does not have, or one it refuses for this CPU, loads another,
    and the candidate is skipped);
  - checks float32 matmuls (512 x 512 x 512, and 257 x 383 x 511 with a
    transposed operand) against float64 products computed without BLAS
    (relative Frobenius error below 1e-4);
  - times a 2048^3 sgemm (best of 3, torch.set_num_threads(--threads)).
Two rounds of these alternate over the candidates (load from other processes
then hits each alike; the better round counts). The fastest candidate that
passes is used, except that one lower in the list needs to be more than
10% faster than the highest passing one (near-equal rates are noise on a
shared machine; the list's order is the better kernels'). The environment's own
OPENBLAS_CORETYPE, if any, is reported and not used. Without OpenBLAS in
PyTorch (another BLAS) nothing is chosen. Not a test."""
import argparse
import json
import os
import subprocess
import sys

TOLERANCE = 1e-4
SIZE = 2048
ROUNDS = 2
MARGIN = 1.10  # how much faster a lower-ranked core type must be
# Debian's OpenMP build of OpenBLAS, which the bench puts first on PyTorch's
# library path (the default libblas.so.3 may be the slow reference BLAS).
OPENMP_BLAS = "/usr/lib/x86_64-linux-gnu/openblas-openmp"

# (OPENBLAS_CORETYPE, /proc/cpuinfo flags its kernels need, vendor or None),
# best first. OpenBLAS also refuses some on a CPU without them.
AVX512 = {"avx512f", "avx512vl", "avx512bw", "avx512dq", "avx512cd"}
CORES = [
    ("SapphireRapids", AVX512 | {"avx512_bf16", "amx_bf16"}, None),
    ("Cooperlake", AVX512 | {"avx512_bf16"}, None),
    ("SkylakeX", AVX512, None),
    ("Zen", {"avx2", "fma"}, "AuthenticAMD"),
    ("Haswell", {"avx2", "fma"}, None),
]
OLD_CORES = [("Sandybridge", {"avx"}, None), ("Nehalem", {"sse4_2"}, None),
             ("Prescott", {"pni"}, None)]


def cpu_info():
    """model name, vendor and flags of the first CPU in /proc/cpuinfo."""
    info = {"model": "unknown CPU", "vendor": "", "flags": set()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                key, value = key.strip(), value.strip()
                if key == "model name" and info["model"] == "unknown CPU":
                    info["model"] = value
                elif key == "vendor_id" and not info["vendor"]:
                    info["vendor"] = value
                elif key == "flags" and not info["flags"]:
                    info["flags"] = set(value.split())
                elif not line.strip() and info["flags"]:
                    break
    except OSError:
        pass
    return info


def candidates(info):
    def fits(needs, vendor):
        return needs <= info["flags"] and (vendor is None or vendor == info["vendor"])
    found = [name for name, needs, vendor in CORES if fits(needs, vendor)]
    return found or [name for name, needs, vendor in OLD_CORES if fits(needs, vendor)]


def probe(threads):
    """The subprocess: the loaded core, the check's error, the sgemm rate."""
    import ctypes
    import time
    import torch
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    worst = 0.0
    for m, k, n, transposed in ((512, 512, 512, False), (257, 383, 511, True)):
        a = torch.randn(k, m).t() if transposed else torch.randn(m, k)
        b = torch.randn(k, n)
        c = torch.matmul(a, b).double()
        a64, b64 = a.double(), b.double()
        # float64 reference without BLAS: broadcast products summed over k.
        ref = torch.cat([(a64[i:i + 32].unsqueeze(2) * b64.unsqueeze(0)).sum(1)
                         for i in range(0, m, 32)])
        worst = max(worst, ((c - ref).norm() / ref.norm()).item())
    libs = sorted({line.split()[-1] for line in open("/proc/self/maps")
                   if "libopenblas" in line.split()[-1]})
    loaded = None
    if libs:
        lib = ctypes.CDLL(libs[0])
        lib.openblas_get_corename.restype = ctypes.c_char_p
        loaded = lib.openblas_get_corename().decode()
    a, b = torch.randn(SIZE, SIZE), torch.randn(SIZE, SIZE)
    c = torch.empty(SIZE, SIZE)
    torch.matmul(a, b, out=c)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        torch.matmul(a, b, out=c)
        best = min(best, time.perf_counter() - start)
    print(json.dumps({"loaded": loaded, "library": libs[0] if libs else None,
                      "error": worst, "gflops": 2.0 * SIZE ** 3 / best / 1e9}))


def run_probe(env, threads, core):
    env = {k: v for k, v in env.items() if k != "OPENBLAS_CORETYPE"}
    if core:
        env["OPENBLAS_CORETYPE"] = core
    try:
        done = subprocess.run([sys.executable, os.path.abspath(__file__), "--probe",
                               "--threads", str(threads)], capture_output=True, text=True,
                              env=env, timeout=600)
    except subprocess.TimeoutExpired:
        return {"failed": "timed out"}
    if done.returncode < 0:
        return {"failed": f"crashed (signal {-done.returncode})"}
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"failed": f"exit status {done.returncode}: {tail}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def choose(env, threads, say=print):
    """The OPENBLAS_CORETYPE to run PyTorch with (None: leave it unset), after
    saying (with `say`) what each candidate did."""
    info = cpu_info()
    inherited = env.get("OPENBLAS_CORETYPE")
    if inherited is not None:
        say(f"# the environment's OPENBLAS_CORETYPE={inherited} is not used (chosen below)")
    auto = run_probe(env, threads, None)
    if "failed" in auto:
        say(f"# PyTorch's sgemm check failed without OPENBLAS_CORETYPE: {auto['failed']}")
        return None
    if auto["loaded"] is None:
        say("# PyTorch does not use OpenBLAS here: no OPENBLAS_CORETYPE "
            f"(sgemm {auto['gflops']:.1f} GFLOP/s)")
        return None
    say(f"# OpenBLAS core types for PyTorch ({os.path.basename(auto['library'])}, {SIZE}^3 "
        f"sgemm on {threads} threads, float32 checked against float64 to {TOLERANCE:g}):")
    gflops, error, refused = {}, {}, {}
    for _ in range(ROUNDS):
        for core in candidates(info):
            if core in refused:
                continue
            r = run_probe(env, threads, core)
            if "failed" in r:
                refused[core] = r["failed"]
            elif r["loaded"].lower() != core.lower():
                refused[core] = (f"OpenBLAS loaded {r['loaded']} instead (not in this "
                                 "OpenBLAS, or not for this CPU)")
            elif not r["error"] < TOLERANCE:
                refused[core] = (f"{r['gflops']:.1f} GFLOP/s, relative error "
                                 f"{r['error']:.1e}: wrong results")
            else:
                gflops[core] = max(r["gflops"], gflops.get(core, 0.0))
                error[core] = max(r["error"], error.get(core, 0.0))
    passing = []
    for core in candidates(info):
        if core in refused:
            say(f"#   {core}: {refused[core]}: not used")
        else:
            say(f"#   {core}: {gflops[core]:.1f} GFLOP/s (best of {ROUNDS} runs), relative "
                f"error {error[core]:.1e}: ok")
            passing.append((core, gflops[core]))
    ok = auto["error"] < TOLERANCE
    say(f"#   (unset: OpenBLAS picks {auto['loaded']}, {auto['gflops']:.1f} GFLOP/s, relative "
        f"error {auto['error']:.1e}{'' if ok else ': wrong results'})")
    if not passing:
        say("# no candidate passed: OPENBLAS_CORETYPE left unset")
        return None
    fastest = max(passing, key=lambda c: c[1])
    choice = passing[0] if fastest[1] <= MARGIN * passing[0][1] else fastest
    note = ("" if choice == fastest else
            f"; {fastest[0]} is within {MARGIN - 1:.0%} of it, so the higher-ranked one is kept")
    say(f"# using OPENBLAS_CORETYPE={choice[0]} ({choice[1]:.1f} GFLOP/s{note})")
    return choice[0]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--probe", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.probe:
        probe(a.threads)
        return
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads),
               OPENBLAS_NUM_THREADS=str(a.threads))
    env["LD_LIBRARY_PATH"] = OPENMP_BLAS + ":" + env.get("LD_LIBRARY_PATH", "")
    info = cpu_info()
    print(f"# {info['model']} ({info['vendor']}), candidates: {' '.join(candidates(info))}")
    choose(env, a.threads)


if __name__ == "__main__":
    main()
