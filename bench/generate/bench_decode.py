#!/usr/bin/python3
"""Cached greedy decoding: mtc's `generate` against PyTorch's (torch_decode.py,
Hugging Face's GPT-2 generate loop in plain PyTorch) on the same weights, in
one invocation, runs interleaved (mtc, torch, mtc, torch, ...) so that load
from other processes hits both alike. Not a test: run it on an idle machine.

Models: gpt2-tiny (models/gpt2-tiny.mlir: 8 layers, hidden 128, GPT-2's
50,257-token vocabulary, 128 positions) and GPT-2 124M (models/gpt2.mlir).
Weights: each model's initialisation after one training step, exported
once under Hugging Face's names (`train --train-iters 1
--export-safetensors`); both programs load that file. A prompt of a few tokens, then --new-tokens greedy tokens (the context
stays within the model's positions). Speed: new tokens per second, start-up,
weight loading and the prompt's pass excluded (mtc: the line `generate`
prints on stderr; PyTorch: the same span, timed in-process).

Before timing, one run of each checks that both generate the same tokens
(mtc's --dump-logits gives its prompt ids and tokens); a mismatch stops the
bench, since a faster wrong decoder proves nothing.

Decoding one token reads every weight once (the key/value cache is small
beside them at these lengths), so its ceiling is memory bandwidth: each rate
is also given as weight bytes x tokens/s against the machine's STREAM triad
(mtc-gemm-bench --ceilings, measured in the same run with the same threads).
PyTorch runs on the OpenMP build of OpenBLAS with the OPENBLAS_CORETYPE that
bench/train_step/openblas_core.py chooses and checks for this CPU; mtc gets
the same variable (only its OpenBLAS fallback reads it).

Prints per model and thread count: median tokens/s of each over --reps
pairs, the median per-pair ratio mtc/torch, each one's best run, and the
bandwidth fractions.

usage: bench/generate/bench_decode.py [--bin build/bin] [--threads 1,2]
       [--reps 5] [--models tiny,124m] [--workdir DIR]"""
import argparse
import json
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "train_step"))
import openblas_core  # noqa: E402
PROMPT = "The computer is"
# name: (model file, heads, positions, new tokens)
MODELS = {
    "tiny": ("gpt2-tiny.mlir", 4, 128, 120),
    "124m": ("gpt2.mlir", 12, 1024, 128),
}


ENV = dict(os.environ)  # mtc's and PyTorch's, with the chosen OPENBLAS_CORETYPE (main)


def run(cmd, **kw):
    kw.setdefault("env", ENV)
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"bench_decode: {' '.join(cmd)} exited {r.returncode}:\n{r.stderr[-2000:]}")
    return r


def dumped_tokens(path):
    with open(path, "rb") as f:
        raw = f.read()
    (size,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + size])
    begin, end = header["tokens"]["data_offsets"]
    data = raw[8 + size + begin:8 + size + end]
    ids = [int(v) for v in struct.unpack(f"<{len(data) // 4}f", data)]
    prompt = int(header["__metadata__"]["prompt_tokens"])
    return ids[:prompt], ids[prompt:]


def prepare(name, bin_dir, work):
    model, heads, positions, new = MODELS[name]
    out = os.path.join(work, name)
    os.makedirs(out, exist_ok=True)
    run([os.path.join(bin_dir, "mtc-compile"), os.path.join(ROOT, "models", model), "-o",
         os.path.join(out, "prog")])
    data = os.path.join(work, "data")
    if not os.path.exists(data + ".idx"):
        run([os.path.join(bin_dir, "mtc-data"), "--format", "fortune", "--append-eod",
             "--output-prefix", data, "--input", "/usr/share/games/fortunes/computers"])
    weights = os.path.join(out, "weights.safetensors")
    run([os.path.join(out, "prog", "train"), "--data", data, "--train-iters", "1",
         "--global-batch", "1", "--export-safetensors", weights], cwd=out)
    return {"generate": os.path.join(out, "prog", "generate"), "weights": weights,
            "weight_bytes": os.path.getsize(weights),
            "heads": heads, "positions": positions, "new": new, "dir": out}


def mtc_run(m, threads, dump=None):
    cmd = [m["generate"], "--init-from", m["weights"], "--prompt", PROMPT, "--tokens",
           str(m["new"]), "--top-k", "1", "--threads", str(threads)]
    if dump:
        cmd += ["--dump-logits", dump]
    r = run(cmd)
    speed = re.search(r"generate: prompt (\d+) tokens in [\d.]+ ms, (\d+) new tokens in "
                      r"([\d.]+) ms", r.stderr)
    if not speed:
        sys.exit(f"bench_decode: no speed line from generate:\n{r.stderr}")
    return int(speed.group(2)), float(speed.group(3))


