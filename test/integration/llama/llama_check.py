#!/usr/bin/python3
"""LLaMA-family training on real MPI ranks (test/integration/llama).

  llama_check.py data ...     fortunes -> GPT-2 BPE, and the model
  llama_check.py run ...      compile a layout, train, compare the loss of every
                              step with a reference run's
  llama_check.py reshard ...  save on one layout after 3 steps, resume on another:
                              iterations 4-6 are the uninterrupted run's

The model has what makes a LLaMA: RMSNorm, rotary positions, SwiGLU, no biases,
an output layer of its own, and grouped-query attention (8 query heads in 4
key/value groups, so t=2 and t=4 both split whole groups and a group's two
query heads share one key and value). GPT-2's vocabulary of 50257, which t=2
does not divide, is padded in the embedding and in the output layer alike.
Dropout is 0, so every layout must give the one-rank losses.

With --moe the model is a Mixtral-style mixture of experts (every MLP 8
SwiGLU experts of 176, top-2, load-balancing coefficient 0.01; docs/moe.md):
every layout, expert parallelism included, must give the one-rank LM and
load-balancing losses."""
import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import mpi_checks  # noqa: E402

SEQ, GLOBAL, STEPS = 64, 4, 6
MOE_FLAGS = ["--num-experts", "8", "--moe-router-topk", "2", "--moe-aux-loss-coeff", "0.01"]


def model_path(args):
    return os.path.join(args.workdir, "moe.mlir" if args.moe else "llama.mlir")


def global_batch(args):
    # ep = 8 needs d = 8 data ranks.
    return 8 if args.moe else GLOBAL


def prepare(args):
    os.makedirs(args.workdir, exist_ok=True)
    r = mpi_checks.run([args.mtc_data, "--format", "fortune", "--append-eod", "--input", args.fortunes,
                        "--output-prefix", os.path.join(args.workdir, "fortunes")], 120)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"mtc-data failed (exit {r.returncode})")
    r = mpi_checks.run([args.mtc_import, "--arch", "llama", "--num-layers", "4",
                        "--hidden-size", "64", "--num-attention-heads", "8",
                        "--group-query-attention", "--num-query-groups", "4",
                        "--ffn-hidden-size", "176", "--untie-embeddings-and-output-weights",
                        "--seq-length", str(SEQ), "--vocab-size", "50257", "--name",
                        "llama-check", *(MOE_FLAGS if args.moe else []),
                        "-o", model_path(args)], 60)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"mtc-import failed (exit {r.returncode})")


def ranks_of(layout):
    ranks = 1
    words = layout.split()
    for flag, value in zip(words, words[1:]):
        if flag in ("--tp", "--pp", "--dp"):
            ranks *= int(value)
    return ranks


def train_command(args, name, ranks, metrics, extra=()):
    return [*args.mpirun.split(), "-np", str(ranks), os.path.join(args.workdir, name, "train"),
            "--data", os.path.join(args.workdir, "fortunes"), "--split", "949,50,1",
            "--steps", str(STEPS), "--global-batch", str(global_batch(args)), "--lr", "1e-3",
            "--decay-steps", str(STEPS), "--threads", "1", "--seed", "7",
            "--metrics", metrics, *extra]


def run_layout(args):
    out = os.path.join(args.workdir, args.name)
    mpi_checks.compile_model([args.mtc_compile, model_path(args), "-o",
                              out, "--micro-batch", "1", "--global-batch", str(global_batch(args)),
                              *args.layout.split()])
    metrics = mpi_checks.fresh(os.path.join(out, "metrics.jsonl"))
    r = mpi_checks.run(train_command(args, args.name, ranks_of(args.layout), metrics),
                       args.timeout)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training failed (exit {r.returncode})")
    got = mpi_checks.losses(metrics)
    if sorted(got) != list(range(1, STEPS + 1)):
        sys.exit(f"expected iterations 1-{STEPS}, got {sorted(got)}")
    if got[STEPS] >= got[1]:
        sys.exit(f"the loss did not go down: {got[1]} -> {got[STEPS]}")
    if args.reference:
        mpi_checks.compare(args.reference, metrics, args.rtol, STEPS)


def reshard(args):
    ckpt = os.path.join(args.workdir, f"ckpt_{args.name}_{args.resume_on}")
    if os.path.isdir(ckpt):
        shutil.rmtree(ckpt)
    first = mpi_checks.fresh(os.path.join(args.workdir, args.name, "reshard_first.jsonl"))
    cmd = train_command(args, args.name, args.ranks, first, ["--save", ckpt])
    cmd[cmd.index("--steps") + 1] = str(STEPS // 2)
    r = mpi_checks.run(cmd, args.timeout)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training before the checkpoint failed (exit {r.returncode})")
    resumed = mpi_checks.fresh(os.path.join(args.workdir, args.resume_on,
                                            "reshard_resumed.jsonl"))
    r = mpi_checks.run(train_command(args, args.resume_on, args.resume_ranks, resumed,
                                     ["--load", ckpt]), args.timeout)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"resuming failed (exit {r.returncode})")
    if sorted(mpi_checks.losses(resumed)) != list(range(STEPS // 2 + 1, STEPS + 1)):
        sys.exit(f"the resumed run logged iterations {sorted(mpi_checks.losses(resumed))}")
    mpi_checks.compare(args.reference, resumed, args.rtol, STEPS - STEPS // 2)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["data", "run", "reshard"])
    mpi_checks.tool_arguments(ap)
    ap.add_argument("--mtc-data")
    ap.add_argument("--fortunes", default="/usr/share/games/fortunes/fortunes")
    ap.add_argument("--name", default="run")
    ap.add_argument("--layout", default="")
    ap.add_argument("--reference")
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--ranks", type=int, default=1, help="reshard: ranks of --name's layout")
    ap.add_argument("--resume-on", help="reshard: the layout (a run's --name) that resumes")
    ap.add_argument("--resume-ranks", type=int, default=1)
    ap.add_argument("--moe", action="store_true",
                    help="the mixture-of-experts model (data: write it; run, reshard: train it)")
    args = ap.parse_args()
    {"data": prepare, "run": run_layout, "reshard": reshard}[args.command](args)


if __name__ == "__main__":
    main()
