#!/usr/bin/python3
"""BERT on real MPI ranks (test/integration/bert).

  bert_check.py data ...      fortunes -> WordPiece, one sequence per sentence
  bert_check.py run ...       compile a layout, train on Megatron BERT samples,
                              compare both losses per step with a reference run
  bert_check.py reshard ...   save on one layout after 3 steps, resume on another:
                              iterations 4-6 are the uninterrupted run's
  bert_check.py eval ...      with dropout 0.1, a pipeline's evaluation equals one rank's
                              (evaluation runs without dropout on every layout)
  bert_check.py objective ... a GPT dataset fed to a BERT model must be refused

The model (4 layers, hidden 64, 4 heads, seq 64, dropout 0, BERT's 30522-token
vocabulary, which t=4 does not divide, so the vocabulary is padded) trains on
samples with padding, masking and swapped segments; the masked-LM and
sentence-order losses of every layout must match the one-rank run."""
import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import mpi_checks  # noqa: E402

SEQ, GLOBAL, STEPS = 64, 4, 6


def read_metrics(path):
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return {r["iteration"]: (r["lm_loss"], r["sop_loss"]) for r in rows}


def prepare_data(args):
    os.makedirs(args.workdir, exist_ok=True)
    prefix = os.path.join(args.workdir, "fortunes")
    r = mpi_checks.run([args.mtc_data, "--format", "fortune", "--input", args.fortunes,
                        "--output-prefix", prefix, "--tokenizer-type", "BertWordPieceLowerCase",
                        "--vocab-file", args.vocab_file, "--split-sentences"], 120)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"mtc-data failed (exit {r.returncode})")
    model = os.path.join(args.workdir, "bert.mlir")
    r = mpi_checks.run([args.mtc_import, "--arch", "bert", "--num-layers", "4", "--hidden-size",
                        "64", "--num-attention-heads", "4", "--seq-length", str(SEQ),
                        "--vocab-size", "30522", "--hidden-dropout", "0", "--attention-dropout",
                        "0", "-o", model], 60)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"mtc-import failed (exit {r.returncode})")


def train_command(args, binary, ranks, metrics, extra=()):
    return [*args.mpirun.split(), "-np", str(ranks), binary, "--data",
            os.path.join(args.workdir, "fortunes"), "--vocab-file", args.vocab_file,
            "--split", "949,50,1", "--steps", str(STEPS), "--global-batch", str(GLOBAL),
            "--lr", "1e-3", "--threads", "1", "--seed", "7", "--metrics", metrics, *extra]


def run_layout(args):
    out = os.path.join(args.workdir, args.name)
    mpi_checks.compile_model([args.mtc_compile, os.path.join(args.workdir, "bert.mlir"), "-o",
                              out, "--micro-batch", "1", "--global-batch", str(GLOBAL),
                              *args.layout.split()])
    ranks = 1
    for flag, value in zip(args.layout.split(), args.layout.split()[1:]):
        if flag in ("--tp", "--pp", "--dp"):
            ranks *= int(value)
    metrics = mpi_checks.fresh(os.path.join(out, "metrics.jsonl"))
    extra = []
    if args.dump_batch:
        extra = ["--dump-batch", mpi_checks.fresh(os.path.join(out, "batch.safetensors"))]
    r = mpi_checks.run(train_command(args, os.path.join(out, "train"), ranks, metrics, extra),
                       args.timeout)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training failed (exit {r.returncode})")
    got = read_metrics(metrics)
    if args.dump_batch:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                        "..", "numerics"))
        import safetensors_io  # noqa: E402
        batch, _ = safetensors_io.read(os.path.join(out, "batch.safetensors"))
        lengths, targets = batch["lengths"].ravel(), batch["targets"]
        padded = int((lengths < SEQ).sum())
        masked = int((targets >= 0).sum())
        print(f"samples with padding: {padded} of {lengths.size}; masked positions: {masked}")
        if padded == 0 or masked == 0 or set(batch["sentence_labels"].ravel()) != {0.0, 1.0}:
            sys.exit("the batches must hold padding, masked tokens and both sentence orders")
    if not args.reference:
        return
    ref = read_metrics(args.reference)
    worst = 0.0
    for it in sorted(ref):
        if it not in got:
            sys.exit(f"iteration {it} is missing from {metrics}")
        for what, a, b in zip(("lm", "sop"), ref[it], got[it]):
            rel = abs(a - b) / max(abs(a), 1e-30)
            worst = max(worst, rel)
            print(f"step {it}: {what} loss reference {a:.8f} candidate {b:.8f} rel {rel:.2e}")
            if rel > args.rtol:
                sys.exit(f"step {it}: {what} loss {b} differs from {a} by {rel:.2e}")
    print(f"max relative difference: {worst:.2e} (limit {args.rtol:g})")


