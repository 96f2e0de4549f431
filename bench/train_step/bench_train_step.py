#!/usr/bin/python3
"""One training step of GPT models: mtc's compiled `train` against the same
model, batch size and step in PyTorch (CPU, same thread count), in one run.

Configurations (issue 18 item 4, the shapes people train with):
  small-gpt   4 layers, hidden 256, 4 heads, vocabulary 8192, micro-batch 8 x 256
  gpt2-124m   GPT-2 124M (models/gpt2.mlir), micro-batch 4 x 256
each in fp32 and in bf16 (mtc: --precision bf16, bf16 GEMMs through oneDNN on
a CPU with bf16 instructions; PyTorch: CPU autocast to bfloat16), 2 threads.

For each configuration the two programs alternate (mtc, torch, mtc, torch, ...)
so that load from other processes hits both alike. Each run trains
--warmup + --steps iterations on synthetic tokens (default 1 + 10); the
warm-up ones are not counted. Printed per configuration: median ms/iteration,
tokens/s, achieved GFLOP/s (model FLOPs: 72 B s l h^2 (1 + s/(6h) +
V/(12 l h)), i.e. forward + backward matrix products with the full s^2
attention; no recomputation), that GFLOP/s as a fraction of this machine's
ceiling for the precision (see below), the median of the per-pair ratios
torch ms / mtc ms (> 1: mtc is faster), the best single iteration of each
(the least disturbed by other load) and the GEMM share of the step.

The GEMM share comes from one extra run of each program under
`perf record` (kernel_shares.py classifies the samples of its timed
iterations: OpenBLAS / oneDNN / MKL-DNN symbols are GEMM); without perf, or
with --no-profile, it prints "-".

Ceilings (issue 38: machines differ, so fixed limits mean nothing): the top
of the output names the CPU (/proc/cpuinfo's model name; avx512f,
avx512_bf16, amx_bf16) and `mtc-gemm-bench --ceilings` (next to
--mtc-compile, or --gemm-bench) measures, with --threads threads, before the
first configuration and again after the last:
  fp32   the best GEMM rate of the libraries mtc links: oneDNN's f32 matmul
         and OpenBLAS's sgemm at 2048^3 and GPT-2's MLP forward (1024 x 3072
         x 768), each threaded by the library and split per thread as mtc's
         parallelGemm splits, best of 5 repetitions;
  bf16   the same for oneDNN's bf16 matmul, on a CPU with AVX512-BF16 or
         AMX; without them mtc's bf16 runs compute their GEMMs in fp32, and
         their ceiling is the fp32 one (the output says so);
  memory STREAM's triad and copy on arrays well beyond the last-level cache
         (printed, not used in the table).
fp32 rows are fractions of the fp32 ceiling, bf16 rows of the bf16 one, each
the higher of its two measurements. --peak-gflops fp32=X,bf16=Y replaces the
measured ceilings in the fractions (the output says so).

OpenBLAS kernels: PyTorch's GEMMs are OpenBLAS's, whose choice of kernels
by CPU model can be far off (an unknown CPU gets SSE3 kernels; an
environment's OPENBLAS_CORETYPE=Haswell halves sgemm on AVX-512).
openblas_core.py picks OPENBLAS_CORETYPE for this CPU: the fastest candidate
core type whose float32 products match float64 ones; the output lists each
candidate's 2048^3 sgemm rate. Every program here runs with it (mtc's
OpenBLAS serves only its fallback GEMMs and the ceiling measurement); the
environment's own OPENBLAS_CORETYPE is reported and replaced. Not a test."""
import argparse
import csv
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import kernel_shares  # noqa: E402
import openblas_core  # noqa: E402

# name: (model: a file in models/ or mtc-import flags, sequence, micro-batch)
CONFIGS = {
    "small-gpt": (["--num-layers", "4", "--hidden-size", "256", "--num-attention-heads", "4",
                   "--vocab-size", "8192", "--seq-length", "256"], 256, 8),
    "gpt2-124m": ("gpt2.mlir", 256, 4),
}
PRECISIONS = ("fp32", "bf16")


