#!/usr/bin/python3
"""One training step of the bench's models on two builds of the mtc runtime,
runs alternating in one invocation (A, B, A, B, ...): how much a runtime
change speeds up or slows down a step, with other load hitting both alike.

  bench/train_step/ab_runtime.py --a OLD/build/lib --b NEW/build/lib \\
      [--reps 3] [--precisions fp32] [small-gpt gpt2-124m]

--a / --b are folders holding libmtc_runtime.so (e.g. a worktree of the
previous commit built with `ninja lib/libmtc_runtime.so`); each model is
compiled once per runtime with the same mtc-compile. Prints the median
ms/iteration of each and the median over pairs of A ms / B ms (> 1: B is
faster). Not a test."""
import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_train_step as bench  # noqa: E402


def parse_env(items):
    env = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not name or not eq:
            sys.exit(f"ab_runtime.py: --a-env / --b-env want NAME=VALUE, got '{item}'")
        env[name] = value
    return env


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--a", required=True, help="folder of the baseline libmtc_runtime.so")
    p.add_argument("--b", required=True, help="folder of the changed libmtc_runtime.so")
    p.add_argument("--mtc-compile", default=os.path.join(bench.ROOT, "build", "bin", "mtc-compile"))
    p.add_argument("--mtc-import", default=os.path.join(bench.ROOT, "build", "bin", "mtc-import"))
    p.add_argument("--work", default="/tmp/mtc-bench-ab-runtime")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--precisions", default="fp32")
    p.add_argument("--a-env", action="append", default=[], metavar="NAME=VALUE",
                   help="set in A's environment only")
    p.add_argument("--b-env", action="append", default=[], metavar="NAME=VALUE",
                   help="set in B's environment only (an experiment switch)")
    p.add_argument("configs", nargs="*", default=list(bench.CONFIGS))
    a = p.parse_args()
    for name in a.configs:
        if name not in bench.CONFIGS:
            sys.exit(f"ab_runtime.py: unknown configuration '{name}'")
    for lib in (a.a, a.b):
        if not os.path.isfile(os.path.join(lib, "libmtc_runtime.so")):
            sys.exit(f"ab_runtime.py: no libmtc_runtime.so in {lib}")
    os.makedirs(a.work, exist_ok=True)
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads), OPENBLAS_NUM_THREADS=str(a.threads))
    a_env, b_env = parse_env(a.a_env), parse_env(a.b_env)
    load = os.getloadavg()
    print(f"# load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}, threads {a.threads}, "
          f"{a.warmup} + {a.steps} iterations per run, {a.reps} A/B pairs", flush=True)
    print("| config | A ms/it | B ms/it | A/B |")
    print("|---|---|---|---|")
    for name in a.configs:
        model, seq, batch = bench.CONFIGS[name]
        if isinstance(model, list):
            path = os.path.join(a.work, name + ".mlir")
            subprocess.run([a.mtc_import] + model + ["--name", name, "-o", path], check=True)
        else:
            path = os.path.join(bench.ROOT, "models", model)
        for precision in a.precisions.split(","):
            programs = []
            for tag, lib, extra in (("a", a.a, a_env), ("b", a.b, b_env)):
                settings = argparse.Namespace(**vars(a))
                settings.work, settings.runtime_lib = os.path.join(a.work, tag), lib
                os.makedirs(settings.work, exist_ok=True)
                programs.append(bench.Mtc(settings, name, precision, path, seq, batch,
                                          dict(env, **extra)))
            a_ms, b_ms, ratios = [], [], []
            for rep in range(a.reps):
                ma = statistics.median(programs[0].run(str(rep)))
                mb = statistics.median(programs[1].run(str(rep)))
                a_ms.append(ma)
                b_ms.append(mb)
                ratios.append(ma / mb)
                print(f"#   {name} {precision} pair {rep + 1}: A {ma:.1f} ms, B {mb:.1f} ms",
                      flush=True)
            print(f"| {name} {precision} | {statistics.median(a_ms):.1f} "
                  f"| {statistics.median(b_ms):.1f} | {statistics.median(ratios):.3f} |",
                  flush=True)


if __name__ == "__main__":
    main()