def reshard(args):
    """--save on layout A (--name) for 3 of 6 steps, --load on layout B
    (--resume-on): the resumed iterations must equal the reference's."""
    ckpt = os.path.join(args.workdir, f"ckpt_{args.name}_{args.resume_on}")
    if os.path.isdir(ckpt):
        shutil.rmtree(ckpt)
    first = os.path.join(args.workdir, args.name, "reshard_first.jsonl")
    cmd = train_command(args, os.path.join(args.workdir, args.name, "train"), args.ranks,
                        mpi_checks.fresh(first), ["--save", ckpt, "--decay-steps", str(STEPS)])
    cmd[cmd.index("--steps") + 1] = str(STEPS // 2)
    r = mpi_checks.run(cmd, args.timeout)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"training before the checkpoint failed (exit {r.returncode})")
    resumed = os.path.join(args.workdir, args.resume_on, "reshard_resumed.jsonl")
    r = mpi_checks.run(train_command(args, os.path.join(args.workdir, args.resume_on, "train"),
                                     args.resume_ranks, mpi_checks.fresh(resumed),
                                     ["--load", ckpt]), args.timeout)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"resuming failed (exit {r.returncode})")
    ref, got = read_metrics(args.reference), read_metrics(resumed)
    if sorted(got) != list(range(STEPS // 2 + 1, STEPS + 1)):
        sys.exit(f"the resumed run logged iterations {sorted(got)}")
    for it in sorted(got):
        for what, a, b in zip(("lm", "sop"), ref[it], got[it]):
            rel = abs(a - b) / max(abs(a), 1e-30)
            print(f"step {it}: {what} loss uninterrupted {a:.8f} resumed {b:.8f} rel {rel:.2e}")
            if rel > args.rtol:
                sys.exit(f"step {it}: resumed {what} loss {b} differs from {a} by {rel:.2e}")


def pipeline_eval(args):
    model = os.path.join(args.workdir, "bert-dropout.mlir")
    r = mpi_checks.run([args.mtc_import, "--arch", "bert", "--num-layers", "4", "--hidden-size",
                        "64", "--num-attention-heads", "4", "--seq-length", str(SEQ),
                        "--vocab-size", "30522", "--hidden-dropout", "0.1",
                        "--attention-dropout", "0.1", "-o", model], 60)
    if r.returncode != 0:
        sys.exit(f"mtc-import failed: {r.stdout}")
    valid = {}
    for name, ranks, layout in (("eval_p1", 1, []), ("eval_p2", 2, ["--pp", "2"])):
        out = os.path.join(args.workdir, name)
        mpi_checks.compile_model([args.mtc_compile, model, "-o", out, "--micro-batch", "1",
                                  "--global-batch", str(GLOBAL), *layout])
        metrics = mpi_checks.fresh(os.path.join(out, "metrics.jsonl"))
        cmd = train_command(args, os.path.join(out, "train"), ranks, metrics,
                            ["--eval-interval", "2", "--eval-iters", "2"])
        cmd[cmd.index("--steps") + 1] = "2"
        r = mpi_checks.run(cmd, args.timeout)
        print(r.stdout)
        if r.returncode != 0:
            sys.exit(f"training {name} failed (exit {r.returncode})")
        with open(metrics) as f:
            rows = [json.loads(line) for line in f if "valid_loss" in line]
        valid[name] = (rows[-1]["valid_loss"], rows[-1]["valid_sop_loss"])
    for what, a, b in zip(("lm", "sop"), valid["eval_p1"], valid["eval_p2"]):
        rel = abs(a - b) / max(abs(a), 1e-30)
        print(f"valid {what} loss: one rank {a:.8f}, pipeline {b:.8f}, rel {rel:.2e}")
        if rel > args.rtol:
            sys.exit(f"the pipeline's validation {what} loss {b} differs from {a} by {rel:.2e}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=["data", "run", "reshard", "eval", "objective"])
    mpi_checks.tool_arguments(ap)
    ap.add_argument("--mtc-data")
    ap.add_argument("--fortunes", default="/usr/share/games/fortunes/fortunes")
    ap.add_argument("--vocab-file", required=True)
    ap.add_argument("--name", default="run")
    ap.add_argument("--layout", default="")
    ap.add_argument("--reference")
    ap.add_argument("--dump-batch", action="store_true")
    ap.add_argument("--rtol", type=float, default=1e-5)
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--ranks", type=int, default=1, help="reshard: ranks of --name's layout")
    ap.add_argument("--resume-on", help="reshard: the layout (a run's --name) that resumes")
    ap.add_argument("--resume-ranks", type=int, default=1)
    args = ap.parse_args()
    if args.command == "data":
        prepare_data(args)
    elif args.command == "run":
        run_layout(args)
    elif args.command == "reshard":
        reshard(args)
    elif args.command == "eval":
        pipeline_eval(args)
    else:
        # GPT-2 data (ids up to 50256) for a BERT model: refused when opened, never
        # read as next-token targets.
        out = os.path.join(args.workdir, "objective")
        mpi_checks.compile_model([args.mtc_compile, os.path.join(args.workdir, "bert.mlir"),
                                  "-o", out, "--micro-batch", "1"])
        gpt = os.path.join(args.workdir, "gpt-fortunes")
        r = mpi_checks.run([args.mtc_data, "--format", "fortune", "--input", args.fortunes,
                            "--output-prefix", gpt], 120)
        if r.returncode != 0:
            sys.exit(f"mtc-data failed: {r.stdout}")
        cmd = [os.path.join(out, "train"), "--data", gpt, "--vocab-file", args.vocab_file,
               "--steps", "1", "--global-batch", "1"]
        mpi_checks.expect_error(cmd, r"is not an id of the vocabulary .*vocab\.txt' \[0, 30522\)",
                                1, 60)
        # WordPiece ids, but one sequence per document: no sentence pairs to make.
        whole = os.path.join(args.workdir, "bert-documents")
        r = mpi_checks.run([args.mtc_data, "--format", "fortune", "--input", args.fortunes,
                            "--tokenizer-type", "BertWordPieceLowerCase", "--vocab-file",
                            args.vocab_file, "--output-prefix", whole], 120)
        if r.returncode != 0:
            sys.exit(f"mtc-data failed: {r.stdout}")
        mpi_checks.expect_error([cmd[0], "--data", whole, *cmd[3:]],
                                r"hold no BERT sample .*write one sequence per sentence", 1, 60)
        # BERT samples need the vocabulary's special ids.
        mpi_checks.expect_error([cmd[0], "--data", gpt, "--steps", "1"],
                                "give --vocab-file vocab.txt", 1, 60)


if __name__ == "__main__":
    main()