def model_dims(path):
    with open(path) as f:
        text = f.read()
    attr = re.search(r"#mtc\.model<([^>]*)>", text[:4096])
    if not attr:
        sys.exit(f"{path}: no #mtc.model attribute in its first line")
    dims = dict(re.findall(r"(\w+) = \"?([\w.\-]+)\"?", attr.group(1)))
    rate = re.search(r"mtc\.dropout %\w+ \{rate = ([0-9.e+\-]+)", text)
    dims["dropout"] = float(rate.group(1)) if rate else 0.0
    return dims


def model_flops(d, seq, batch):
    l, h, v = int(d["layers"]), int(d["hidden"]), int(d["padded_vocab"])
    return 72 * batch * seq * l * h * h * (1 + seq / (6 * h) + v / (12 * l * h))


def parse_peaks(text):
    """--peak-gflops's overrides of the measured ceilings, by precision."""
    peaks = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        if name not in PRECISIONS or not value:
            sys.exit(f"--peak-gflops: expected fp32=X,bf16=Y, got '{item}'")
        peaks[name] = float(value)
    return peaks


def describe_cpu(info):
    flags = ", ".join(f"{flag} {'yes' if flag in info['flags'] else 'no'}"
                      for flag in ("avx512f", "avx512_bf16", "amx_bf16"))
    return f"# CPU: {info['model']} ({info['vendor'] or 'unknown vendor'}); {flags}"


