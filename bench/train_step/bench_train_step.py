#!/usr/bin/python3
"""One training step of GPT-2 models: mtc's compiled `train` against the same
model, batch size and step in PyTorch (CPU, same thread count), in one run.

For each configuration the two programs alternate (mtc, torch, mtc, torch, ...)
so that load from other processes hits both alike. Each run trains --steps
iterations on synthetic tokens; the first is a warm-up and is not counted.
Printed per configuration: median ms/iteration, tokens/s, achieved GFLOP/s
(model FLOPs: 72 B s l h^2 (1 + s/(6h) + V/(12 l h)), i.e. forward + backward
matrix products with the full s^2 attention; no recomputation) and the median
of the per-pair ratios torch ms / mtc ms (> 1: mtc is faster), and the best
single iteration of each (the least disturbed by other load). Not a test."""
import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

# name: (model file, sequence length, micro-batch)
CONFIGS = {
    "gpt2-tiny": ("gpt2-tiny.mlir", 128, 4),
    "gpt2-s256": ("gpt2.mlir", 256, 1),
    "gpt2-s1024": ("gpt2.mlir", 1024, 1),
}


def model_dims(path):
    with open(path) as f:
        head = f.read(4096)
    attr = re.search(r"#mtc\.model<([^>]*)>", head)
    if not attr:
        sys.exit(f"{path}: no #mtc.model attribute in its first line")
    dims = dict(re.findall(r"(\w+) = \"?([\w.\-]+)\"?", attr.group(1)))
    rate = re.search(r"mtc\.dropout %\w+ \{rate = ([0-9.e+\-]+)", head + open(path).read())
    dims["dropout"] = float(rate.group(1)) if rate else 0.0
    return dims


def model_flops(d, seq, batch):
    l, h, v = int(d["layers"]), int(d["hidden"]), int(d["padded_vocab"])
    return 72 * batch * seq * l * h * h * (1 + seq / (6 * h) + v / (12 * l * h))


def run_mtc(train, steps, threads, metrics, env):
    subprocess.run([train, "--synthetic", "--steps", str(steps), "--threads", str(threads),
                    "--log-interval", str(steps), "--metrics", metrics],
                   check=True, stdout=subprocess.DEVNULL, env=env)
    with open(metrics) as f:
        return [float(r["iteration_ms"]) for r in csv.DictReader(f)]


def run_torch(d, seq, batch, steps, threads, env):
    out = subprocess.run(
        [sys.executable, os.path.join(HERE, "torch_step.py"), "--layers", d["layers"],
         "--hidden", d["hidden"], "--heads", d["heads"], "--vocab", d["vocab"],
         "--positions", d["positions"], "--seq", str(seq), "--micro-batch", str(batch),
         "--steps", str(steps), "--threads", str(threads), "--dropout", str(d["dropout"])],
        check=True, capture_output=True, text=True, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])["ms"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mtc-compile", default=os.path.join(ROOT, "build", "bin", "mtc-compile"))
    p.add_argument("--runtime-lib", help="folder of libmtc_runtime.so (mtc-compile's default "
                                         "otherwise)")
    p.add_argument("--work", default="/tmp/mtc-bench-train-step")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--steps", type=int, default=3, help="iterations per run, 1 warm-up")
    p.add_argument("--reps", type=int, default=3, help="mtc/torch pairs per configuration")
    p.add_argument("configs", nargs="*", default=list(CONFIGS), help=" ".join(CONFIGS))
    a = p.parse_args()

    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads), OPENBLAS_NUM_THREADS=str(a.threads))
    # Torch on the OpenMP build of OpenBLAS (Debian's default may be the slow reference BLAS).
    openmp_blas = "/usr/lib/x86_64-linux-gnu/openblas-openmp"
    torch_env = dict(env, LD_LIBRARY_PATH=openmp_blas + ":" + env.get("LD_LIBRARY_PATH", ""))
    load = os.getloadavg()
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}  {os.cpu_count()} cpus, load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}, threads {a.threads}, "
          f"{a.steps} iterations per run ({a.steps - 1} timed), {a.reps} mtc/torch pairs")
    rows = []
    for name in a.configs:
        model, seq, batch = CONFIGS[name]
        d = model_dims(os.path.join(ROOT, "models", model))
        out = os.path.join(a.work, name)
        command = [a.mtc_compile, os.path.join(ROOT, "models", model), "-o", out,
                   "--seq", str(seq), "--micro-batch", str(batch)]
        if a.runtime_lib:
            command.append("--runtime-lib=" + a.runtime_lib)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        mtc_ms, torch_ms, ratios, mtc_all, torch_all = [], [], [], [], []
        for rep in range(a.reps):
            mtc_runs = run_mtc(os.path.join(out, "train"), a.steps, a.threads,
                               os.path.join(out, f"metrics{rep}.csv"), env)[1:]
            torch_runs = run_torch(d, seq, batch, a.steps, a.threads, torch_env)[1:]
            mtc_all += mtc_runs
            torch_all += torch_runs
            m, t = statistics.median(mtc_runs), statistics.median(torch_runs)
            mtc_ms.append(m)
            torch_ms.append(t)
            ratios.append(t / m)
            print(f"#   {name} pair {rep + 1}: mtc {m:.1f} ms, torch {t:.1f} ms", flush=True)
        flops = model_flops(d, seq, batch)
        tokens = seq * batch
        m, t = statistics.median(mtc_ms), statistics.median(torch_ms)
        rows.append((name, f"b{batch} s{seq}", m, t, tokens / m * 1e3, tokens / t * 1e3,
                     flops / m / 1e6, flops / t / 1e6, statistics.median(ratios),
                     min(mtc_all), min(torch_all)))
    print("| config | batch x seq | mtc ms/it | torch ms/it | mtc tok/s | torch tok/s "
          "| mtc GFLOP/s | torch GFLOP/s | torch/mtc | best mtc / torch ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]:.1f} | {r[3]:.1f} | {r[4]:.0f} | {r[5]:.0f} | "
              f"{r[6]:.1f} | {r[7]:.1f} | {r[8]:.2f} | {r[9]:.0f} / {r[10]:.0f} |")


if __name__ == "__main__":
    main()