def torch_run(m, threads, prompt_ids, new):
    env = dict(ENV, OMP_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS=str(threads),
               LD_LIBRARY_PATH=openblas_core.OPENMP_BLAS + ":" + ENV.get("LD_LIBRARY_PATH", ""))
    r = run(["/usr/bin/python3", os.path.join(HERE, "torch_decode.py"), "--weights",
             m["weights"], "--heads", str(m["heads"]), "--positions", str(m["positions"]),
             "--prompt-ids", ",".join(map(str, prompt_ids)), "--tokens", str(new),
             "--threads", str(threads)], env=env)
    out = json.loads(r.stdout.strip().splitlines()[-1])
    return out["tokens"], out["decode_ms"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    p.add_argument("--threads", default="1,2")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--models", default="tiny,124m")
    p.add_argument("--workdir")
    a = p.parse_args()
    work = a.workdir or tempfile.mkdtemp(prefix="bench_decode.")
    threads_list = [int(t) for t in a.threads.split(",")]
    info = openblas_core.cpu_info()
    load = os.getloadavg()
    print(f"# CPU: {info['model']} ({info['vendor']}), {os.cpu_count()} CPUs, load average "
          f"{load[0]:.1f}", flush=True)
    torch_env = dict(ENV, OMP_NUM_THREADS=str(max(threads_list)),
                     LD_LIBRARY_PATH=openblas_core.OPENMP_BLAS + ":" +
                     ENV.get("LD_LIBRARY_PATH", ""))
    core = openblas_core.choose(torch_env, max(threads_list),
                                say=lambda line: print(line, flush=True))
    ENV.pop("OPENBLAS_CORETYPE", None)
    if core:
        ENV["OPENBLAS_CORETYPE"] = core
    triad = {}
    for threads in threads_list:
        c = json.loads(run([os.path.join(a.bin, "mtc-gemm-bench"), "--ceilings", "--threads",
                            str(threads)]).stdout.strip().splitlines()[-1])
        triad[threads] = c["bandwidth"]["triad_gbs"]
        print(f"# STREAM triad on {threads} thread(s): {triad[threads]:.1f} GB/s", flush=True)
    rows = []
    for name in a.models.split(","):
        if name not in MODELS:
            sys.exit(f"bench_decode: unknown model '{name}' (known: {', '.join(MODELS)})")
        m = prepare(name, a.bin, work)
        dump = os.path.join(m["dir"], "check.safetensors")
        mtc_run(m, 1, dump)
        prompt_ids, mtc_tokens = dumped_tokens(dump)
        torch_tokens, _ = torch_run(m, 1, prompt_ids, len(mtc_tokens))
        if torch_tokens != mtc_tokens:
            sys.exit(f"bench_decode: {name}: mtc and PyTorch generate different tokens:\n"
                     f"  mtc   {mtc_tokens}\n  torch {torch_tokens}")
        print(f"{name}: prompt {len(prompt_ids)} tokens, {len(mtc_tokens)} new greedy tokens, "
              "the same from mtc and PyTorch", flush=True)
        for threads in threads_list:
            mtc_rates, torch_rates = [], []
            for _ in range(a.reps):
                count, ms = mtc_run(m, threads)
                mtc_rates.append(count / ms * 1e3)
                tokens, ms = torch_run(m, threads, prompt_ids, len(mtc_tokens))
                torch_rates.append(len(tokens) / ms * 1e3)
            ratios = [x / y for x, y in zip(mtc_rates, torch_rates)]
            mtc_rate, torch_rate = statistics.median(mtc_rates), statistics.median(torch_rates)
            gbs = m["weight_bytes"] / 1e9
            row = (name, threads, mtc_rate, torch_rate, statistics.median(ratios),
                   max(mtc_rates), max(torch_rates), 100 * mtc_rate * gbs / triad[threads],
                   100 * torch_rate * gbs / triad[threads])
            rows.append(row)
            print("%s, %d thread(s): mtc %.1f tokens/s, torch %.1f, mtc/torch %.2f "
                  "(best %.1f / %.1f); weights read at %.0f%% / %.0f%% of STREAM triad" % row,
                  flush=True)
    print("\n| model | threads | mtc tokens/s | PyTorch tokens/s | mtc / PyTorch | "
          "best mtc / PyTorch | of triad mtc / PyTorch |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %d | %.1f | %.1f | %.2f | %.1f / %.1f | %.0f%% / %.0f%% |" % r)
    if not a.workdir:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