def measure_ceilings(a, env):
    """mtc-gemm-bench --ceilings's JSON (bench/gemm/GemmBench.cpp)."""
    done = subprocess.run([a.gemm_bench, "--ceilings", "--threads", str(a.threads)],
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.exit(f"{a.gemm_bench} --ceilings failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def ceiling_of(c, precision):
    """GFLOP/s a `precision` step is measured against: bf16 GEMMs run in fp32
    without bf16 instructions, so then the fp32 ceiling."""
    return c["bf16"]["gflops"] if precision == "bf16" and c["bf16"] else c["fp32"]["gflops"]


def describe_ceilings(c, when):
    bw = c["bandwidth"]
    lines = [f"# ceilings {when} (mtc-gemm-bench --ceilings, {c['threads']} threads, best of "
             f"{c['reps']}; oneDNN ISA {c['onednn_isa']}, OpenBLAS core {c['openblas_core']}):",
             f"#   fp32 {c['fp32']['gflops']:.1f} GFLOP/s ({c['fp32']['from']})"]
    if c["bf16"]:
        lines.append(f"#   bf16 {c['bf16']['gflops']:.1f} GFLOP/s ({c['bf16']['from']})")
    else:
        lines.append("#   bf16: this CPU has no AVX512-BF16 or AMX instructions: mtc's bf16 "
                     "runs compute their GEMMs in fp32, so their ceiling is the fp32 one")
    lines.append(f"#   memory: STREAM triad {bw['triad_gbs']:.1f} GB/s, copy "
                 f"{bw['copy_gbs']:.1f} GB/s ({bw['array_mib']} MiB arrays, last-level cache "
                 f"{bw['llc_mib']:.0f} MiB)")
    lines.append("#   all: " + ", ".join(
        f"{r['library']} {r['type']} {r['shape']} {r['threading']} {r['gflops']:.0f}"
        for r in c["runs"]))
    return "\n".join(lines)


def perf_command(perf_data):
    return ["perf", "record", "-q", "-e", "cpu-clock", "-F", "499", "-o", perf_data, "--"]


def gemm_share(perf_data, timed_ms):
    """GEMM samples over all samples of the timed iterations (the run's last
    sum(timed_ms) milliseconds: both programs exit right after them)."""
    try:
        classes, _ = kernel_shares.count(perf_data, last_seconds=sum(timed_ms) / 1000.0)
    except RuntimeError as e:
        print(f"#   no GEMM share: {e}", file=sys.stderr)
        return None
    total = sum(classes.values())
    return classes["GEMM"] / total if total else None


class Mtc:
    def __init__(self, a, name, precision, model, seq, batch, env, baseline=False):
        self.a, self.env = a, env
        out = os.path.join(a.work, f"{name}-{precision}" + ("-baseline" if baseline else ""))
        os.makedirs(out, exist_ok=True)
        compiler = a.baseline_mtc_compile if baseline else a.mtc_compile
        command = [compiler, model, "-o", out, "--seq", str(seq), "--micro-batch",
                   str(batch), "--precision", precision]
        runtime_lib = a.baseline_runtime_lib if baseline else a.runtime_lib
        if runtime_lib:
            command.append("--runtime-lib=" + runtime_lib)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        self.out = out
        self.compute = "fp32 compute"

    def run(self, tag, prefix=()):
        a = self.a
        steps = a.warmup + a.steps
        metrics = os.path.join(self.out, f"metrics-{tag}.csv")
        done = subprocess.run(list(prefix) + [
            os.path.join(self.out, "train"), "--synthetic", "--steps", str(steps), "--threads",
            str(a.threads), "--log-interval", str(steps), "--metrics", metrics],
            check=True, capture_output=True, text=True, env=self.env)
        said = re.search(r"mixed precision: [^,]*, ([^\n]*), fp32 master", done.stdout)
        if said:
            self.compute = said.group(1)
        with open(metrics) as f:
            return [float(r["iteration_ms"]) for r in csv.DictReader(f)][a.warmup:]


class Torch:
    def __init__(self, a, d, precision, seq, batch, env):
        self.a, self.env = a, env
        self.command = [
            sys.executable, os.path.join(HERE, "torch_step.py"), "--layers", d["layers"],
            "--hidden", d["hidden"], "--heads", d["heads"], "--vocab", d["vocab"],
            "--positions", d["positions"], "--seq", str(seq), "--micro-batch", str(batch),
            "--steps", str(a.warmup + a.steps), "--threads", str(a.threads),
            "--dropout", str(d["dropout"])] + (["--bf16"] if precision == "bf16" else [])
        self.compute = "bf16 autocast" if precision == "bf16" else "fp32"

    def run(self, tag, prefix=()):
        done = subprocess.run(list(prefix) + self.command, capture_output=True, text=True,
                              env=self.env)
        if done.returncode == 3:  # no CPU bf16 autocast in this torch
            self.compute = done.stderr.strip()
            return None
        if done.returncode != 0:
            sys.exit(f"torch_step.py failed:\n{done.stderr}")
        return json.loads(done.stdout.strip().splitlines()[-1])["ms"][self.a.warmup:]


def profile(program, name):
    perf_data = os.path.join(program.a.work, f"{name}.perf")
    ms = program.run("profile", perf_command(perf_data))
    return gemm_share(perf_data, ms) if ms else None


def fmt(x, spec, missing="-"):
    return missing if x is None else format(x, spec)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mtc-compile", default=os.path.join(ROOT, "build", "bin", "mtc-compile"))
    p.add_argument("--mtc-import", default=os.path.join(ROOT, "build", "bin", "mtc-import"))
    p.add_argument("--gemm-bench", help="mtc-gemm-bench, which measures the ceilings "
                                        "(default: next to --mtc-compile)")
    p.add_argument("--runtime-lib", help="folder of libmtc_runtime.so (mtc-compile's default "
                                         "otherwise)")
    p.add_argument("--baseline-mtc-compile", default="",
                   help="an older build's mtc-compile: its programs run interleaved with ours "
                        "(before/after columns)")
    p.add_argument("--baseline-runtime-lib", default="",
                   help="folder of the older build's libmtc_runtime.so")
    p.add_argument("--work", default="/tmp/mtc-bench-train-step")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--steps", type=int, default=10, help="timed iterations per run")
    p.add_argument("--warmup", type=int, default=1, help="untimed iterations first")
    p.add_argument("--reps", type=int, default=3, help="mtc/torch pairs per configuration")
    p.add_argument("--precisions", default="fp32,bf16", help="comma-separated: fp32,bf16")
    p.add_argument("--peak-gflops", default="",
                   help="override: use these GFLOP/s (e.g. fp32=400,bf16=800) instead of the "
                        "measured ceilings in the fractions")
    p.add_argument("--no-profile", action="store_true", help="skip the perf runs (GEMM share)")
    p.add_argument("configs", nargs="*", default=list(CONFIGS), help=" ".join(CONFIGS))
    a = p.parse_args()
    if a.steps < 1 or a.warmup < 0 or a.reps < 1 or a.threads < 1:
        sys.exit("bench_train_step.py: --steps, --reps and --threads must be >= 1, "
                 "--warmup >= 0")
    precisions = a.precisions.split(",")
    for name in a.configs:
        if name not in CONFIGS:
            sys.exit(f"bench_train_step.py: unknown configuration '{name}' "
                     f"(known: {' '.join(CONFIGS)})")
    for precision in precisions:
        if precision not in PRECISIONS:
            sys.exit(f"bench_train_step.py: unknown precision '{precision}' (fp32, bf16)")
    overrides = parse_peaks(a.peak_gflops)
    a.gemm_bench = a.gemm_bench or os.path.join(os.path.dirname(a.mtc_compile), "mtc-gemm-bench")
    if not os.path.isfile(a.gemm_bench):
        sys.exit(f"bench_train_step.py: no {a.gemm_bench} to measure the ceilings with "
                 "(build the target mtc-gemm-bench, or pass --gemm-bench)")
    usage = subprocess.run([a.gemm_bench, "--help"], capture_output=True, text=True).stdout
    if "--ceilings" not in usage:
        sys.exit(f"bench_train_step.py: {a.gemm_bench} has no --ceilings: a build from before "
                 "issue 38? Rebuild the target mtc-gemm-bench")
    profiling = not a.no_profile and shutil.which("perf") is not None
    os.makedirs(a.work, exist_ok=True)

    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads), OPENBLAS_NUM_THREADS=str(a.threads))
    # Torch on the OpenMP build of OpenBLAS (Debian's default may be the slow reference BLAS).
    torch_env = dict(env, LD_LIBRARY_PATH=openblas_core.OPENMP_BLAS + ":"
                     + env.get("LD_LIBRARY_PATH", ""))
    load = os.getloadavg()
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S')}  {os.cpu_count()} cpus, load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}, threads {a.threads}, "
          f"{a.warmup} + {a.steps} iterations per run ({a.steps} timed), {a.reps} mtc/torch "
          "pairs" + ("" if profiling else ", no perf: no GEMM share"), flush=True)
    print(describe_cpu(openblas_core.cpu_info()), flush=True)
    core = openblas_core.choose(torch_env, a.threads, say=lambda line: print(line, flush=True))
    for e in (env, torch_env):
        e.pop("OPENBLAS_CORETYPE", None)
        if core:
            e["OPENBLAS_CORETYPE"] = core
    ceilings = [measure_ceilings(a, env)]
    print(describe_ceilings(ceilings[0], "before the steps"), flush=True)
    if overrides:
        print("# --peak-gflops: the fractions below are of " + ", ".join(
            f"{p} {v:.0f}" for p, v in overrides.items()) + " GFLOP/s, not of the measured "
            "ceilings", flush=True)
    rows = []
    for name in a.configs:
        model, seq, batch = CONFIGS[name]
        if isinstance(model, list):  # built by mtc-import from Megatron-style flags
            path = os.path.join(a.work, name + ".mlir")
            subprocess.run([a.mtc_import] + model + ["--name", name, "-o", path], check=True)
        else:
            path = os.path.join(ROOT, "models", model)
        d = model_dims(path)
        flops, tokens = model_flops(d, seq, batch), seq * batch
        for precision in precisions:
            mtc = Mtc(a, name, precision, path, seq, batch, env)
            base = (Mtc(a, name, precision, path, seq, batch, env, baseline=True)
                    if a.baseline_mtc_compile else None)
            torch = Torch(a, d, precision, seq, batch, torch_env)
            mtc_ms, torch_ms, ratios, mtc_all, torch_all = [], [], [], [], []
            base_ms, speedups = [], []
            for rep in range(a.reps):
                if base:
                    b_runs = base.run(str(rep))
                m_runs = mtc.run(str(rep))
                t_runs = torch.run(str(rep))
                mtc_all += m_runs
                m = statistics.median(m_runs)
                mtc_ms.append(m)
                line = f"#   {name} {precision} pair {rep + 1}: mtc {m:.1f} ms"
                if base:
                    b = statistics.median(b_runs)
                    base_ms.append(b)
                    speedups.append(b / m)
                    line += f", baseline {b:.1f} ms"
                if t_runs:
                    torch_all += t_runs
                    t = statistics.median(t_runs)
                    torch_ms.append(t)
                    ratios.append(t / m)
                    line += f", torch {t:.1f} ms"
                print(line, flush=True)
            m = statistics.median(mtc_ms)
            t = statistics.median(torch_ms) if torch_ms else None
            mtc_gemm = profile(mtc, f"{name}-{precision}-mtc") if profiling else None
            torch_gemm = (profile(torch, f"{name}-{precision}-torch")
                          if profiling and torch_ms else None)
            rows.append({
                "config": f"{name} {precision}", "shape": f"b{batch} s{seq}",
                "mtc_ms": m, "torch_ms": t, "mtc_tok": tokens / m * 1e3,
                "torch_tok": tokens / t * 1e3 if t else None,
                "mtc_gf": flops / m / 1e6, "torch_gf": flops / t / 1e6 if t else None,
                "precision": precision,
                "ratio": statistics.median(ratios) if ratios else None,
                "best": f"{min(mtc_all):.0f} / " + (f"{min(torch_all):.0f}" if torch_all else "-"),
                "gemm": f"{fmt(mtc_gemm, '.0%')} / {fmt(torch_gemm, '.0%')}",
                "compute": f"{mtc.compute}; torch {torch.compute}",
                "base_ms": statistics.median(base_ms) if base_ms else None,
                "speedup": statistics.median(speedups) if speedups else None})
    ceilings.append(measure_ceilings(a, env))
    print(describe_ceilings(ceilings[1], "after the steps"))
    peaks, labels = {}, {}
    for precision in PRECISIONS:
        peaks[precision] = max(ceiling_of(c, precision) for c in ceilings)
        labels[precision] = f"{peaks[precision]:.0f}" + (
            " (fp32)" if precision == "bf16" and not ceilings[0]["bf16"] else "")
        if precision in overrides:
            peaks[precision] = overrides[precision]
            labels[precision] = f"{overrides[precision]:.0f} (--peak-gflops)"
    print("# fractions: of each precision's ceiling, the higher of the two measurements"
          + (" (or --peak-gflops)" if overrides else ""))
    print("| config | batch x seq | mtc ms/it | torch ms/it | mtc tok/s | torch tok/s "
          "| mtc GFLOP/s | torch GFLOP/s | ceiling GFLOP/s | of ceiling mtc / torch | torch/mtc "
          "| best mtc / torch ms | GEMM share mtc / torch |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        peak = peaks[r["precision"]]
        torch_of = r["torch_gf"] / peak if r["torch_gf"] else None
        print(f"| {r['config']} | {r['shape']} | {r['mtc_ms']:.1f} | {fmt(r['torch_ms'], '.1f')} "
              f"| {r['mtc_tok']:.0f} | {fmt(r['torch_tok'], '.0f')} | {r['mtc_gf']:.1f} "
              f"| {fmt(r['torch_gf'], '.1f')} | {labels[r['precision']]} "
              f"| {r['mtc_gf'] / peak:.0%} / {fmt(torch_of, '.0%')} | {fmt(r['ratio'], '.2f')} "
              f"| {r['best']} | {r['gemm']} |")
    for r in rows:
        print(f"# {r['config']}: mtc {r['compute']}")
    if a.baseline_mtc_compile:
        print("| config | baseline ms/it | mtc ms/it | baseline/mtc (median of pairs) |")
        print("|---|---|---|---|")
        for r in rows:
            print(f"| {r['config']} | {fmt(r['base_ms'], '.1f')} | {r['mtc_ms']:.1f} "
                  f"| {fmt(r['speedup'], '.2f')} |")


if __name__ == "__main__":
    main()
